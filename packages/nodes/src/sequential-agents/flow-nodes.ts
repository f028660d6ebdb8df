import {
  isSeqNode,
  type CheckpointStore,
  type NodeContext,
  type NodeType,
  type StateChannels,
} from '@flowloom/engine';
import type { NodeParam } from '@flowloom/shared';
import { requireChatModel, stringInput } from '../llm/chat-model.js';
import { moderate } from '../moderation/moderation.js';
import { textInput } from '../agentflow/common/values.js';
import { badgeIcon } from '../utilities/icons.js';
import { requiredName, requirePredecessor, rowsOf, seqBase, seqName } from './common.js';

export const SEQUENTIAL_CATEGORY = 'Sequential Agents';

/** Every sequential predecessor type an Agent, LLM Node, Custom Function or Execute Flow accepts. */
export const ANY_PREDECESSOR =
  'Start | Agent | Condition | LLMNode | ToolNode | CustomFunction | ExecuteFlow';
/** What End and Loop accept (no Start). */
export const AFTER_START = 'Agent | Condition | LLMNode | ToolNode | CustomFunction | ExecuteFlow';
/** What a Condition accepts (no Condition). */
export const BEFORE_CONDITION = 'Start | Agent | LLMNode | ToolNode | CustomFunction | ExecuteFlow';

export function sequentialNodeParam(type: string, list = true): NodeParam {
  return {
    label: 'Sequential Node',
    name: 'sequentialNode',
    type,
    description: `The node this one follows: ${type.split(' | ').join(', ')}`,
    ...(list && { list: true }),
  };
}

export function isCheckpointStore(value: unknown): value is CheckpointStore {
  const v = value as Partial<CheckpointStore> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.load === 'function' &&
    typeof v.save === 'function' &&
    typeof v.clear === 'function'
  );
}

export const seqStart: NodeType = {
  icon: badgeIcon('▶', '#2e7d32'),
  definition: {
    label: 'Start',
    name: 'seqStart',
    version: 2,
    type: 'Start',
    category: SEQUENTIAL_CATEGORY,
    baseClasses: ['Start'],
    description: 'Where the conversation enters the graph: its model, memory and state',
    inputs: [
      {
        label: 'Chat Model',
        name: 'model',
        type: 'BaseChatModel',
        description:
          'The model of every node that sets none. Agents need a model that calls tools (OpenAI, Mistral, Anthropic, Gemini, Groq…)',
      },
      {
        label: 'Agent Memory',
        name: 'agentMemory',
        type: 'BaseCheckpointSaver',
        description: 'Keeps the conversation state between messages',
        optional: true,
      },
      {
        label: 'State',
        name: 'state',
        type: 'State',
        description: 'The graph state (State node)',
        optional: true,
      },
      {
        label: 'Input Moderation',
        name: 'inputModeration',
        type: 'Moderation',
        description: 'Checks the question before any model sees it',
        optional: true,
        list: true,
      },
    ],
  },
  init(ctx) {
    const model = requireChatModel(ctx.inputs.model, 'Chat Model');
    const memory = ctx.inputs.agentMemory;
    return {
      ...seqBase(ctx, 'start', 'Start'),
      name: '__start__',
      model,
      ...(isCheckpointStore(memory) && { checkpointer: memory }),
      moderate: (question: string) => moderate(ctx.inputs.inputModeration, question),
    };
  },
};

export const seqEnd: NodeType = {
  icon: badgeIcon('■', '#c62828'),
  definition: {
    label: 'End',
    name: 'seqEnd',
    version: 2.1,
    type: 'End',
    category: SEQUENTIAL_CATEGORY,
    baseClasses: ['End'],
    description: 'Ends the conversation turn',
    hideOutput: true,
    inputs: [sequentialNodeParam(AFTER_START, false)],
  },
  init(ctx) {
    requirePredecessor(ctx, 'End must have a predecessor!');
    return seqBase(ctx, 'end', 'End');
  },
};

