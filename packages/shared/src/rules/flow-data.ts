/** Reading stored flow JSON and naming new nodes (SPEC §4–5). */

/** The nodes and edges of a flow; items are left unchecked for the caller to narrow. */
export interface ParsedFlowData {
  nodes: unknown[];
  edges: unknown[];
}

/**
 * Parses a chatflow's `flowData` text. Invalid text yields empty lists (SPEC §5) instead of
 * throwing, so a damaged flow still opens as an empty canvas. Each list is checked on its own:
 * a flow whose `edges` is missing keeps its nodes. Other top-level keys (`viewport`…) are dropped.
 */
export function parseFlowData(text: string | null | undefined): ParsedFlowData {
  if (!text) return { nodes: [], edges: [] };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { nodes: [], edges: [] };
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return { nodes: [], edges: [] };
  const { nodes, edges } = parsed as Record<string, unknown>;
  return { nodes: Array.isArray(nodes) ? nodes : [], edges: Array.isArray(edges) ? edges : [] };
}

/**
 * Id for a new node: the node name plus the lowest free index starting at 0 (SPEC §4), e.g.
 * `llmChain_0`, then `llmChain_1`. A gap left by a deleted node is reused, so ids stay short.
 */
export function nextNodeId(name: string, existingIds: readonly string[]): string {
  const taken = new Set(existingIds);
  let index = 0;
  while (taken.has(`${name}_${index}`)) index += 1;
  return `${name}_${index}`;
}
