import type { ModelMessage } from 'ai';
import {
  isSeqNode,
  latestFrom,
  type NodeContext,
  type SeqMessage,
  type SeqNode,
  type SeqStepInput,
  type SeqToolCall,
  type SeqUpdate,
} from '@flowloom/engine';
import type { NodeParam } from '@flowloom/shared';
import { textInput } from '../agentflow/common/values.js';
import { isChatModel, requireChatModel, stringInput, type ChatModelHandle } from '../llm/chat-model.js';

/** Graph node name of a label: lower-cased, whitespace as `_` (Flowise). */
export function seqName(label: string): string {
  return label.trim().toLowerCase().replace(/\s+/g, '_');
}

/** The name a node's "Name" input gives it, or a readable error naming what is missing. */
export function requiredName(ctx: NodeContext, input: string, missing: string): string {
  const name = stringInput(ctx.inputs[input]);
  if (!name) throw new Error(missing);
  return name;
}

/** The descriptor fields every sequential node shares. */
export function seqBase(ctx: NodeContext, role: SeqNode['role'], label: string): SeqNode {
  return {
    kind: 'seqNode',
    role,
    nodeId: ctx.node.id,
    label,
    nodeName: ctx.node.name,
    name: seqName(label),
  };
}

/** The node's own model, else the Start (or Supervisor) model. */
export function modelOf(own: unknown, input: SeqStepInput, label: string): ChatModelHandle {
  return requireChatModel(
    isChatModel(own) ? own : input.startModel,
    `${label}: Chat Model (on the node or on Start)`,
  );
}

/** The predecessors connected to a `sequentialNode` input (a list): required. */
export function requirePredecessor(ctx: NodeContext, message: string, input = 'sequentialNode'): void {
  const value = ctx.inputs[input];
  const list = Array.isArray(value) ? value.flat() : value ? [value] : [];
  if (!list.some(isSeqNode)) throw new Error(message);
}

// ---------------------------------------------------------------------------------------------
// Inputs shared by several nodes (Flowise names and types).

export const CONVERSATION_HISTORY_PARAM: NodeParam = {
  label: 'Conversation History',
  name: 'conversationHistorySelection',
  type: 'options',
  options: [
    { label: 'User Question', name: 'user_question', description: 'Only the question of this turn' },
    {
      label: 'Last Conversation Message',
      name: 'last_message',
      description: 'The latest message of the conversation state',
    },
    {
      label: 'All Conversation Messages',
      name: 'all_messages',
      description: 'Every message of the conversation state',
    },
    {
      label: 'Empty',
      name: 'empty',
      description: 'No conversation messages: the prompts must carry what the model needs',
    },
  ],
  default: 'all_messages',
  optional: true,
  additionalParams: true,
  description: 'Which conversation messages the model sees, after the System Prompt',
};

export const MESSAGE_HISTORY_PARAM: NodeParam = {
  label: 'Prepend Messages History',
  name: 'messageHistory',
  type: 'code',
  description:
    'JavaScript returning an array of messages ({role: "user" | "assistant" | "system", content}) placed after the System Prompt, e.g. few-shot examples. $flow and $vars are available.',
  optional: true,
  additionalParams: true,
};

export function promptValuesParam(extra: Partial<NodeParam> = {}): NodeParam {
  return {
    label: 'Format Prompt Values',
    name: 'promptValues',
    type: 'json',
    description:
      'Values of the {variables} of the prompts: text, $flow.state.<key>, or the output of an earlier node',
    optional: true,
    acceptVariable: true,
    list: true,
    ...extra,
  };
}

/** Value presets of the Update State table, per node kind. */
const COMMON_VALUE_PRESETS = [
  { label: 'Global variable (string)', value: '$vars.<variable-name>' },
  { label: 'Input Question (string)', value: '$flow.input' },
  { label: 'Session Id (string)', value: '$flow.sessionId' },
  { label: 'Chat Id (string)', value: '$flow.chatId' },
  { label: 'Chatflow Id (string)', value: '$flow.chatflowId' },
];

