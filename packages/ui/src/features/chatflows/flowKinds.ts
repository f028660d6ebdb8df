import { parseFlowData, type ChatflowType } from '@flowloom/shared';

/** The flow types with a list page: chatflows, agentflows (V2) and V1 agentflows (Sequential Agents). */
export type ListedFlowType = 'CHATFLOW' | 'AGENTFLOW' | 'MULTIAGENT';

export interface FlowKind {
  type: ListedFlowType;
  title: string;
  noun: string;
  description: string;
  /** Permission prefix: `chatflows` or `agentflows`. */
  resource: 'chatflows' | 'agentflows';
  newPath: string;
  openPath: (id: string) => string;
}

export const FLOW_KINDS: Record<ListedFlowType, FlowKind> = {
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
  MULTIAGENT: {
    type: 'MULTIAGENT',
    title: 'Agentflows',
    noun: 'agentflow',
    description: 'Sequential agents and supervisor teams (V1 agentflows).',
    resource: 'agentflows',
    newPath: '/agentcanvas',
    openPath: (id) => `/agentcanvas/${id}`,
  },
};

/** Where the Agentflows page remembers whether it lists V2 or V1 flows (Flowise's key). */
export const AGENTFLOW_VERSION_KEY = 'agentFlowVersion';

export function isFlowListType(type: ChatflowType): type is ListedFlowType {
  return type === 'CHATFLOW' || type === 'AGENTFLOW' || type === 'MULTIAGENT';
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
