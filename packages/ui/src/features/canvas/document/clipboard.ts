import { nextNodeId } from '@flowloom/shared';
import { edgeId } from './handles';
import type { CanvasEdge, CanvasNode, FlowDocument } from './types';

/** Nodes and the edges between them, as copied. */
export interface FlowClipboard {
  nodes: CanvasNode[];
  edges: CanvasEdge[];
}

/** The selected nodes and the edges that run between two of them (deep copies). */
export function copySelection(doc: FlowDocument): FlowClipboard | null {
  const nodes = doc.nodes.filter((node) => node.selected);
  if (nodes.length === 0) return null;
  const ids = new Set(nodes.map((node) => node.id));
  const edges = doc.edges.filter((edge) => ids.has(edge.source) && ids.has(edge.target));
  return structuredClone({ nodes: nodes.map(cleanNode), edges });
}

function cleanNode(node: CanvasNode): CanvasNode {
  const { measured: _measured, dragging: _dragging, ...rest } = node;
  return rest;
}

/** Rewrites a handle id of `oldId` (`oldId-input-…`) to `newId`. */
function renameHandle(handle: string | null | undefined, ids: ReadonlyMap<string, string>): string | null {
  if (!handle) return handle ?? null;
  const dash = handle.indexOf('-');
  const owner = dash < 0 ? handle : handle.slice(0, dash);
  const renamed = ids.get(owner);
  return renamed ? `${renamed}${handle.slice(owner.length)}` : handle;
}

const REFERENCE = /\{\{([^.{}\s]+)\.data\.instance\}\}/g;

/**
 * An input value with references to renamed nodes rewritten. References to nodes that were not
 * copied are dropped when they fill an anchor (their edge does not come along) and kept in text.
 */
function renameValue(value: unknown, ids: ReadonlyMap<string, string>, isAnchor: boolean): unknown {
  if (Array.isArray(value)) {
    return value.map((item) => renameValue(item, ids, isAnchor)).filter((item) => !(isAnchor && item === ''));
  }
  if (typeof value !== 'string') return value;
  if (isAnchor) {
    const match = /^\{\{([^.{}\s]+)\.data\.instance\}\}$/.exec(value);
    if (match) {
      const renamed = ids.get(match[1]!);
      return renamed ? `{{${renamed}.data.instance}}` : '';
    }
    return value;
  }
  return value.replace(REFERENCE, (whole, id: string) => {
    const renamed = ids.get(id);
    return renamed ? `{{${renamed}.data.instance}}` : whole;
  });
}

/** A copy of `node` under a new id: handle ids, `data.id`, references and tab keys renamed. */
function renameNode(node: CanvasNode, ids: ReadonlyMap<string, string>): CanvasNode {
  const newId = ids.get(node.id)!;
  const data = structuredClone(node.data);
  data.id = newId;
  for (const param of [...data.inputParams, ...data.inputAnchors]) {
    if (param.id) param.id = renameHandle(param.id, ids) ?? param.id;
  }
  for (const anchor of data.outputAnchors) {
    if (anchor.id) anchor.id = renameHandle(anchor.id, ids) ?? anchor.id;
    for (const option of anchor.options ?? []) option.id = renameHandle(option.id, ids) ?? option.id;
  }
  const anchorNames = new Set(data.inputAnchors.map((anchor) => anchor.name));
  // The chosen tab of `tabs` and condition inputs is stored under `<tabIdentifier>_<nodeId>`.
  const suffix = `_${node.id}`;
  data.inputs = Object.fromEntries(
    Object.entries(data.inputs).map(([name, value]) => [
      name.endsWith(suffix) ? `${name.slice(0, -suffix.length)}_${newId}` : name,
      renameValue(value, ids, anchorNames.has(name)),
    ]),
  );
  data.selected = false;
  return { ...node, id: newId, data };
}

/**
 * Pastes `clip` into `doc`: every node gets a new id (`name_<lowest free index>`, SPEC §4) and
 * is moved by `offset`; edges between pasted nodes come along, renamed. The pasted nodes end up
 * selected and everything else unselected, so they can be dragged away at once.
 */
export function pasteClipboard(
  doc: FlowDocument,
  clip: FlowClipboard,
  offset: { x: number; y: number },
): FlowDocument {
  const taken = doc.nodes.map((node) => node.id);
  const ids = new Map<string, string>();
  for (const node of clip.nodes) {
    const id = nextNodeId(node.data.name, taken);
    taken.push(id);
    ids.set(node.id, id);
  }
  const pasted = clip.nodes.map((node) => ({
    ...renameNode(node, ids),
    position: { x: node.position.x + offset.x, y: node.position.y + offset.y },
    selected: true,
  }));
  const edges = clip.edges
    .filter((edge) => ids.has(edge.source) && ids.has(edge.target))
    .map((edge) => {
      const renamed = {
        ...structuredClone(edge),
        source: ids.get(edge.source)!,
        target: ids.get(edge.target)!,
        sourceHandle: renameHandle(edge.sourceHandle, ids),
        targetHandle: renameHandle(edge.targetHandle, ids),
        selected: false,
      };
      return { ...renamed, id: edgeId(renamed) };
    });
  return {
    nodes: [...doc.nodes.map((node) => (node.selected ? { ...node, selected: false } : node)), ...pasted],
    edges: [...doc.edges.map((edge) => (edge.selected ? { ...edge, selected: false } : edge)), ...edges],
  };
}

/** Duplicates one node to its right, without its connections (Flowise's "Duplicate"). */
export function duplicateNode(doc: FlowDocument, nodeId: string): FlowDocument {
  const node = doc.nodes.find((item) => item.id === nodeId);
  if (!node) return doc;
  const width = node.measured?.width ?? node.width ?? 300;
  return pasteClipboard(doc, { nodes: [cleanNode(node)], edges: [] }, { x: width + 50, y: 0 });
}
