import type { ArrayChange } from '../../canvas/inputs/paramEditorProps';
import {
  agentEdgeId,
  edgeLabelFor,
  handleIndex,
  indexedHandleId,
  outputAnchorsOf,
  rowOutputs,
  rowsOf,
} from './handles';
import type { AgentDocument, AgentEdge, AgentNode } from './types';

/**
 * Where the edges of an indexed output go after its rows changed from `before` to `after` rows
 * (AGENTFLOW_V2.md §4.1, scenario 16): the removed row's edges are dropped (null), later rows'
 * edges follow their rows (index - 1), and Else stays last. Without a known removal, rows keep
 * their index and only Else moves.
 */
export function remapRowIndex(
  index: number,
  before: number,
  after: number,
  withElse: boolean,
  change?: ArrayChange,
): number | null {
  const removed = change?.removedIndex;
  if (removed !== undefined && after === before - 1) {
    if (index === removed) return null;
    return index > removed ? index - 1 : index;
  }
  if (withElse && index === before) return after;
  return index < after ? index : null;
}

/** Re-points the edges leaving `node`'s indexed outputs after its rows changed. */
function remapEdges(
  edges: readonly AgentEdge[],
  node: AgentNode,
  before: number,
  after: number,
  withElse: boolean,
  change?: ArrayChange,
): AgentEdge[] {
  let changed = false;
  const next: AgentEdge[] = [];
  for (const edge of edges) {
    const index = edge.source === node.id ? handleIndex(node.id, edge.sourceHandle) : -1;
    if (index < 0) {
      next.push(edge);
      continue;
    }
    const moved = remapRowIndex(index, before, after, withElse, change);
    if (moved === index) {
      next.push(edge);
      continue;
    }
    changed = true;
    if (moved === null) continue;
    const sourceHandle = indexedHandleId(node.id, moved);
    const edgeLabel = edgeLabelFor(node.data.name, node.id, sourceHandle);
    next.push({
      ...edge,
      sourceHandle,
      id: agentEdgeId({ ...edge, sourceHandle }),
      data: { ...edge.data, ...(edgeLabel !== undefined && { edgeLabel }) },
    });
  }
  return changed ? next : (edges as AgentEdge[]);
}

/**
 * Sets input values of one node. When the rows its outputs follow change (condition rows,
 * scenarios) the anchors are rebuilt and the edges re-mapped, so each edge stays on its row.
 */
export function setAgentInputs(
  doc: AgentDocument,
  nodeId: string,
  values: Record<string, unknown>,
  change?: ArrayChange,
): AgentDocument {
  const node = doc.nodes.find((item) => item.id === nodeId);
  if (!node) return doc;
  const same = Object.entries(values).every(([name, value]) => Object.is(node.data.inputs[name], value));
  if (same) return doc;
  const data = { ...node.data, inputs: { ...node.data.inputs, ...values } };
  const rows = rowOutputs(node.data.name);
  let edges = doc.edges;
  if (rows && rows.param in values) {
    const before = rowsOf(node.data.inputs[rows.param]).length;
    const after = rowsOf(values[rows.param]).length;
    data.outputAnchors = outputAnchorsOf(data);
    if (before !== after) edges = remapEdges(doc.edges, node, before, after, rows.withElse, change);
  }
  return {
    nodes: doc.nodes.map((item) => (item.id === nodeId ? { ...item, data } : item)),
    edges,
  };
}

/** Renames a node (labels are kept unique by the caller). */
export function setAgentLabel(doc: AgentDocument, nodeId: string, label: string): AgentDocument {
  return {
    ...doc,
    nodes: doc.nodes.map((node) => (node.id === nodeId ? { ...node, data: { ...node.data, label } } : node)),
  };
}

/** Removes edges by id. */
export function removeAgentEdges(doc: AgentDocument, edgeIds: Iterable<string>): AgentDocument {
  const ids = new Set(edgeIds);
  const edges = doc.edges.filter((edge) => !ids.has(edge.id));
  return edges.length === doc.edges.length ? doc : { ...doc, edges };
}

/** Removes nodes (an Iteration with its children) and their edges. */
export function removeAgentNodes(doc: AgentDocument, nodeIds: Iterable<string>): AgentDocument {
  const ids = new Set(nodeIds);
  if (ids.size === 0) return doc;
  for (const node of doc.nodes) if (node.parentId && ids.has(node.parentId)) ids.add(node.id);
  return {
    nodes: doc.nodes.filter((node) => !ids.has(node.id)),
    edges: doc.edges.filter((edge) => !ids.has(edge.source) && !ids.has(edge.target)),
  };
}
