import type { LoadMethodNode } from '@flowloom/shared';
import { canvasApi } from '../canvasApi';
import type { CanvasNodeData, FlowDocument } from '../document/types';
import { nodesUpstream } from '../document/upstream';
import type { OptionsLoader } from './paramEditorContext';

/** A node as load methods see it. */
export function loadMethodNode(data: CanvasNodeData): LoadMethodNode {
  return { id: data.id, name: data.name, label: data.label, inputs: data.inputs };
}

/**
 * What a node of the V1 agents canvas (`/agentcanvas`) sends its load methods: the nodes upstream
 * of it as `previousNodes` (whose outputs it can read) plus the flow's State node wherever it sits
 * (a graph's state keys are the State node's, connected or not), and itself as `currentNode`.
 */
export function agentGraphLoadBody(doc: FlowDocument, data: CanvasNodeData, loadMethod: string) {
  const upstream = nodesUpstream(doc, data.id);
  const states = doc.nodes.filter(
    (node) => node.data.name === 'seqState' && node.id !== data.id && !upstream.includes(node),
  );
  return {
    loadMethod,
    inputs: data.inputs,
    previousNodes: [...upstream, ...states].map((node) => loadMethodNode(node.data)),
    currentNode: loadMethodNode(data),
    ...(typeof data.credential === 'string' && data.credential && { credential: data.credential }),
  };
}

/** The V1 agents canvas's options loader (see {@link agentGraphLoadBody}). */
export function agentGraphOptionsLoader(getDoc: () => FlowDocument): OptionsLoader {
  return async (node, param) => {
    if (typeof param.loadMethod !== 'string' || !param.loadMethod) return [];
    const list = await canvasApi.loadOptions(node.name, agentGraphLoadBody(getDoc(), node, param.loadMethod));
    return Array.isArray(list) ? list : [];
  };
}
