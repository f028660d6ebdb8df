import { nextNodeId, type NodeDefinition, type OutputAnchor } from '@flowloom/shared';
import { createNode } from './createNode';
import { removeEdges } from './removeElements';
import type { CanvasNode, CanvasNodeData, FlowDocument } from './types';

function mapNode(
  doc: FlowDocument,
  nodeId: string,
  change: (data: CanvasNodeData) => CanvasNodeData,
): FlowDocument {
  let changed = false;
  const nodes = doc.nodes.map((node) => {
    if (node.id !== nodeId) return node;
    const data = change(node.data);
    if (data === node.data) return node;
    changed = true;
    return { ...node, data };
  });
  return changed ? { ...doc, nodes } : doc;
}

/** Sets input values of one node; unchanged values leave the document as it is. */
export function setNodeInputs(
  doc: FlowDocument,
  nodeId: string,
  values: Record<string, unknown>,
): FlowDocument {
  return mapNode(doc, nodeId, (data) => {
    const same = Object.entries(values).every(([name, value]) => Object.is(data.inputs[name], value));
    return same ? data : { ...data, inputs: { ...data.inputs, ...values } };
  });
}

/** Sets the credential row a node uses (`data.credential`). */
export function setNodeCredential(doc: FlowDocument, nodeId: string, credentialId: string): FlowDocument {
  return mapNode(doc, nodeId, (data) =>
    data.credential === credentialId ? data : { ...data, credential: credentialId },
  );
}

/** Renames a node's display label. */
export function setNodeLabel(doc: FlowDocument, nodeId: string, label: string): FlowDocument {
  return mapNode(doc, nodeId, (data) => (data.label === label ? data : { ...data, label }));
}

/**
 * Chooses the output of a multi-output node (`data.outputs[anchorName]`, normally `output`).
 * Edges leaving from the previously chosen output no longer have a handle, so they are removed
 * and the inputs they filled cleared.
 */
export function setNodeOutput(
  doc: FlowDocument,
  nodeId: string,
  outputName: string,
  anchorName = 'output',
): FlowDocument {
  const node = doc.nodes.find((item) => item.id === nodeId);
  const anchor = node?.data.outputAnchors.find((item) => item.name === anchorName);
  if (!node || !anchor || node.data.outputs[anchorName] === outputName) return doc;
  const otherHandles = new Set(
    (anchor.options ?? []).filter((option) => option.name !== outputName).map((option) => option.id),
  );
  const stale = doc.edges
    .filter((edge) => edge.source === nodeId && otherHandles.has(edge.sourceHandle ?? ''))
    .map((edge) => edge.id);
  const withOutput = mapNode(doc, nodeId, (data) => ({
    ...data,
    outputs: { ...data.outputs, [anchorName]: outputName },
  }));
  return removeEdges(withOutput, stale);
}

/** Adds a node of `definition` at `position` with the next free id; returns the new document and id. */
export function addNode(
  doc: FlowDocument,
  definition: NodeDefinition,
  position: { x: number; y: number },
): { doc: FlowDocument; node: CanvasNode } {
  const id = nextNodeId(
    definition.name,
    doc.nodes.map((node) => node.id),
  );
  const node = { ...createNode(definition, id, position), selected: true };
  return {
    node,
    doc: {
      nodes: [...doc.nodes.map((item) => (item.selected ? { ...item, selected: false } : item)), node],
      edges: doc.edges,
    },
  };
}

/** The output handle an anchor currently exposes: its own, or the chosen option's. */
export function chosenOutput(
  data: CanvasNodeData,
  anchor: OutputAnchor,
): { id: string; name: string; label: string; type: string } | undefined {
  if (anchor.type !== 'options' || !anchor.options) {
    return anchor.id
      ? { id: anchor.id, name: anchor.name, label: anchor.label, type: anchor.type ?? '' }
      : undefined;
  }
  const chosen = data.outputs[anchor.name] ?? anchor.default;
  const option = anchor.options.find((item) => item.name === chosen) ?? anchor.options[0];
  return option && { id: option.id, name: option.name, label: option.label, type: option.type };
}

/**
 * The options of a multi-output anchor that are handles of their own (`isAnchor`, the branches
 * of a condition node): drawn all at once, each with its own handle, rather than chosen in a select.
 */
export function anchorOptionHandles(anchor: OutputAnchor): NonNullable<OutputAnchor['options']> {
  return anchor.type === 'options' ? (anchor.options ?? []).filter((option) => option.isAnchor) : [];
}

/** `doc` with `nodeId` the only selected element (a node the user is pointed to). */
export function selectOnlyNode(doc: FlowDocument, nodeId: string): FlowDocument {
  return {
    nodes: doc.nodes.map((node) =>
      !!node.selected === (node.id === nodeId) ? node : { ...node, selected: node.id === nodeId },
    ),
    edges: doc.edges.map((edge) => (edge.selected ? { ...edge, selected: false } : edge)),
  };
}