export function updateStateParam(presets: { label: string; value: string }[]): NodeParam {
  return {
    label: 'Update State',
    name: 'updateStateMemory',
    type: 'tabs',
    tabIdentifier: 'selectedUpdateStateMemoryTab',
    default: 'updateStateMemoryUI',
    additionalParams: true,
    tabs: [
      {
        label: 'Update State (Table)',
        name: 'updateStateMemoryUI',
        type: 'datagrid',
        description: 'Keys of the State node to set from this node: $flow.output is what the node answered',
        datagrid: [
          {
            field: 'key',
            headerName: 'Key',
            type: 'asyncSingleSelect',
            loadMethod: 'loadStateKeys',
            flex: 0.5,
            editable: true,
          },
          {
            field: 'value',
            headerName: 'Value',
            type: 'freeSolo',
            valueOptions: [...presets, ...COMMON_VALUE_PRESETS],
            editable: true,
            flex: 1,
          },
        ],
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Update State (Code)',
        name: 'updateStateMemoryCode',
        type: 'code',
        description:
          'JavaScript returning an object of state keys to set; $flow.output is what the node answered',
        optional: true,
        additionalParams: true,
      },
    ],
  } as NodeParam;
}

export function approvalParams(): NodeParam[] {
  return [
    {
      label: 'Approval Prompt',
      name: 'approvalPrompt',
      type: 'string',
      description: 'Asks the person whether the pending tool calls may run; {tools} lists them',
      default: 'The next step runs these tools: {tools}. Ask the user whether to go ahead.',
      rows: 4,
      optional: true,
      additionalParams: true,
    },
    {
      label: 'Approve Button Text',
      name: 'approveButtonText',
      type: 'string',
      default: 'Yes',
      optional: true,
      additionalParams: true,
    },
    {
      label: 'Reject Button Text',
      name: 'rejectButtonText',
      type: 'string',
      default: 'No',
      optional: true,
      additionalParams: true,
    },
  ];
}

export function approvalSettings(ctx: NodeContext): {
  prompt: string;
  approveText: string;
  rejectText: string;
} {
  return {
    prompt:
      stringInput(ctx.inputs.approvalPrompt) ??
      'The next step runs these tools: {tools}. Ask the user whether to go ahead.',
    approveText: stringInput(ctx.inputs.approveButtonText) ?? 'Yes',
    rejectText: stringInput(ctx.inputs.rejectButtonText) ?? 'No',
  };
}

// ---------------------------------------------------------------------------------------------
// Paths and values (`$flow.state.messages[-1].content`).

/** Reads a lodash-style path (`a.b[0].c`, `[-1]` counts from the end). */
export function readFlowPath(root: unknown, path: string): unknown {
  const parts = path.match(/[^.[\]]+|\[-?\d+\]/g) ?? [];
  let current = root;
  for (const raw of parts) {
    if (current === null || current === undefined) return undefined;
    const index = /^\[(-?\d+)\]$/.exec(raw)?.[1];
    if (index !== undefined) {
      if (!Array.isArray(current)) return undefined;
      const i = Number(index);
      current = current[i < 0 ? current.length + i : i];
    } else if (typeof current === 'object') current = (current as Record<string, unknown>)[raw];
    else return undefined;
  }
  return current;
}

/** `$flow` of a step: ids, the question, the state without messages turned into plain data. */
export function flowObject(input: SeqStepInput, output?: unknown): Record<string, unknown> {
  return {
    chatflowId: input.flow.chatflowId,
    sessionId: input.flow.sessionId,
    chatId: input.flow.chatId,
    input: input.flow.input,
    state: input.state,
    vars: input.run.vars,
    ...(output !== undefined && { output }),
  };
}

/** The text of a state message of a referenced node (a descriptor, or `{{id.data.instance}}` text). */
function referencedOutput(value: unknown, input: SeqStepInput): string | undefined {
  let nodeId: string | undefined;
  if (isSeqNode(value)) nodeId = value.nodeId;
  else if (typeof value === 'string')
    nodeId = /^\{\{\s*([\w-]+)\.data\.instance\s*\}\}$/.exec(value.trim())?.[1];
  if (!nodeId) return undefined;
  const message = latestFrom(input.state.messages, nodeId);
  if (!message) return '';
  return message.content;
}

/** One value of Format Prompt Values or an Update State row, read against the run. */
export function flowValue(value: unknown, input: SeqStepInput, output?: unknown): unknown {
  const referenced = referencedOutput(value, input);
  if (referenced !== undefined) return referenced;
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text.startsWith('$flow.')) return readFlowPath(flowObject(input, output), text.slice('$flow.'.length));
  if (text.startsWith('$vars.')) return input.run.vars[text.slice('$vars.'.length)];
  return value;
}

