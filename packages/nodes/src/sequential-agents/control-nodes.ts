import { randomUUID } from 'node:crypto';
import {
  latestFrom,
  type FlowRunRequest,
  type NodeContext,
  type NodeType,
  type SeqMessage,
  type SeqNode,
  type SeqStepInput,
} from '@flowloom/engine';
import { isUuid, type NodeParam } from '@flowloom/shared';
import { booleanInput, objectInput, stringInput } from '../llm/chat-model.js';
import { callModel } from '../agentflow/common/model-call.js';
import { textInput } from '../agentflow/common/values.js';
import { listFlows } from '../agentflow/common/load-methods.js';
import { answerOf, predictRemotely } from '../agentflow/executeFlowAgentflow/executeFlowAgentflow.js';
import { badgeIcon, pictogramIcon } from '../utilities/icons.js';
import {
  asPromptText,
  CONVERSATION_HISTORY_PARAM,
  flowObject,
  modelOf,
  nodePrompt,
  promptValuesParam,
  readFlowPath,
  requiredName,
  requirePredecessor,
  rowsOf,
  seqBase,
} from './common.js';
import { ANY_PREDECESSOR, BEFORE_CONDITION, SEQUENTIAL_CATEGORY, sequentialNodeParam } from './flow-nodes.js';
import { conditionOutputs, seqStructuredSchema, structuredOutputParam } from './model-nodes.js';
import { getPreviousMessages, loadStateKeys } from './load-methods.js';

const STRING_OPERATIONS = [
  'Contains',
  'Not Contains',
  'Start With',
  'End With',
  'Is',
  'Is Not',
  'Is Empty',
  'Is Not Empty',
];
const NUMBER_OPERATIONS = [
  'Greater Than',
  'Less Than',
  'Equal To',
  'Not Equal To',
  'Greater Than or Equal To',
  'Less Than or Equal To',
];

function isEmptyValue(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    value === '' ||
    (Array.isArray(value) && value.length === 0) ||
    (typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0)
  );
}

function asNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return undefined;
}

/** Whether one row of a condition table holds (SEQUENTIAL_AGENTS.md §6.2). */
export function conditionHolds(actual: unknown, operation: string, expected: unknown): boolean {
  if (isEmptyValue(actual)) return operation === 'Is Empty';
  if (NUMBER_OPERATIONS.includes(operation)) {
    const a = asNumber(actual);
    const b = asNumber(expected);
    if (a === undefined || b === undefined) return false;
    switch (operation) {
      case 'Greater Than':
        return a > b;
      case 'Less Than':
        return a < b;
      case 'Equal To':
        return a === b;
      case 'Not Equal To':
        return a !== b;
      case 'Greater Than or Equal To':
        return a >= b;
      default:
        return a <= b;
    }
  }
  const text = asPromptText(actual);
  const value = asPromptText(expected);
  switch (operation) {
    case 'Contains':
      return text.includes(value);
    case 'Not Contains':
      return !text.includes(value);
    case 'Start With':
      return text.startsWith(value);
    case 'End With':
      return text.endsWith(value);
    case 'Is':
      return text === value;
    case 'Is Not':
      return text !== value;
    case 'Is Empty':
      return false;
    case 'Is Not Empty':
      return true;
    default:
      throw new Error(`Invalid Condition: unknown operation "${operation}"`);
  }
}

/** The value a condition row's Variable names: `$flow.<path>`, `$vars.<name>` or `$<nodeId>`. */
function conditionVariable(variable: string, input: SeqStepInput, output: unknown): unknown {
  if (variable.startsWith('$flow.'))
    return readFlowPath(flowObject(input, output), variable.slice('$flow.'.length));
  if (variable.startsWith('$vars.')) return input.run.vars[variable.slice('$vars.'.length)];
  if (variable.startsWith('$')) return latestFrom(input.state.messages, variable.slice(1))?.content;
  return variable;
}

