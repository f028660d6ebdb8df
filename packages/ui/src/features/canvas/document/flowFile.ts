import {
  CREDENTIAL_ID_KEY,
  parseFlowData,
  sanitizeFlowForExport,
  type FlowData,
  type FlowEdge,
  type FlowNode,
} from '@flowloom/shared';
import { NODE_WIDTH } from './createNode';
import type { CanvasEdge, CanvasNode, CanvasNodeData, FlowDocument } from './types';

type Json = Record<string, unknown>;

/** Height assumed for a node whose file gives none, until it is drawn and measured. */
const ESTIMATED_HEIGHT = 480;

const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const array = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

/** The type name of a stored node: `data.name`, else its id without the `_<n>` suffix. */
export function storedNodeName(id: string, data: Json): string {
  return typeof data.name === 'string' ? data.name : id.replace(/_\d+$/, '');
}

/**
 * `node.data` of a node of any canvas as a file stores it, with every field the canvas reads
 * present (lists empty, maps empty, the label defaulting to the id).
 */
export function storedNodeData(id: string, data: Json): CanvasNodeData {
  return {
    ...data,
    id,
    label: typeof data.label === 'string' ? data.label : id,
    name: storedNodeName(id, data),
    baseClasses: array<string>(data.baseClasses),
    inputParams: array(data.inputParams),
    inputAnchors: array(data.inputAnchors),
    inputs: isObject(data.inputs) ? data.inputs : {},
    outputAnchors: array(data.outputAnchors),
    outputs: isObject(data.outputs) ? data.outputs : {},
  } as CanvasNodeData;
}

function toCanvasNode(raw: Json): CanvasNode | null {
  if (typeof raw.id !== 'string' || !isObject(raw.data)) return null;
  const data = raw.data;
  const position = isObject(raw.position) ? raw.position : {};
  return {
    id: raw.id,
    type: raw.type === 'stickyNote' ? 'stickyNote' : 'customNode',
    position: { x: Number(position.x) || 0, y: Number(position.y) || 0 },
    // Sizes from the file let the canvas fit the whole flow before off-screen nodes are drawn.
    initialWidth: typeof raw.width === 'number' && raw.width > 0 ? raw.width : NODE_WIDTH,
    initialHeight: typeof raw.height === 'number' && raw.height > 0 ? raw.height : ESTIMATED_HEIGHT,
    data: storedNodeData(raw.id, data),
  };
}

function toCanvasEdge(raw: Json): CanvasEdge | null {
  if (typeof raw.source !== 'string' || typeof raw.target !== 'string') return null;
  const sourceHandle = typeof raw.sourceHandle === 'string' ? raw.sourceHandle : null;
  const targetHandle = typeof raw.targetHandle === 'string' ? raw.targetHandle : null;
  return {
    id:
      typeof raw.id === 'string'
        ? raw.id
        : `${raw.source}-${sourceHandle ?? ''}-${raw.target}-${targetHandle ?? ''}`,
    source: raw.source,
    target: raw.target,
    sourceHandle,
    targetHandle,
    type: 'buttonedge',
    data: isObject(raw.data) ? raw.data : { label: '' },
  };
}

/** Whether a chosen file's text is JSON at all (a flow file that is not says so, not "no nodes"). */
export function isJsonText(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The canvas document of a stored flow (`flowData` text or a Flowise export file). Invalid text
 * gives an empty flow; nodes keep their data as stored, edges whose nodes are missing are dropped.
 */
export function documentFromText(text: string | null | undefined): FlowDocument {
  const parsed = parseFlowData(text);
  const nodes = parsed.nodes
    .filter(isObject)
    .map(toCanvasNode)
    .filter((n): n is CanvasNode => !!n);
  const ids = new Set(nodes.map((node) => node.id));
  const edges = parsed.edges
    .filter(isObject)
    .map(toCanvasEdge)
    .filter((e): e is CanvasEdge => !!e && ids.has(e.source) && ids.has(e.target));
  return { nodes, edges };
}

/** The saved viewport of `flowData` text, if any. */
export function viewportFromText(text: string | null | undefined): FlowData['viewport'] | undefined {
  if (!text) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    const viewport = isObject(parsed) ? parsed.viewport : undefined;
    if (!isObject(viewport)) return undefined;
    const { x, y, zoom } = viewport;
    if (typeof x === 'number' && typeof y === 'number' && typeof zoom === 'number') return { x, y, zoom };
  } catch {
    // no viewport: the canvas fits the flow instead
  }
  return undefined;
}

/**
 * A node as Flowise saves it: outer React Flow fields (size, absolute position) and `data`
 * untouched except that a credential picked while editing (`inputs.FLOWISE_CREDENTIAL_ID`) moves
 * to `data.credential`, as Flowise does on save (FLOWISE_API.md §2.7).
 */
function toFlowNode(node: CanvasNode): FlowNode {
  const data = { ...node.data, selected: false };
  if (CREDENTIAL_ID_KEY in data.inputs) {
    const { [CREDENTIAL_ID_KEY]: credentialId, ...inputs } = data.inputs;
    data.inputs = inputs;
    if (typeof credentialId === 'string' && credentialId) data.credential = credentialId;
  }
  return {
    id: node.id,
    position: node.position,
    type: node.type ?? 'customNode',
    data,
    width: node.measured?.width ?? node.width ?? NODE_WIDTH,
    height: node.measured?.height ?? node.height ?? 0,
    selected: false,
    positionAbsolute: node.position,
    dragging: false,
  };
}

function toFlowEdge(edge: CanvasEdge): FlowEdge {
  return {
    source: edge.source,
    sourceHandle: edge.sourceHandle ?? null,
    target: edge.target,
    targetHandle: edge.targetHandle ?? null,
    type: 'buttonedge',
    id: edge.id,
    data: { label: '', ...edge.data },
  };
}

/** `{nodes, edges, viewport}` in the Flowise shape, ready to be stringified as `flowData`. */
export function documentToFlowData(doc: FlowDocument, viewport?: FlowData['viewport']): FlowData {
  return {
    nodes: doc.nodes.map(toFlowNode),
    edges: doc.edges.map(toFlowEdge),
    ...(viewport && { viewport }),
  };
}

/** The text of a single-flow export file: secrets and credential ids stripped (SPEC §5). */
export function exportFileText(doc: FlowDocument): string {
  return JSON.stringify(sanitizeFlowForExport(documentToFlowData(doc)), null, 2);
}

/** File name of a single-flow export: `<name> Chatflow.json`. */
export function exportFileName(flowName: string, noun = 'Chatflow'): string {
  return `${flowName.trim() || 'Untitled'} ${noun}.json`;
}
