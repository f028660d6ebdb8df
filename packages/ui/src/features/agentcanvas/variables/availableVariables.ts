import { nodesUpstream } from '../../canvas/document/upstream';
import { rowsOf } from '../document/handles';
import {
  CONDITION_NODE,
  ITERATION_NODE,
  START_NODE,
  STICKY_NOTE_NODE,
  type AgentDocument,
  type AgentNode,
} from '../document/types';

/** Where a variable comes from; the picker shows one heading per group, in this order. */
export type VariableGroup =
  'chat' | 'flow' | 'state' | 'form' | 'webhook' | 'vars' | 'iteration' | 'nodes' | 'output';

export const VARIABLE_GROUP_LABELS: Record<VariableGroup, string> = {
  chat: 'Chat',
  flow: 'Flow',
  state: 'Flow state',
  form: 'Form inputs',
  webhook: 'Webhook',
  vars: 'Variables',
  iteration: 'Iteration',
  nodes: 'Node outputs',
  output: 'This node’s output',
};

/** One entry of the variable picker. */
export interface VariableOption {
  /** What goes between the braces, exactly as the executor resolves it: `question`, `llmAgentflow_0`. */
  expression: string;
  label: string;
  description: string;
  group: VariableGroup;
  /**
   * Text written as it is instead of `{{ expression }}`: the sequential canvas's `$flow.state…`
   * paths, which its nodes read without braces (Flowise's picker inserts them so).
   */
  insert?: string;
}

export interface VariableScopeOptions {
  /** Names of the workspace variables (`GET /variables`). */
  workspaceVariables?: readonly string[];
  /**
   * Offer `output` and `output.<key>` (fields marked `acceptNodeOutputAsVariable`, which are
   * resolved after the node ran, AGENTFLOW_V2.md §0.4).
   */
  nodeOutput?: boolean;
}

/**
 * Node types whose output has no `content` (nor `http.data`), so `{{ <nodeId> }}` would stay as
 * written (AGENTFLOW_V2.md §2.4): Start keeps the question in `output.question`, Condition only its
 * rows.
 */
const WITHOUT_CONTENT = new Set([START_NODE, CONDITION_NODE, STICKY_NOTE_NODE]);

/** The chat's own values (the sequential canvas offers the first three, as Flowise's does). */
export const CHAT: readonly VariableOption[] = [
  { expression: 'question', label: 'question', description: 'The user’s question', group: 'chat' },
  {
    expression: 'chat_history',
    label: 'chat_history',
    description: 'The conversation so far, as “Human: …” / “Assistant: …” lines',
    group: 'chat',
  },
  {
    expression: 'file_attachment',
    label: 'file_attachment',
    description: 'Text extracted from uploaded files',
    group: 'chat',
  },
  {
    expression: 'current_date_time',
    label: 'current_date_time',
    description: 'Date and time of the run (ISO 8601)',
    group: 'chat',
  },
  {
    expression: 'runtime_messages_length',
    label: 'runtime_messages_length',
    description: 'Messages added so far in this run',
    group: 'chat',
  },
  {
    expression: 'loop_count',
    label: 'loop_count',
    description: 'How many times the last Loop node went back',
    group: 'chat',
  },
];

const FLOW: readonly VariableOption[] = [
  { expression: '$flow.sessionId', label: 'sessionId', description: 'Session of the chat', group: 'flow' },
  { expression: '$flow.chatId', label: 'chatId', description: 'Id of the chat', group: 'flow' },
  { expression: '$flow.chatflowId', label: 'chatflowId', description: 'Id of this agentflow', group: 'flow' },
];

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** Non-empty values of one column of an array input, without repeats. */
function columnOf(value: unknown, column: string): string[] {
  return [...new Set(rowsOf(value).map((row) => text(row[column])))].filter(Boolean);
}

/** Keys of a node's JSON structured output (`llmStructuredOutput`, `agentStructuredOutput`). */
export function structuredOutputKeys(node: AgentNode): string[] {
  return Object.entries(node.data.inputs)
    .filter(([name]) => name.endsWith('StructuredOutput'))
    .flatMap(([, value]) => columnOf(value, 'key'));
}

/**
 * The nodes whose output `nodeId` can read, nearest first: every node with a path of edges to it
 * and, inside an Iteration, every node with a path to that Iteration (AGENTFLOW_V2.md §2.4).
 * Sticky notes never run and are left out.
 */