/** The output label a condition chooses, from its table or its code (the tab the node selected). */
async function decide(ctx: NodeContext, input: SeqStepInput, output?: unknown): Promise<string> {
  const tab = ctx.inputs[`selectedConditionFunctionTab_${ctx.node.id}`];
  const code = stringInput(ctx.inputs.conditionFunction);
  if (tab === 'conditionFunction' || (tab === undefined && code && !ctx.inputs.conditionUI)) {
    if (!code) throw new Error('Condition function must return a string');
    const result = await input.run.services.sandbox.run(
      code,
      { $flow: flowObject(input, output), $vars: input.run.vars },
      { signal: input.run.signal },
    );
    if (typeof result !== 'string') throw new Error('Condition function must return a string');
    return result;
  }
  for (const row of rowsOf(ctx.inputs.conditionUI)) {
    const variable = stringInput(row.variable);
    if (!variable) throw new Error('Condition variable is required!');
    const operation = textInput(row.operation);
    if (!STRING_OPERATIONS.includes(operation) && !NUMBER_OPERATIONS.includes(operation))
      throw new Error(`Invalid Condition: "${operation || 'no operation'}" is not an operation`);
    const actual = conditionVariable(variable, input, output);
    if (conditionHolds(actual, operation, row.value)) return textInput(row.output) || 'End';
  }
  return 'End';
}

/** The Condition button (table and code tabs) shared by Condition and Condition Agent. */
function conditionParam(presets: { label: string; value: string }[]): NodeParam {
  return {
    label: 'Condition',
    name: 'condition',
    type: 'conditionFunction',
    description: 'A table of rules or a function that names the output to follow',
    // Its values live in the tabs (conditionUI, conditionFunction); no value of its own.
    optional: true,
    tabIdentifier: 'selectedConditionFunctionTab',
    tabs: [
      {
        label: 'Condition (Table)',
        name: 'conditionUI',
        type: 'datagrid',
        description:
          'Rows are tried in order; the first that holds names the output to follow, otherwise End',
        datagrid: [
          {
            field: 'variable',
            headerName: 'Variable',
            type: 'freeSolo',
            editable: true,
            loadMethod: ['getPreviousMessages', 'loadStateKeys'],
            valueOptions: [
              ...presets,
              { label: 'Total Messages (number)', value: '$flow.state.messages.length' },
              { label: 'First Message Content (string)', value: '$flow.state.messages[0].content' },
              { label: 'Last Message Content (string)', value: '$flow.state.messages[-1].content' },
              { label: 'Global variable (string)', value: '$vars.<variable-name>' },
            ],
            flex: 0.5,
            minWidth: 200,
          },
          {
            field: 'operation',
            headerName: 'Operation',
            type: 'singleSelect',
            valueOptions: [...STRING_OPERATIONS, ...NUMBER_OPERATIONS],
            editable: true,
            flex: 0.4,
            minWidth: 150,
          },
          { field: 'value', headerName: 'Value', flex: 1, editable: true },
          { field: 'output', headerName: 'Output Name', editable: true, flex: 0.3, minWidth: 150 },
        ],
        optional: true,
      },
      {
        label: 'Condition (Code)',
        name: 'conditionFunction',
        type: 'code',
        description:
          'JavaScript returning the name of the output to follow; $flow (input, state, output…) and $vars are available',
        optional: true,
      },
    ],
  } as NodeParam;
}

/** Condition outputs as stored: the labels the condition defines plus End (default Next and End). */
const CONDITION_OUTPUTS = [
  { label: 'Next', name: 'next', baseClasses: ['Condition'], isAnchor: true },
  { label: 'End', name: 'end', baseClasses: ['Condition'], isAnchor: true },
];

