import type { FlowData, FlowEdge, FlowNode } from '@flowloom/shared';
import { FlowValidationError, NodeUnavailableError } from './errors.js';
import type { NodeType } from './node-type.js';

export type NodeRegistry = ReadonlyMap<string, NodeType>;

export function isStickyNote(node: FlowNode): boolean {
  return node.type === 'stickyNote' || node.data?.name === 'stickyNote';
}

/** Input name of an edge's target handle: `{nodeId}-input-{name}-{Type}`. */
export function targetInputName(edge: FlowEdge): string | undefined {
  return edge.targetHandle?.split('-')[2];
}

/** Output name of an edge's source handle: `{nodeId}-output-{name}-{Types}`. */
export function sourceOutputName(edge: FlowEdge): string | undefined {
  const prefix = `${edge.source}-output-`;
  const handle = edge.sourceHandle;
  if (!handle?.startsWith(prefix)) return handle?.split('-')[2];
  return handle.slice(prefix.length).split('-')[0];
}

export interface Graph {
  nodes: FlowNode[];
  byId: ReadonlyMap<string, FlowNode>;
  indexOf: ReadonlyMap<string, number>;
  outgoing: ReadonlyMap<string, FlowEdge[]>;
  incoming: ReadonlyMap<string, FlowEdge[]>;
}

/**
 * A flow's nodes, sticky notes left out, and the edges between them. Throws
 * {@link NodeUnavailableError} when a node's type is not in the registry.
 */
export function graphOf(flow: FlowData, registry: NodeRegistry): Graph {
  const nodes = flow.nodes.filter((n) => !isStickyNote(n));
  const unavailable = nodes.filter((n) => !registry.has(n.data?.name));
  if (unavailable.length > 0)
    throw new NodeUnavailableError(
      unavailable.map((n) => ({ id: n.id, name: n.data?.name ?? '?', label: n.data?.label ?? n.id })),
    );
  const ids = new Set(nodes.map((n) => n.id));
  const edges = flow.edges.filter((e) => ids.has(e.source) && ids.has(e.target));
  const outgoing = new Map<string, FlowEdge[]>();
  const incoming = new Map<string, FlowEdge[]>();
  for (const edge of edges) {
    (outgoing.get(edge.source) ?? outgoing.set(edge.source, []).get(edge.source)!).push(edge);
    (incoming.get(edge.target) ?? incoming.set(edge.target, []).get(edge.target)!).push(edge);
  }
  return {
    nodes,
    byId: new Map(nodes.map((n) => [n.id, n])),
    indexOf: new Map(nodes.map((n, i) => [n.id, i])),
    outgoing,
    incoming,
  };
}

/** The ancestors of `targets` (but `skip`) in a stable build order: Kahn's, by position in the file. */
export function buildOrder(
  targets: string | readonly string[],
  graph: Graph,
  skip: ReadonlySet<string> = new Set(),
): string[] {
  const needed = new Set<string>();
  const stack = typeof targets === 'string' ? [targets] : [...targets];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (needed.has(id) || skip.has(id)) continue;
    needed.add(id);
    for (const edge of graph.incoming.get(id) ?? []) stack.push(edge.source);
  }
  const remaining = new Map(
    [...needed].map((id) => [id, (graph.incoming.get(id) ?? []).filter((e) => needed.has(e.source)).length]),
  );
  const order: string[] = [];
  const ready = [...remaining].filter(([, n]) => n === 0).map(([id]) => id);
  while (ready.length > 0) {
    ready.sort((a, b) => graph.indexOf.get(a)! - graph.indexOf.get(b)!);
    const id = ready.shift()!;
    order.push(id);
    for (const edge of graph.outgoing.get(id) ?? []) {
      if (!remaining.has(edge.target)) continue;
      const left = remaining.get(edge.target)! - 1;
      remaining.set(edge.target, left);
      if (left === 0) ready.push(edge.target);
    }
  }
  if (order.length < needed.size) {
    const stuck = [...needed].filter((id) => !order.includes(id)).map((id) => graph.byId.get(id)!.data.label);
    throw new FlowValidationError([`the flow has a loop between ${stuck.join(', ')}`]);
  }
  return order;
}