export function upstreamNodes(doc: AgentDocument, nodeId: string): AgentNode[] {
  const found = nodesUpstream(doc, nodeId);
  const seen = new Set([nodeId, ...found.map((node) => node.id)]);
  const parentId = doc.nodes.find((node) => node.id === nodeId)?.parentId;
  const parent = parentId ? doc.nodes.find((node) => node.id === parentId) : undefined;
  if (parent?.data.name === ITERATION_NODE) {
    for (const node of upstreamNodes(doc, parent.id))
      if (!seen.has(node.id)) {
        seen.add(node.id);
        found.push(node);
      }
  }
  return found.filter((node) => node.data.name !== STICKY_NOTE_NODE);
}

function startOptions(start: AgentNode | undefined): VariableOption[] {
  if (!start) return [];
  const { inputs } = start.data;
  const state = columnOf(inputs.startState, 'key').map<VariableOption>((key) => ({
    expression: `$flow.state.${key}`,
    label: key,
    description: 'Flow state, as it is when this node runs',
    group: 'state',
  }));
  const form =
    inputs.startInputType === 'formInput'
      ? rowsOf(inputs.formInputTypes)
          .filter((row) => text(row.name))
          .map<VariableOption>((row) => ({
            expression: `$form.${text(row.name)}`,
            label: text(row.name),
            description: text(row.label) ? `Form input “${text(row.label)}”` : 'Form input',
            group: 'form',
          }))
      : [];
  const webhook =
    inputs.startInputType === 'webhookTrigger'
      ? (['body', 'headers', 'query'] as const).map<VariableOption>((part) => ({
          expression: `$webhook.${part}`,
          label: part,
          description: `Webhook request ${part} (add .<field> for one value)`,
          group: 'webhook',
        }))
      : [];
  return [...state, ...form, ...webhook];
}

function nodeOptions(node: AgentNode): VariableOption[] {
  if (WITHOUT_CONTENT.has(node.data.name)) return [];
  const { id } = node;
  const { label } = node.data;
  return [
    {
      expression: id,
      label,
      description: node.data.name === 'httpAgentflow' ? 'Response data' : 'Output text',
      group: 'nodes',
    },
    ...structuredOutputKeys(node).map<VariableOption>((key) => ({
      expression: `${id}.output.${key}`,
      label: `${label} › ${key}`,
      description: 'Structured output key',
      group: 'nodes',
    })),
  ];
}

function ownOutputOptions(node: AgentNode): VariableOption[] {
  return [
    {
      expression: 'output',
      label: 'output',
      description: 'What this node returned (whole value when the field holds only this)',
      group: 'output',
    },
    ...structuredOutputKeys(node).map<VariableOption>((key) => ({
      expression: `output.${key}`,
      label: `output.${key}`,
      description: 'Structured output key of this node',
      group: 'output',
    })),
  ];
}

/**
 * Every variable a `{{ }}` field of node `nodeId` can use in flow `doc`: chat and flow values,
 * the Start node's flow state, form or webhook inputs, workspace variables, `$iteration` inside an
 * Iteration, the outputs of upstream nodes, and (when asked) the node's own `output`.
 */
export function availableVariables(
  doc: AgentDocument,
  nodeId: string,
  { workspaceVariables = [], nodeOutput = false }: VariableScopeOptions = {},
): VariableOption[] {
  const node = doc.nodes.find((item) => item.id === nodeId);
  const start = doc.nodes.find((item) => item.data.name === START_NODE);
  const parent = node?.parentId ? doc.nodes.find((item) => item.id === node.parentId) : undefined;
  const vars = [...new Set(workspaceVariables)].map<VariableOption>((name) => ({
    expression: `$vars.${name}`,
    label: name,
    description: 'Workspace variable',
    group: 'vars',
  }));
  const iteration: VariableOption[] =
    parent?.data.name === ITERATION_NODE
      ? [
          {
            expression: '$iteration',
            label: '$iteration',
            description: `Current item of ${parent.data.label} (add .<field> for one value)`,
            group: 'iteration',
          },
        ]
      : [];
  const upstream = node ? upstreamNodes(doc, node.id).flatMap(nodeOptions) : [];
  const own = node && nodeOutput ? ownOutputOptions(node) : [];
  const all = [...CHAT, ...FLOW, ...startOptions(start), ...vars, ...iteration, ...upstream, ...own];
  const seen = new Set<string>();
  return all.filter((option) => !seen.has(option.expression) && !!seen.add(option.expression));
}

/** The options matching what was typed (case-insensitive, in label or expression), order kept. */
export function filterVariables(options: readonly VariableOption[], query: string): VariableOption[] {
  const wanted = query.trim().toLowerCase();
  if (!wanted) return [...options];
  return options.filter(
    (option) =>
      option.expression.toLowerCase().includes(wanted) || option.label.toLowerCase().includes(wanted),
  );
}