export const seqCondition: NodeType = {
  icon: pictogramIcon('branch', '#f9a825'),
  definition: {
    label: 'Condition',
    name: 'seqCondition',
    version: 2.1,
    type: 'Condition',
    category: SEQUENTIAL_CATEGORY,
    baseClasses: ['Condition'],
    description: 'Chooses the next node from the state with a table of rules or a function',
    inputs: [
      {
        label: 'Condition Name',
        name: 'conditionName',
        type: 'string',
        optional: true,
        placeholder: 'If X, then Y',
      },
      sequentialNodeParam(BEFORE_CONDITION),
      conditionParam([]),
    ],
    outputs: CONDITION_OUTPUTS,
  },
  loadMethods: { getPreviousMessages, loadStateKeys },
  init(ctx) {
    requirePredecessor(ctx, 'Condition must have a predecessor!');
    const label = stringInput(ctx.inputs.conditionName) ?? ctx.node.label;
    return {
      ...seqBase(ctx, 'condition', label),
      outputs: conditionOutputs(ctx),
      decide: (input) => decide(ctx, input),
    } satisfies SeqNode;
  },
};

export const seqConditionAgent: NodeType = {
  icon: pictogramIcon('branch', '#ff7043'),
  readsVariables: true,
  definition: {
    label: 'Condition Agent',
    name: 'seqConditionAgent',
    version: 3.1,
    type: 'ConditionAgent',
    category: SEQUENTIAL_CATEGORY,
    baseClasses: ['ConditionAgent'],
    description: 'Asks a model which way to go, then chooses the output from its answer',
    inputs: [
      { label: 'Name', name: 'conditionAgentName', type: 'string', placeholder: 'Condition Agent' },
      sequentialNodeParam(BEFORE_CONDITION),
      {
        label: 'Chat Model',
        name: 'model',
        type: 'BaseChatModel',
        description: 'A model for this node instead of the Start node’s',
        optional: true,
      },
      {
        label: 'System Prompt',
        name: 'systemMessagePrompt',
        type: 'string',
        rows: 4,
        default:
          'You route support conversations. Decide whether the representative is sending the user to the technical team or just talking with them.',
        optional: true,
        additionalParams: true,
      },
      CONVERSATION_HISTORY_PARAM,
      {
        label: 'Human Prompt',
        name: 'humanMessagePrompt',
        type: 'string',
        rows: 4,
        default:
          'Read the conversation above. Answer with the single word TECHNICAL if the user is being sent to technical support, otherwise with the single word CONVERSATION.',
        optional: true,
        additionalParams: true,
      },
      promptValuesParam({ additionalParams: true }),
      structuredOutputParam('conditionAgentStructuredOutput'),
      conditionParam([
        { label: 'Agent Output (string)', value: '$flow.output.content' },
        { label: "Agent's JSON Key Output (string)", value: '$flow.output.<replace-with-key>' },
      ]),
    ],
    outputs: CONDITION_OUTPUTS,
  },
  loadMethods: { getPreviousMessages, loadStateKeys },
  init(ctx) {
    requirePredecessor(ctx, 'Condition Agent must have a predecessor!');
    const label = stringInput(ctx.inputs.conditionAgentName) ?? ctx.node.label;
    const schema = seqStructuredSchema(ctx.inputs.conditionAgentStructuredOutput);
    return {
      ...seqBase(ctx, 'condition', label),
      outputs: conditionOutputs(ctx),
      async decide(input) {
        const model = modelOf(ctx.inputs.model, input, label);
        const prompt = await nodePrompt(ctx, input, 'Condition Agent');
        const messages = prompt.system
          ? [{ role: 'system' as const, content: prompt.system }, ...prompt.messages]
          : prompt.messages;
        const result = await callModel({
          model,
          messages,
          stream: false,
          run: input.run,
          ...(schema && { schema }),
        });
        // The model's answer only routes the run: it is not added to the conversation.
        return decide(ctx, input, result.object ?? { content: result.text });
      },
    } satisfies SeqNode;
  },
};

const RETURN_VALUE_AS: NodeParam = {
  label: 'Return Value As',
  name: 'returnValueAs',
  type: 'options',
  options: [
    { label: 'AI Message', name: 'aiMessage' },
    { label: 'Human Message', name: 'humanMessage' },
    { label: 'State Object', name: 'stateObj', description: 'Return an object of state keys to set' },
  ],
  default: 'aiMessage',
};

/** A node's answer as a message of the kind Return Value As chooses. */
function answerMessage(content: string, as: unknown, name: string, nodeId: string): SeqMessage {
  return { role: as === 'humanMessage' ? 'human' : 'ai', content, name, nodeId };
}