export const seqLoop: NodeType = {
  icon: badgeIcon('↺', '#ef6c00'),
  definition: {
    label: 'Loop',
    name: 'seqLoop',
    version: 2.1,
    type: 'Loop',
    category: SEQUENTIAL_CATEGORY,
    baseClasses: ['Loop'],
    description: 'Goes back to an earlier agent or LLM node',
    hideOutput: true,
    inputs: [
      sequentialNodeParam(AFTER_START),
      {
        label: 'Loop To',
        name: 'loopToName',
        type: 'string',
        placeholder: 'Agent',
        description: 'Name of the agent, LLM, tool or function node to go back to',
      },
    ],
  },
  init(ctx) {
    requirePredecessor(ctx, 'Loop must have a predecessor!');
    const loopTo = requiredName(ctx, 'loopToName', 'Loop to name is required');
    return { ...seqBase(ctx, 'loop', 'Loop'), loopTo: seqName(loopTo) };
  },
};

/** The State node's channels from its table (Key, Operation, Default Value) or its code tab. */
export function stateChannels(ctx: NodeContext): StateChannels {
  const tab = ctx.inputs[`selectedStateTab_${ctx.node.id}`];
  const code = stringInput(ctx.inputs.stateMemoryCode);
  if (tab === 'stateMemoryCode' && code) return { rules: {}, code };
  const rows = rowsOf(ctx.inputs.stateMemoryUI ?? ctx.inputs.stateMemory);
  const rules: StateChannels['rules'] = {};
  for (const row of rows) {
    const key = textInput(row.key ?? row.Key).trim();
    if (!key) throw new Error('Key is required');
    const operation = textInput(row.type ?? row.operation ?? row.Operation) || 'Replace';
    const fallback = row.defaultValue ?? row['Default Value'] ?? row.value;
    if (/append/i.test(operation)) {
      let initial: unknown[] = [];
      if (typeof fallback === 'string' && fallback.trim()) {
        try {
          const parsed = JSON.parse(fallback) as unknown;
          initial = Array.isArray(parsed) ? parsed : [parsed];
        } catch {
          initial = [fallback];
        }
      }
      rules[key] = { kind: 'append', initial };
    } else rules[key] = { kind: 'replace', initial: fallback ?? '' };
  }
  return { rules };
}

export const seqState: NodeType = {
  icon: badgeIcon('S', '#00838f'),
  definition: {
    label: 'State',
    name: 'seqState',
    version: 2,
    type: 'State',
    category: SEQUENTIAL_CATEGORY,
    baseClasses: ['State'],
    description: 'Keys every node of the graph can read and update, besides the messages',
    inputs: [
      {
        label: 'Custom State',
        name: 'stateMemory',
        type: 'tabs',
        tabIdentifier: 'selectedStateTab',
        default: 'stateMemoryUI',
        additionalParams: true,
        tabs: [
          {
            label: 'Custom State (Table)',
            name: 'stateMemoryUI',
            type: 'datagrid',
            description:
              'Replace keeps the latest value a node sets; Append adds to a list. A Default Value is the key’s value before any node sets it.',
            datagrid: [
              { field: 'key', headerName: 'Key', editable: true },
              {
                field: 'type',
                headerName: 'Operation',
                type: 'singleSelect',
                valueOptions: ['Replace', 'Append'],
                editable: true,
              },
              { field: 'defaultValue', headerName: 'Default Value', flex: 1, editable: true },
            ],
            optional: true,
            additionalParams: true,
          },
          {
            label: 'Custom State (Code)',
            name: 'stateMemoryCode',
            type: 'code',
            description:
              'A JavaScript object of keys, each {value: (old, update) => new, default: () => initial}',
            optional: true,
            additionalParams: true,
          },
        ],
      } as NodeParam,
    ],
  },
  init(ctx) {
    return { ...seqBase(ctx, 'state', 'State'), channels: stateChannels(ctx) };
  },
};

/** Is `value` the descriptor of a sequential node of one of these roles? */
export function isRole(value: unknown, ...roles: string[]): boolean {
  return isSeqNode(value) && roles.includes(value.role);
}
