import type { FlowEdge, FlowNode } from '@flowloom/shared';

/** Nodes whose outputs are branches: only the fulfilled ones are followed. */
export const DECISION_NODES = new Set([
  'conditionAgentflow',
  'conditionAgentAgentflow',
  'humanInputAgentflow',
]);

export interface AgentGraph {
  /** Outgoing edges per node, in edge order. */
  children: ReadonlyMap<string, FlowEdge[]>;
  /** Sources of each node's incoming edges (the trace's `previousNodeIds`). */
  parents: ReadonlyMap<string, string[]>;
  /** Nodes without incoming edges. */
  roots: string[];
  /**
   * Whether `target` may run now that the sources in `arrived` delivered. Inputs that come from
   * below a decision node form one group per decision: any one of them is enough, as long as no
   * other source of that group is still queued. Every other input is required.
   */
  isReady(target: string, arrived: ReadonlySet<string>, queue: readonly string[]): boolean;
}

export function buildGraph(nodes: readonly FlowNode[], edges: readonly FlowEdge[]): AgentGraph {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const children = new Map<string, FlowEdge[]>();
  const parents = new Map<string, string[]>();
  for (const edge of edges) {
    if (!byId.has(edge.source) || !byId.has(edge.target)) continue;
    (children.get(edge.source) ?? children.set(edge.source, []).get(edge.source)!).push(edge);
    (parents.get(edge.target) ?? parents.set(edge.target, []).get(edge.target)!).push(edge.source);
  }
  const roots = nodes.filter((n) => !parents.has(n.id)).map((n) => n.id);

  const groupCache = new Map<string, string | null>();
  /** The decision node above `source` (following first parents), or null when there is none. */
  function groupOf(source: string): string | null {
    if (groupCache.has(source)) return groupCache.get(source)!;
    const seen = new Set<string>();
    let current: string | undefined = source;
    let group: string | null = null;
    while (current && !seen.has(current)) {
      seen.add(current);
      if (DECISION_NODES.has(byId.get(current)?.data.name ?? '')) {
        group = current;
        break;
      }
      current = parents.get(current)?.[0];
    }
    groupCache.set(source, group);
    return group;
  }

  return {
    children,
    parents,
    roots,
    isReady(target, arrived, queue) {
      const groups = new Map<string, string[]>();
      for (const source of new Set(parents.get(target) ?? [])) {
        const group = groupOf(source);
        if (group === null) {
          if (!arrived.has(source)) return false;
        } else {
          (groups.get(group) ?? groups.set(group, []).get(group)!).push(source);
        }
      }
      for (const sources of groups.values()) {
        if (!sources.some((s) => arrived.has(s))) return false;
        if (sources.some((s) => !arrived.has(s) && queue.includes(s))) return false;
      }
      return true;
    },
  };
}