export const seqCustomFunction: NodeType = {
  icon: badgeIcon('ƒ', '#455a64'),
  readsVariables: true,
  definition: {
    label: 'Custom JS Function',
    name: 'seqCustomFunction',
    version: 1,
    type: 'CustomFunction',
    category: SEQUENTIAL_CATEGORY,
    baseClasses: ['CustomFunction'],
    description: 'Runs your JavaScript (in a sandbox) and adds its result to the conversation or state',
    inputs: [
      {
        label: 'Input Variables',
        name: 'functionInputVariables',
        type: 'json',
        description:
          'Values the function reads as $name: text, $flow.<path>, $vars.<name> or an earlier node',
        optional: true,
        acceptVariable: true,
        list: true,
      },
      sequentialNodeParam(ANY_PREDECESSOR),
      { label: 'Function Name', name: 'functionName', type: 'string', placeholder: 'My Function' },
      {
        label: 'Javascript Function',
        name: 'javascriptFunction',
        type: 'code',
        description: 'Runs in a sandbox with $flow, $vars and your input variables; return the result',
      },
      RETURN_VALUE_AS,
    ],
  },
  init(ctx) {
    requirePredecessor(ctx, 'Custom function must have a predecessor!');
    const name = requiredName(ctx, 'functionName', 'Function name is required!');
    const code = stringInput(ctx.inputs.javascriptFunction);
    if (!code) throw new Error('Javascript Function is required');
    return {
      ...seqBase(ctx, 'function', name),
      async run(input) {
        const globals: Record<string, unknown> = { $flow: flowObject(input), $vars: input.run.vars };
        let variables: Record<string, unknown> | undefined;
        try {
          variables = objectInput(ctx.inputs.functionInputVariables);
        } catch {
          throw new Error('Input Variables must be a JSON object');
        }
        for (const [key, value] of Object.entries(variables ?? {})) {
          if (!/^[A-Za-z_]\w*$/.test(key)) throw new Error(`"${key}" is not a valid variable name`);
          globals[`$${key}`] = functionValue(value, input);
        }
        const result = await input.run.services.sandbox.run(code, globals, { signal: input.run.signal });
        if (ctx.inputs.returnValueAs === 'stateObj') {
          if (!result || typeof result !== 'object' || Array.isArray(result))
            throw new Error('Custom function must return an object!');
          return result as Record<string, unknown>;
        }
        if (typeof result !== 'string') throw new Error('Custom function must return a string!');
        return { messages: [answerMessage(result, ctx.inputs.returnValueAs, name, ctx.node.id)] };
      },
    } satisfies SeqNode;
  },
};

/**
 * An input variable of a custom function: an earlier node's latest message (Flowise reads its first
 * one, stale after a loop, unlike every other node reference), `$flow.…`, `$vars.…`, or as given.
 */
function functionValue(value: unknown, input: SeqStepInput): unknown {
  const node = value as { kind?: unknown; nodeId?: unknown; id?: unknown } | null;
  const nodeId =
    node && typeof node === 'object'
      ? typeof node.nodeId === 'string'
        ? node.nodeId
        : typeof node.id === 'string'
          ? node.id
          : undefined
      : undefined;
  if (nodeId) return latestFrom(input.state.messages, nodeId)?.content ?? '';
  if (typeof value === 'string' && value.startsWith('$flow.'))
    return readFlowPath(flowObject(input), value.slice('$flow.'.length)) ?? value;
  if (typeof value === 'string' && value.startsWith('$vars.')) return input.run.vars[value.slice(6)] ?? '';
  return value;
}

