/**
 * Every node with a path of edges to `nodeId`, nearest first (breadth-first over incoming edges),
 * the node itself left out. Any canvas's document: only ids and edge ends are read.
 */
export function nodesUpstream<N extends { id: string }>(
  doc: { nodes: readonly N[]; edges: readonly { source: string; target: string }[] },
  nodeId: string,
): N[] {
  const byId = new Map(doc.nodes.map((node) => [node.id, node]));
  const sources = new Map<string, string[]>();
  for (const edge of doc.edges) sources.set(edge.target, [...(sources.get(edge.target) ?? []), edge.source]);
  const seen = new Set<string>([nodeId]);
  const found: N[] = [];
  let frontier = [nodeId];
  while (frontier.length > 0) {
    const next: string[] = [];
    for (const id of frontier)
      for (const source of sources.get(id) ?? []) {
        if (seen.has(source)) continue;
        seen.add(source);
        next.push(source);
        const node = byId.get(source);
        if (node) found.push(node);
      }
    frontier = next;
  }
  return found;
}
