import { agentEdgeId, edgeLabelFor } from './handles';
import { HUMAN_INPUT_NODE, START_NODE, type AgentDocument, type AgentEdge } from './types';

export interface AgentConnection {
  source: string;
  sourceHandle: string | null;
  target: string;
  targetHandle: string | null;
}

export type AgentConnectionDecision = { ok: true } | { ok: false; reason: string };

/** Whether `to` can already be reached from `from` along the edges (so `to → from` closes a cycle). */
function reaches(edges: readonly AgentEdge[], from: string, to: string): boolean {
  const stack = [from];
  const seen = new Set<string>();
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (id === to) return true;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const edge of edges) if (edge.source === id) stack.push(edge.target);
  }
  return false;
}

/**
 * The v2 canvas rules (AGENTFLOW_V2.md §0.1): no self-connection, the input handle is the node
 * id, Start and sticky notes take no input, no duplicate edge, and no cycle (loops go through
 * the Loop node).
 */
export function checkAgentConnection(
  doc: AgentDocument,
  connection: AgentConnection,
): AgentConnectionDecision {
  const { source, target } = connection;
  if (source === target) return { ok: false, reason: 'A node cannot connect to itself.' };
  const targetNode = doc.nodes.find((node) => node.id === target);
  const sourceNode = doc.nodes.find((node) => node.id === source);
  if (!targetNode || !sourceNode) return { ok: false, reason: 'That node no longer exists.' };
  if (targetNode.data.name === START_NODE || targetNode.data.hideInput || targetNode.type === 'stickyNote')
    return { ok: false, reason: `${targetNode.data.label} takes no input.` };
  if (connection.targetHandle !== null && connection.targetHandle !== target)
    return { ok: false, reason: 'Connect to the node’s input handle.' };
  if (doc.edges.some((edge) => edge.id === agentEdgeId({ ...connection, targetHandle: target })))
    return { ok: false, reason: 'These nodes are already connected.' };
  if (reaches(doc.edges, target, source))
    return { ok: false, reason: 'This connection would create a loop. Use a Loop node to go back.' };
  return { ok: true };
}

/** Adds the edge of an accepted connection, labelled and coloured as Flowise saves it. */
export function connectAgentNodes(doc: AgentDocument, connection: AgentConnection): AgentDocument {
  if (!checkAgentConnection(doc, connection).ok) return doc;
  const sourceNode = doc.nodes.find((node) => node.id === connection.source)!;
  const targetNode = doc.nodes.find((node) => node.id === connection.target)!;
  const edgeLabel = edgeLabelFor(sourceNode.data.name, sourceNode.id, connection.sourceHandle);
  const sameIteration = !!sourceNode.parentId && sourceNode.parentId === targetNode.parentId;
  const edge: AgentEdge = {
    id: agentEdgeId({ ...connection, targetHandle: connection.target }),
    source: connection.source,
    sourceHandle: connection.sourceHandle,
    target: connection.target,
    targetHandle: connection.target,
    type: 'agentFlow',
    data: {
      sourceColor: sourceNode.data.color,
      targetColor: targetNode.data.color,
      ...(edgeLabel !== undefined && { edgeLabel }),
      isHumanInput: sourceNode.data.name === HUMAN_INPUT_NODE,
    },
    ...(sameIteration && { zIndex: 9999 }),
  };
  return { ...doc, edges: [...doc.edges, edge] };
}
