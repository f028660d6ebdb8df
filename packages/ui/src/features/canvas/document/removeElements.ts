import { handleInputName, nodeReference } from './handles';
import type { CanvasEdge, CanvasNode, FlowDocument } from './types';

/** The value an input holds once the edge from `sourceId` is gone (Flowise's rules, §2.4). */
function disconnectedValue(
  node: CanvasNode,
  inputs: Record<string, unknown>,
  inputName: string,
  sourceId: string,
): unknown {
  const reference = nodeReference(sourceId);
  const current = inputs[inputName];
  const anchor = node.data.inputAnchors.find((item) => item.name === inputName);
  const param = node.data.inputParams.find((item) => item.name === inputName);
  if (anchor?.list) return Array.isArray(current) ? current.filter((item) => item !== reference) : '';
  if (param?.acceptVariable) return typeof current === 'string' ? current.split(reference).join('') : '';
  return '';
}

/** Whether `edge` and `other` join the same two nodes through the same input. */
function sameLink(edge: CanvasEdge, other: CanvasEdge): boolean {
  return (
    edge.source === other.source &&
    edge.target === other.target &&
    handleInputName(edge.targetHandle ?? '') === handleInputName(other.targetHandle ?? '')
  );
}

/**
 * Clears the target inputs that `removed` edges filled. An input still reached from the same
 * node by a `remaining` edge (two condition branches into one list input) keeps its reference.
 */
function clearTargets(
  nodes: CanvasNode[],
  removed: readonly CanvasEdge[],
  remaining: readonly CanvasEdge[],
): CanvasNode[] {
  const cleared = removed.filter((edge) => !remaining.some((other) => sameLink(edge, other)));
  if (cleared.length === 0) return nodes;
  const byTarget = new Map<string, CanvasEdge[]>();
  for (const edge of cleared) byTarget.set(edge.target, [...(byTarget.get(edge.target) ?? []), edge]);
  return nodes.map((node) => {
    const edges = byTarget.get(node.id);
    if (!edges) return node;
    const inputs = { ...node.data.inputs };
    for (const edge of edges) {
      const name = handleInputName(edge.targetHandle ?? '');
      inputs[name] = disconnectedValue(node, inputs, name, edge.source);
    }
    return { ...node, data: { ...node.data, inputs } };
  });
}

/** Removes edges by id and clears the inputs they filled. */
export function removeEdges(doc: FlowDocument, edgeIds: Iterable<string>): FlowDocument {
  const ids = new Set(edgeIds);
  const removed = doc.edges.filter((edge) => ids.has(edge.id));
  if (removed.length === 0) return doc;
  const edges = doc.edges.filter((edge) => !ids.has(edge.id));
  return { nodes: clearTargets(doc.nodes, removed, edges), edges };
}

/** Removes nodes with their edges; inputs of the remaining nodes that those edges filled are cleared. */
export function removeNodes(doc: FlowDocument, nodeIds: Iterable<string>): FlowDocument {
  const ids = new Set(nodeIds);
  if (ids.size === 0) return doc;
  const remaining = doc.nodes.filter((node) => !ids.has(node.id));
  const removedEdges = doc.edges.filter((edge) => ids.has(edge.source) || ids.has(edge.target));
  const edges = doc.edges.filter((edge) => !ids.has(edge.source) && !ids.has(edge.target));
  return { nodes: clearTargets(remaining, removedEdges, edges), edges };
}

interface Selectable {
  nodes: readonly { id: string; selected?: boolean }[];
  edges: readonly { id: string; selected?: boolean }[];
}

/** Removes whatever is selected (edges, then nodes with their edges) by a canvas's own rules. */
export function removeSelectedWith<D extends Selectable>(
  rules: {
    removeNodes: (doc: D, nodeIds: Iterable<string>) => D;
    removeEdges: (doc: D, edgeIds: Iterable<string>) => D;
  },
  doc: D,
): D {
  const withoutEdges = rules.removeEdges(
    doc,
    doc.edges.filter((edge) => edge.selected).map((edge) => edge.id),
  );
  return rules.removeNodes(
    withoutEdges,
    withoutEdges.nodes.filter((node) => node.selected).map((node) => node.id),
  );
}

/** Removes whatever is selected on the chatflow canvas: nodes (with their edges) and edges. */
export function removeSelected(doc: FlowDocument): FlowDocument {
  return removeSelectedWith({ removeNodes, removeEdges }, doc);
}
