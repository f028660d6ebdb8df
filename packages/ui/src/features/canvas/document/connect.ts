import { canConnect, parseHandleTypes, type ConnectionDecision } from '@flowloom/shared';
import { edgeId, handleInputName, nodeReference } from './handles';
import type { CanvasEdge, CanvasNode, FlowDocument, FlowParam } from './types';

/** A proposed edge, as React Flow reports it. */
export interface ConnectionRequest {
  source: string;
  sourceHandle: string | null;
  target: string;
  targetHandle: string | null;
}

/** The input (anchor or param) of `node` that `targetHandle` points at. */
export function findTargetInput(node: CanvasNode, targetHandle: string): FlowParam | undefined {
  const name = handleInputName(targetHandle);
  return (
    node.data.inputAnchors.find((anchor) => anchor.id === targetHandle || anchor.name === name) ??
    node.data.inputParams.find((param) => param.id === targetHandle || param.name === name)
  );
}

/**
 * Whether `connection` may be drawn (SPEC §5): not to itself, no cycle, an output type the input
 * accepts, and a free input unless it takes a list. Types come from the handle ids, which carry
 * the output's base classes and the input's type.
 */
export function checkConnection(doc: FlowDocument, connection: ConnectionRequest): ConnectionDecision {
  const { source, target, sourceHandle, targetHandle } = connection;
  if (!sourceHandle || !targetHandle) return { ok: false, reason: 'Connect an output to an input.' };
  const targetNode = doc.nodes.find((node) => node.id === target);
  const input = targetNode ? findTargetInput(targetNode, targetHandle) : undefined;
  return canConnect({
    source,
    target,
    sourceTypes: parseHandleTypes(sourceHandle),
    targetTypes: parseHandleTypes(targetHandle),
    targetAcceptsList: input?.list === true,
    targetHandleAlreadyConnected: doc.edges.some((edge) => edge.targetHandle === targetHandle),
    edges: doc.edges,
  });
}

/**
 * Adds the edge and writes the reference into the target input, as Flowise does (§2.4): list
 * anchors collect `{{source.data.instance}}` in an array, variable-accepting text params keep their
 * text (the user types references), any other input holds the reference. Connecting the same pair
 * twice changes nothing.
 */
export function connectNodes(doc: FlowDocument, connection: ConnectionRequest): FlowDocument {
  const id = edgeId(connection);
  if (doc.edges.some((edge) => edge.id === id)) return doc;
  const edge: CanvasEdge = {
    id,
    source: connection.source,
    sourceHandle: connection.sourceHandle,
    target: connection.target,
    targetHandle: connection.targetHandle,
    type: 'buttonedge',
    data: { label: '' },
  };
  const inputName = handleInputName(connection.targetHandle ?? '');
  const reference = nodeReference(connection.source);
  const nodes = doc.nodes.map((node) => {
    if (node.id !== connection.target) return node;
    const anchor = node.data.inputAnchors.find((item) => item.name === inputName);
    const param = node.data.inputParams.find((item) => item.name === inputName);
    const current = node.data.inputs[inputName];
    let value: unknown;
    if (anchor?.list) {
      const list: unknown[] = Array.isArray(current)
        ? current.filter((item: unknown) => item !== reference)
        : [];
      value = [...list, reference];
    } else if (param?.acceptVariable) {
      value = current ?? '';
    } else {
      value = reference;
    }
    return { ...node, data: { ...node.data, inputs: { ...node.data.inputs, [inputName]: value } } };
  });
  return { nodes, edges: [...doc.edges, edge] };
}