/** A value as prompt text: objects as JSON. */
export function asPromptText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** Format Prompt Values as an object (parsed JSON text), or a readable error naming the node kind. */
export function promptValuesOf(value: unknown, kind: string): Record<string, unknown> {
  if (value === undefined || value === null || value === '') return {};
  if (typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  if (typeof value === 'string') {
    try {
      const parsed = JSON.parse(value) as unknown;
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
        return parsed as Record<string, unknown>;
    } catch (error) {
      throw new Error(`Invalid JSON in the ${kind}'s Prompt Input Values: ${(error as Error).message}`);
    }
  }
  throw new Error(`Invalid JSON in the ${kind}'s Prompt Input Values: expected an object`);
}

/** `{name}` variables of a prompt (single braces; `{{…}}` and `{…:…}` stay literal). */
export function promptVariables(template: string): string[] {
  const names = new Set<string>();
  for (const match of template.matchAll(/(?<!\{)\{([A-Za-z_][\w]*)\}(?!\})/g)) names.add(match[1]!);
  return [...names];
}

/** Fills `{name}` variables; every one must have a value. */
export function fillPrompt(template: string, values: Record<string, string>): string {
  return template.replace(/(?<!\{)\{([A-Za-z_][\w]*)\}(?!\})/g, (match, name: string) =>
    name in values ? values[name]! : match,
  );
}

/** The prompts of a node with their variables filled; missing values fail the node. */
export function formatPrompts(
  prompts: { system?: string; human?: string },
  valuesInput: unknown,
  input: SeqStepInput,
  kind: string,
): { system?: string; human?: string } {
  const raw = promptValuesOf(valuesInput, kind);
  const needed = [
    ...new Set([...promptVariables(prompts.system ?? ''), ...promptVariables(prompts.human ?? '')]),
  ];
  if (needed.length === 0) return prompts;
  const missing = needed.filter((name) => !(name in raw));
  if (missing.length > 0)
    throw new Error(
      `${kind} input variables values are not provided! Required: ${needed.join(' ')}, Provided: ${Object.keys(raw).join(' ') || 'none'}. Missing: ${missing.join(' ')}`,
    );
  const values = Object.fromEntries(needed.map((name) => [name, asPromptText(flowValue(raw[name], input))]));
  return {
    ...(prompts.system !== undefined && { system: fillPrompt(prompts.system, values) }),
    ...(prompts.human !== undefined && { human: fillPrompt(prompts.human, values) }),
  };
}

// ---------------------------------------------------------------------------------------------
// Messages.

/** The state messages a node sees (its Conversation History input). */
export function selectedMessages(selection: unknown, input: SeqStepInput): SeqMessage[] {
  switch (selection) {
    case 'user_question':
      return [{ role: 'human', content: input.question }];
    case 'last_message':
      return input.state.messages.slice(-1);
    case 'empty':
      return [];
    default:
      return input.state.messages;
  }
}

function callsAnswered(messages: readonly SeqMessage[], from: number, calls: SeqToolCall[]): boolean {
  const answered = new Set(
    messages
      .slice(from + 1)
      .filter((m) => m.role === 'tool')
      .map((m) => m.toolCallId),
  );
  return calls.every((call) => answered.has(call.id));
}

/**
 * State messages as model messages. Tool calls and their results stay structured only when both are
 * present (a model refuses an unanswered call or an orphan result); otherwise they become text.
 */
export function toModelMessages(messages: readonly SeqMessage[]): ModelMessage[] {
  const out: ModelMessage[] = [];
  const pairedCalls = new Set<string>();
  messages.forEach((message, index) => {
    if (message.toolCalls?.length && callsAnswered(messages, index, message.toolCalls))
      for (const call of message.toolCalls) pairedCalls.add(call.id);
  });
  for (const message of messages) {
    if (message.role === 'system') out.push({ role: 'system', content: message.content });
    else if (message.role === 'human') out.push({ role: 'user', content: message.content });
    else if (message.role === 'tool') {
      if (message.toolCallId && pairedCalls.has(message.toolCallId))
        out.push({
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: message.toolCallId,
              toolName: message.name ?? 'tool',
              output: { type: 'text', value: message.content },
            },
          ],
        });
      else
        out.push({ role: 'assistant', content: `Tool ${message.name ?? ''} answered: ${message.content}` });
    } else {
      const calls = (message.toolCalls ?? []).filter((call) => pairedCalls.has(call.id));
      const loose = (message.toolCalls ?? []).filter((call) => !pairedCalls.has(call.id));
      const text = [
        message.content,
        ...loose.map((call) => `Calling tool ${call.name} with ${JSON.stringify(call.args)}`),
      ]
        .filter(Boolean)
        .join('\n');
      if (calls.length === 0) out.push({ role: 'assistant', content: text });
      else
        out.push({
          role: 'assistant',
          content: [
            ...(text ? [{ type: 'text' as const, text }] : []),
            ...calls.map((call) => ({
              type: 'tool-call' as const,
              toolCallId: call.id,
              toolName: call.name,
              input: call.args,
            })),
          ],
        });
    }
  }
  return out;
}

