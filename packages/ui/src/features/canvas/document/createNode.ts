import type { FlowNodeData, NodeDefinition, OutputAnchor } from '@flowloom/shared';
import { inputHandleId, outputHandleId } from './handles';
import type { CanvasNode, CanvasNodeData, FlowParam } from './types';

/**
 * Input types edited in place (`data.inputParams`); any other type is a class name and becomes a
 * connectable anchor (`data.inputAnchors`), as Flowise splits them (FLOWISE_API.md §2.2).
 */
const PARAM_TYPES = new Set([
  'asyncOptions',
  'asyncMultiOptions',
  'options',
  'multiOptions',
  'array',
  'datagrid',
  'string',
  'number',
  'boolean',
  'password',
  'json',
  'code',
  'date',
  'file',
  'folder',
  'tabs',
  'conditionFunction',
  'timePicker',
  'weekDaysPicker',
  'monthDaysPicker',
  'datePicker',
]);

/** Whether an input of this type is edited in place rather than connected. */
export function isParamType(type: string): boolean {
  return PARAM_TYPES.has(type);
}

/** Width Flowise gives node cards; saved as `node.width`. */
export const NODE_WIDTH = 300;

/**
 * `node.data` for a new node of `definition` with id `nodeId`, in the exact shape Flowise's canvas
 * writes: inputs split into params and anchors with handle ids, the credential prepended as a
 * param, one output anchor (or one `options` anchor listing a multi-output node's outputs), and
 * initial input values from the defaults.
 */
export function createNodeData(definition: NodeDefinition, nodeId: string): FlowNodeData {
  const {
    icon: _icon,
    inputs: definitionInputs,
    credential,
    outputs: definitionOutputs,
    ...rest
  } = definition;
  const inputParams: FlowParam[] = [];
  const inputAnchors: FlowParam[] = [];
  for (const input of definitionInputs ?? []) {
    const withId = { ...structuredClone(input), id: inputHandleId(nodeId, input) };
    (isParamType(input.type) ? inputParams : inputAnchors).push(withId);
  }
  if (credential)
    inputParams.unshift({ ...structuredClone(credential), id: inputHandleId(nodeId, credential) });

  const outputAnchors: OutputAnchor[] = [];
  const outputs: Record<string, unknown> = {};
  if (definitionOutputs && definitionOutputs.length > 0) {
    const first = definitionOutputs[0]!;
    // Flowise's `options` anchor has no id of its own: each option has one.
    outputAnchors.push({
      name: 'output',
      label: 'Output',
      type: 'options',
      description: first.description ?? '',
      options: definitionOutputs.map((output) => ({
        id: outputHandleId(nodeId, output.name, output.baseClasses),
        name: output.name,
        label: output.label,
        description: output.description ?? '',
        type: output.baseClasses.join(' | '),
        ...(output.isAnchor !== undefined && { isAnchor: output.isAnchor }),
        ...(output.hidden !== undefined && { hidden: output.hidden }),
      })),
      default: first.name,
    });
    outputs.output = first.name;
  } else {
    outputAnchors.push({
      id: outputHandleId(nodeId, definition.name, definition.baseClasses),
      name: definition.name,
      label: definition.type,
      description: definition.description ?? '',
      type: definition.baseClasses.join(' | '),
    });
  }

  const inputs: Record<string, unknown> = {};
  for (const input of definitionInputs ?? []) inputs[input.name] = input.default ?? '';

  return {
    ...structuredClone(rest),
    id: nodeId,
    inputParams,
    inputAnchors,
    inputs,
    outputAnchors,
    outputs,
    ...(credential && { credential: '' }),
    selected: false,
  };
}

/** A new canvas node of `definition` at `position` (sticky notes get the note renderer). */
export function createNode(
  definition: NodeDefinition,
  nodeId: string,
  position: { x: number; y: number },
): CanvasNode {
  return {
    id: nodeId,
    type: definition.name === 'stickyNote' || definition.type === 'StickyNote' ? 'stickyNote' : 'customNode',
    position,
    data: createNodeData(definition, nodeId) as CanvasNodeData,
  };
}