export const seqExecuteFlow: NodeType = {
  icon: badgeIcon('⇢', '#7cb342'),
  definition: {
    label: 'Execute Flow',
    name: 'seqExecuteFlow',
    version: 1,
    type: 'ExecuteFlow',
    category: SEQUENTIAL_CATEGORY,
    baseClasses: ['ExecuteFlow'],
    description: 'Runs another chatflow or agentflow and adds its answer to the conversation',
    credential: {
      label: 'Connect Credential',
      name: 'credential',
      type: 'credential',
      credentialNames: ['chatflowApi'],
      optional: true,
    },
    inputs: [
      sequentialNodeParam(ANY_PREDECESSOR),
      { label: 'Name', name: 'seqExecuteFlowName', type: 'string' },
      { label: 'Select Flow', name: 'selectedFlow', type: 'asyncOptions', loadMethod: 'listFlows' },
      {
        label: 'Input',
        name: 'seqExecuteFlowInput',
        type: 'options',
        description:
          'What the flow is asked: the user’s question, the output of an earlier node, or your own text',
        options: [
          {
            label: '{{ question }}',
            name: 'userQuestion',
            description: 'The question the user asked in the chat',
          },
        ],
        freeSolo: true,
        // The canvas adds `{{ <nodeId> }}` for each earlier node (load method getPreviousMessages).
        loadPreviousNodes: true,
      } as NodeParam,
      {
        label: 'Override Config',
        name: 'overrideConfig',
        type: 'json',
        description: 'Override the flow’s settings for this call (its API override rules apply)',
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Base URL',
        name: 'baseURL',
        type: 'string',
        description: 'Run the flow on another Flowloom or Flowise server instead of this one',
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Start new session per message',
        name: 'startNewSession',
        type: 'boolean',
        description: 'Give every call a new chat and session instead of this conversation’s',
        default: false,
        optional: true,
        additionalParams: true,
      },
      RETURN_VALUE_AS,
    ],
  },
  loadMethods: { listFlows, getPreviousMessages },
  init(ctx) {
    requirePredecessor(ctx, 'Execute Flow must have a predecessor!');
    const name = requiredName(ctx, 'seqExecuteFlowName', 'Execute Flow node name is required!');
    const flowId = stringInput(ctx.inputs.selectedFlow) ?? '';
    if (!isUuid(flowId)) throw new Error('Invalid flow ID: must be a valid UUID');
    if (flowId === ctx.run.flowId) throw new Error('Cannot call the same agentflow!');
    const baseUrl = stringInput(ctx.inputs.baseURL);
    if (baseUrl && !URL.canParse(baseUrl)) throw new Error('Invalid base URL: must be a valid URL');
    return {
      ...seqBase(ctx, 'executeFlow', name),
      async run(input) {
        const question = executeFlowQuestion(ctx.inputs.seqExecuteFlowInput, input);
        let overrideConfig: Record<string, unknown> | undefined;
        try {
          overrideConfig = objectInput(ctx.inputs.overrideConfig);
        } catch {
          throw new Error('The Override Config is not a valid JSON object');
        }
        const fresh = booleanInput(ctx.inputs.startNewSession, false);
        const sessionId = fresh ? randomUUID() : input.run.sessionId;
        const apiKey = stringInput((await ctx.credential()).chatflowApiKey);
        const request: FlowRunRequest = {
          question,
          chatId: fresh ? randomUUID() : input.run.chatId,
          overrideConfig: { sessionId, ...overrideConfig },
          ...(apiKey && { apiKey }),
          signal: input.run.signal,
        };
        const body = baseUrl
          ? await predictRemotely(input.run.services.http, baseUrl, flowId, request)
          : await input.run.services.runFlow(flowId, request);
        const content = answerOf(body);
        return { messages: [answerMessage(content, ctx.inputs.returnValueAs, name, ctx.node.id)] };
      },
    } satisfies SeqNode;
  },
};

/** What Execute Flow asks: the question, an earlier node's latest message (as JSON text), or free text. */
function executeFlowQuestion(value: unknown, input: SeqStepInput): string {
  if (value === undefined || value === '' || value === 'userQuestion') return input.question;
  const text = textInput(value).trim();
  const nodeId = /^\{\{\s*([\w-]+)\s*\}\}$/.exec(text)?.[1];
  if (nodeId && nodeId !== 'question') {
    const message = latestFrom(input.state.messages, nodeId);
    return message ? JSON.stringify(message.content) : '';
  }
  if (nodeId === 'question') return input.question;
  return text;
}
