import { nextNodeId, type NodeDefinition } from '@flowloom/shared';
import { inputHandleId } from '../../canvas/document/handles';
import type { CanvasNodeData, FlowParam } from '../../canvas/document/types';
import { outputAnchorsOf, rowOutputs } from './handles';
import {
  CONDITION_AGENT_NODE,
  CONDITION_NODE,
  HUMAN_INPUT_NODE,
  ITERATION_NODE,
  ITERATION_SIZE,
  STICKY_NOTE_NODE,
  type AgentDocument,
  type AgentNode,
  type AgentNodeType,
} from './types';

/** The renderer of a node type: groups for Iteration, notes for Sticky Note. */
export function rendererOf(name: string): AgentNodeType {
  if (name === ITERATION_NODE) return 'iteration';
  if (name === STICKY_NOTE_NODE) return 'stickyNote';
  return 'agentFlow';
}

/** Nodes with declared outputs keep `outputs: { <name>: '' }`, as Flowise saves them. */
function outputsOf(name: string): Record<string, unknown> {
  return name === CONDITION_NODE || name === CONDITION_AGENT_NODE || name === HUMAN_INPUT_NODE
    ? { [name]: '' }
    : {};
}

/** A label not used yet: `<Label> <n>` with the id's number, else the next free number. */
export function uniqueLabel(base: string, nodeId: string, taken: readonly string[]): string {
  const used = new Set(taken);
  const suffix = Number(/_(\d+)$/.exec(nodeId)?.[1] ?? 0);
  let n = suffix;
  while (used.has(`${base} ${n}`)) n += 1;
  return `${base} ${n}`;
}

/** `node.data` of a new v2 node in the Flowise shape (AGENTFLOW_V2.md §0.1). */
export function createAgentNodeData(
  definition: NodeDefinition,
  nodeId: string,
  label: string,
): CanvasNodeData {
  const { icon: _icon, inputs: definitionInputs, credential, outputs: _outputs, ...rest } = definition;
  const inputParams: FlowParam[] = (definitionInputs ?? []).map((input) => ({
    ...structuredClone(input),
    id: inputHandleId(nodeId, input),
  }));
  if (credential)
    inputParams.unshift({ ...structuredClone(credential), id: inputHandleId(nodeId, credential) });
  const inputs: Record<string, unknown> = {};
  for (const input of definitionInputs ?? [])
    inputs[input.name] = input.default === undefined ? '' : structuredClone(input.default);
  // Condition Agent starts with two empty scenarios (AGENTFLOW_V2.md §1.5).
  const rows = rowOutputs(definition.name);
  if (rows && !Array.isArray(inputs[rows.param]))
    inputs[rows.param] = definition.name === CONDITION_AGENT_NODE ? [{ scenario: '' }, { scenario: '' }] : [];
  const data = {
    ...structuredClone(rest),
    id: nodeId,
    label,
    inputParams,
    inputAnchors: [],
    inputs,
    outputAnchors: [],
    outputs: outputsOf(definition.name),
    ...(credential && { credential: '' }),
    selected: false,
  } as CanvasNodeData;
  data.outputAnchors = outputAnchorsOf(data);
  return data;
}

/** Why a node cannot be placed (one Start; no Iteration or Human Input inside an Iteration). */
export function placementRefusal(
  doc: AgentDocument,
  name: string,
  parentId: string | undefined,
): string | null {
  if (name === 'startAgentflow' && doc.nodes.some((node) => node.data.name === 'startAgentflow'))
    return 'Only one Start node is allowed.';
  if (parentId && name === ITERATION_NODE) return 'Nested iteration is not supported.';
  if (parentId && name === HUMAN_INPUT_NODE) return 'Human Input is not supported inside an Iteration.';
  return null;
}

/** A new agentflow's document: its Start node, where Flowise puts it, labelled as the node type. */
export function newAgentDocument(start: NodeDefinition): AgentDocument {
  const id = `${start.name}_0`;
  return {
    nodes: [
      {
        id,
        type: rendererOf(start.name),
        position: { x: 100, y: 100 },
        data: createAgentNodeData(start, id, start.label),
      },
    ],
    edges: [],
  };
}

/**
 * Adds a node of `definition` at the flow position `position`, inside the Iteration `parentId`
 * when given (position then relative to it). Returns the same document when refused.
 */
export function addAgentNode(
  doc: AgentDocument,
  definition: NodeDefinition,
  position: { x: number; y: number },
  parentId?: string,
): { doc: AgentDocument; node?: AgentNode; refused?: string } {
  const refused = placementRefusal(doc, definition.name, parentId);
  if (refused) return { doc, refused };
  const id = nextNodeId(
    definition.name,
    doc.nodes.map((node) => node.id),
  );
  const label = uniqueLabel(
    definition.label,
    id,
    doc.nodes.map((node) => node.data.label),
  );
  const type = rendererOf(definition.name);
  const node: AgentNode = {
    id,
    type,
    position,
    data: createAgentNodeData(definition, id, label),
    selected: true,
    ...(type === 'iteration' && { width: ITERATION_SIZE.width * 1.6, height: ITERATION_SIZE.height }),
    ...(parentId && { parentId, extent: 'parent' as const }),
  };
  return {
    node,
    doc: {
      nodes: [...doc.nodes.map((item) => (item.selected ? { ...item, selected: false } : item)), node],
      edges: doc.edges,
    },
  };
}
