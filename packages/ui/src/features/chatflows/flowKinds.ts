import { parseFlowData, type ChatflowType } from '@flowloom/shared';

export interface FlowKind {
  type: 'CHATFLOW' | 'AGENTFLOW';
  title: string;
  noun: string;
  description: string;
  /** Permission prefix: `chatflows` or `agentflows`. */
  resource: 'chatflows' | 'agentflows';
  newPath: string;
  openPath: (id: string) => string;
}

export const FLOW_KINDS: Record<'CHATFLOW' | 'AGENTFLOW', FlowKind> = {
  CHATFLOW: {
    type: 'CHATFLOW',
    title: 'Chatflows',
    noun: 'chatflow',
    description: 'Build single-agent systems, chatbots and simple LLM flows.',
    resource: 'chatflows',
    newPath: '/canvas',
    openPath: (id) => `/canvas/${id}`,
  },
  AGENTFLOW: {
    type: 'AGENTFLOW',
    title: 'Agentflows',
    noun: 'agentflow',
    description: 'Multi-agent systems and workflow orchestration.',
    resource: 'agentflows',
    newPath: '/v2/agentcanvas',
    openPath: (id) => `/v2/agentcanvas/${id}`,
  },
};

export function isFlowListType(type: ChatflowType): type is 'CHATFLOW' | 'AGENTFLOW' {
  return type === 'CHATFLOW' || type === 'AGENTFLOW';
}

/** Node labels of a flow (for the card preview); unreadable flow data yields an empty list. */
export function flowNodeLabels(flowData: string | null | undefined): string[] {
  return parseFlowData(flowData).nodes.flatMap((node: unknown) => {
    const data = (node as { data?: { label?: unknown; name?: unknown } } | null)?.data;
    const label = data?.label ?? data?.name;
    return typeof label === 'string' ? [label] : [];
  });
}

/** Case-insensitive match on name, category or id. */
export function matchesFlowSearch(
  flow: { name: string; category: string | null; id: string },
  search: string,
): boolean {
  const q = search.trim().toLowerCase();
  if (!q) return true;
  return (
    flow.name.toLowerCase().includes(q) ||
    (flow.category ?? '').toLowerCase().includes(q) ||
    flow.id.toLowerCase().includes(q)
  );
}