/** The messages of Prepend Messages History (JavaScript run in the sandbox). */
export async function prependedMessages(code: unknown, input: SeqStepInput): Promise<SeqMessage[]> {
  const text = stringInput(code);
  if (!text) return [];
  const result = await input.run.services.sandbox.run(
    text,
    { $flow: flowObject(input), $vars: input.run.vars },
    { signal: input.run.signal },
  );
  if (!Array.isArray(result)) throw new Error('Returned message history must be an array');
  return result.map((item: unknown) => {
    const entry = (item ?? {}) as { role?: unknown; type?: unknown; content?: unknown };
    const role = textInput(entry.role ?? entry.type) || 'user';
    const content = asPromptText(entry.content);
    if (role === 'system') return { role: 'system', content };
    if (role === 'assistant' || role === 'ai') return { role: 'ai', content };
    return { role: 'human', content };
  });
}

/** The prompt of an Agent, LLM Node or Condition Agent, as model messages. */
export async function nodePrompt(
  ctx: NodeContext,
  input: SeqStepInput,
  kind: string,
  defaults: { system?: string; human?: string } = {},
): Promise<{ system?: string; messages: ModelMessage[] }> {
  const raw = {
    system: stringInput(ctx.inputs.systemMessagePrompt) ?? defaults.system,
    human: stringInput(ctx.inputs.humanMessagePrompt) ?? defaults.human,
  };
  const { system, human } = formatPrompts(raw, ctx.inputs.promptValues, input, kind);
  const messages = [
    ...(await prependedMessages(ctx.inputs.messageHistory, input)),
    ...selectedMessages(ctx.inputs.conversationHistorySelection, input),
    ...(human ? [{ role: 'human' as const, content: human }] : []),
  ];
  if (messages.length === 0) messages.push({ role: 'human', content: input.question });
  return { ...(system && { system }), messages: toModelMessages(messages) };
}

// ---------------------------------------------------------------------------------------------
// Update State.

/** The state keys a node sets after it ran (Update State table or code), with `$flow.output`. */
export async function stateUpdate(
  ctx: NodeContext,
  input: SeqStepInput,
  output: unknown,
): Promise<Record<string, unknown>> {
  const tab = ctx.inputs[`selectedUpdateStateMemoryTab_${ctx.node.id}`];
  if (tab === 'updateStateMemoryCode') {
    const code = stringInput(ctx.inputs.updateStateMemoryCode);
    if (!code) return {};
    const result = await input.run.services.sandbox.run(
      code,
      { $flow: flowObject(input, output), $vars: input.run.vars },
      { signal: input.run.signal },
    );
    if (!result || typeof result !== 'object' || Array.isArray(result))
      throw new Error('Return output must be an object');
    return result as Record<string, unknown>;
  }
  const rows = rowsOf(ctx.inputs.updateStateMemoryUI ?? ctx.inputs.updateStateMemory);
  const update: Record<string, unknown> = {};
  for (const row of rows) {
    const key = typeof row.key === 'string' ? row.key.trim() : '';
    if (!key) continue;
    update[key] = flowValue(row.value, input, output);
  }
  return update;
}

/** Grid rows: a JSON array (text or value); anything else has none. */
export function rowsOf(value: unknown): Record<string, unknown>[] {
  let rows: unknown = value;
  if (typeof value === 'string') {
    if (!value.trim().startsWith('[')) return [];
    try {
      rows = JSON.parse(value);
    } catch {
      return [];
    }
  }
  return Array.isArray(rows)
    ? rows.filter((r): r is Record<string, unknown> => !!r && typeof r === 'object')
    : [];
}

/** A node's update: its messages plus the state keys it sets. */
export function withState(messages: SeqMessage[], state: Record<string, unknown>): SeqUpdate {
  return { ...state, messages };
}

/** `{tools}` of an approval prompt: the pending calls as Flowise lists them. */
export function pendingToolsText(calls: readonly SeqToolCall[]): string {
  return JSON.stringify(calls.map((call) => ({ tool: call.name, toolInput: call.args, toolOutput: '' })));
}
