import {
  CREDENTIAL_ID_KEY,
  parseFlowData,
  type FlowData,
  type FlowEdge,
  type FlowNode,
} from '@flowloom/shared';
import { storedNodeData, storedNodeName } from '../../canvas/document/flowFile';
import type { CanvasNodeData } from '../../canvas/document/types';
import { rendererOf } from './createAgentNode';
import { agentEdgeId } from './handles';
import { parentsFirst } from './iteration';
import type { AgentDocument, AgentEdge, AgentNode } from './types';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
const size = (value: unknown) => (typeof value === 'number' && value > 0 ? value : undefined);

function toAgentNode(raw: Json): AgentNode | null {
  if (typeof raw.id !== 'string' || !isObject(raw.data)) return null;
  const data = raw.data;
  const position = isObject(raw.position) ? raw.position : {};
  const name = storedNodeName(raw.id, data);
  const type =
    raw.type === 'iteration' || raw.type === 'stickyNote' || raw.type === 'agentFlow'
      ? raw.type
      : rendererOf(name);
  const { status: _status, error: _error, ...stored } = data;
  const style = isObject(raw.style) ? raw.style : {};
  const width = size(raw.width) ?? size(style.width);
  const height = size(raw.height) ?? size(style.height);
  const parentId =
    typeof raw.parentNode === 'string'
      ? raw.parentNode
      : typeof raw.parentId === 'string'
        ? raw.parentId
        : undefined;
  return {
    id: raw.id,
    type,
    position: { x: Number(position.x) || 0, y: Number(position.y) || 0 },
    // Groups keep their size; other nodes are measured once drawn.
    ...(type === 'iteration'
      ? { width: width ?? 480, height: height ?? 250 }
      : { initialWidth: width, initialHeight: height }),
    ...(parentId && { parentId, extent: 'parent' as const }),
    data: storedNodeData(raw.id, stored),
  };
}

function toAgentEdge(raw: Json): AgentEdge | null {
  if (typeof raw.source !== 'string' || typeof raw.target !== 'string') return null;
  const sourceHandle = typeof raw.sourceHandle === 'string' ? raw.sourceHandle : null;
  const targetHandle = typeof raw.targetHandle === 'string' ? raw.targetHandle : raw.target;
  const edge = { source: raw.source, sourceHandle, target: raw.target, targetHandle };
  return {
    ...edge,
    id: typeof raw.id === 'string' ? raw.id : agentEdgeId(edge),
    type: 'agentFlow',
    data: isObject(raw.data) ? raw.data : {},
    ...(typeof raw.zIndex === 'number' && { zIndex: raw.zIndex }),
  };
}

/** The v2 document of stored `flowData` text; invalid text gives an empty flow. */
export function agentDocumentFromText(text: string | null | undefined): AgentDocument {
  const parsed = parseFlowData(text);
  const nodes = parentsFirst(
    parsed.nodes
      .filter(isObject)
      .map(toAgentNode)
      .filter((node): node is AgentNode => !!node),
  );
  const ids = new Set(nodes.map((node) => node.id));
  const edges = parsed.edges
    .filter(isObject)
    .map(toAgentEdge)
    .filter((edge): edge is AgentEdge => !!edge && ids.has(edge.source) && ids.has(edge.target));
  return { nodes, edges };
}

/**
 * A node as Flowise saves it (AGENTFLOW_V2.md §0.1): runtime `status`/`selected` stripped, a
 * children's parent in `parentNode` with `extent: 'parent'`, and a credential picked while editing
 * (`inputs.FLOWISE_CREDENTIAL_ID`) moved into `data.credential`.
 */
function toFlowNode(node: AgentNode): FlowNode {
  const {
    status: _status,
    error: _error,
    ...rest
  } = node.data as CanvasNodeData & { status?: unknown; error?: unknown };
  const data = { ...rest, selected: false } as CanvasNodeData;
  if (CREDENTIAL_ID_KEY in data.inputs) {
    const { [CREDENTIAL_ID_KEY]: credentialId, ...inputs } = data.inputs;
    data.inputs = inputs;
    if (typeof credentialId === 'string' && credentialId) data.credential = credentialId;
  }
  const width = node.measured?.width ?? node.width ?? node.initialWidth ?? 0;
  const height = node.measured?.height ?? node.height ?? node.initialHeight ?? 0;
  return {
    id: node.id,
    position: node.position,
    type: node.type ?? 'agentFlow',
    data,
    width,
    height,
    ...(node.type === 'iteration' && { style: { width, height } }),
    ...(node.parentId && { parentNode: node.parentId, extent: 'parent' }),
    selected: false,
    positionAbsolute: node.position,
    dragging: false,
  };
}

function toFlowEdge(edge: AgentEdge): FlowEdge {
  return {
    source: edge.source,
    sourceHandle: edge.sourceHandle ?? null,
    target: edge.target,
    targetHandle: edge.targetHandle ?? edge.target,
    type: 'agentFlow',
    id: edge.id,
    data: { ...edge.data },
    ...(edge.zIndex !== undefined && { zIndex: edge.zIndex }),
  };
}

/** `{nodes, edges, viewport}` in the Flowise v2 shape, ready to be stored as `flowData`. */
export function agentDocumentToFlowData(doc: AgentDocument, viewport?: FlowData['viewport']): FlowData {
  return {
    nodes: doc.nodes.map(toFlowNode),
    edges: doc.edges.map(toFlowEdge),
    ...(viewport && { viewport }),
  };
}
