import {
  denialMessages,
  pendingCalls,
  type NodeContext,
  type NodeType,
  type SeqMessage,
  type SeqNode,
  type SeqStepInput,
  type SeqToolCall,
} from '@flowloom/engine';
import type { NodeParam } from '@flowloom/shared';
import { booleanInput, numberInput, requireChatModel } from '../llm/chat-model.js';
import { generate, withImages } from '../llm/generate.js';
import { runToolLoop } from '../agents/tool-loop.js';
import { callModel } from '../agentflow/common/model-call.js';
import { structuredOutputSchema } from '../agentflow/common/structured.js';
import { textInput } from '../agentflow/common/values.js';
import { toolList, type ToolHandle } from '../tools/tool.js';
import { badgeIcon } from '../utilities/icons.js';
import {
  approvalParams,
  approvalSettings,
  CONVERSATION_HISTORY_PARAM,
  MESSAGE_HISTORY_PARAM,
  modelOf,
  nodePrompt,
  pendingToolsText,
  promptValuesParam,
  requiredName,
  requirePredecessor,
  rowsOf,
  seqBase,
  stateUpdate,
  updateStateParam,
  withState,
} from './common.js';
import { ANY_PREDECESSOR, SEQUENTIAL_CATEGORY, sequentialNodeParam } from './flow-nodes.js';
import { modelTurn, runToolCalls, trailingToolMessages } from './tool-calls.js';
import { loadStateKeys } from './load-methods.js';

const DEFAULT_AGENT_PROMPT =
  'You are a research assistant who finds current information with the tools you have.';
const DEFAULT_MAX_ITERATIONS = 10;

const modelParam: NodeParam = {
  label: 'Chat Model',
  name: 'model',
  type: 'BaseChatModel',
  description: 'A model for this node instead of the Start node’s',
  optional: true,
};

/** Invalid markdown images (`![](…)` without a usable address) are dropped from agent answers. */
function withoutBrokenImages(text: string): string {
  return text.replace(/!\[[^\]]*\]\((?!https?:\/\/|data:image\/)[^)]*\)/g, '');
}

/** The approval question, asked through the Start node's model; a fixed question when that fails. */
async function approvalQuestion(prompt: string, input: SeqStepInput, calls: SeqToolCall[]): Promise<string> {
  const model = requireChatModel(input.startModel, 'Start Chat Model');
  const text = prompt.replace(/\{tools\}/g, pendingToolsText(calls));
  return generate(model, {
    messages: [{ role: 'user', content: text }],
    stream: false,
    run: { ...input.run, streaming: false },
  });
}

/** The "JSON Structured Output" grid of sequential nodes (types `String`, `String Array`, `Enum`…). */
export function seqStructuredSchema(value: unknown) {
  const rows = rowsOf(value).map((row) => ({
    ...row,
    type: (textInput(row.type) || 'String')
      .toLowerCase()
      .replace(/\s+array$/, 'Array')
      .replace(/\s+/g, ''),
  }));
  return structuredOutputSchema(rows);
}

export function structuredOutputParam(name: string): NodeParam {
  return {
    label: 'JSON Structured Output',
    name,
    type: 'datagrid',
    description: 'Ask the model for a JSON object with these keys instead of text',
    datagrid: [
      { field: 'key', headerName: 'Key', editable: true },
      {
        field: 'type',
        headerName: 'Type',
        type: 'singleSelect',
        valueOptions: ['String', 'String Array', 'Number', 'Boolean', 'Enum'],
        editable: true,
      },
      { field: 'enumValues', headerName: 'Enum Values', editable: true },
      { field: 'description', headerName: 'Description', flex: 1, editable: true },
    ],
    optional: true,
    additionalParams: true,
  } as NodeParam;
}

export const seqAgent: NodeType = {
  icon: badgeIcon('A', '#5e35b1'),
  readsVariables: true,
  definition: {
    label: 'Agent',
    name: 'seqAgent',
    version: 4.1,
    type: 'Agent',
    category: SEQUENTIAL_CATEGORY,
    baseClasses: ['Agent'],
    description: 'An agent that answers with the help of its tools',
    inputs: [
      { label: 'Agent Name', name: 'agentName', type: 'string', placeholder: 'Agent' },
      {
        label: 'System Prompt',
        name: 'systemMessagePrompt',
        type: 'string',
        rows: 4,
        default: DEFAULT_AGENT_PROMPT,
        optional: true,
      },
      MESSAGE_HISTORY_PARAM,
      CONVERSATION_HISTORY_PARAM,
      {
        label: 'Human Prompt',
        name: 'humanMessagePrompt',
        type: 'string',
        description: 'Added after the conversation as the user’s message',
        rows: 4,
        optional: true,
        additionalParams: true,
      },
      { label: 'Tools', name: 'tools', type: 'Tool', list: true, optional: true },
      sequentialNodeParam(ANY_PREDECESSOR),
      modelParam,
      {
        label: 'Require Approval',
        name: 'interrupt',
        type: 'boolean',
        description:
          'Ask the user before the agent runs tools: the chat shows approve and reject buttons, and the run waits for the answer',
        optional: true,
      },
      promptValuesParam(),
      ...approvalParams(),
      updateStateParam([
        { label: 'Agent Output (string)', value: '$flow.output.content' },
        { label: 'Used Tools (array)', value: '$flow.output.usedTools' },
        { label: 'First Tool Output (string)', value: '$flow.output.usedTools[0].toolOutput' },
        { label: 'Source Documents (array)', value: '$flow.output.sourceDocuments' },
      ]),
      {
        label: 'Max Iterations',
        name: 'maxIterations',
        type: 'number',
        description: 'Model calls one turn of the agent may make',
        optional: true,
        additionalParams: true,
      },
    ],
  },
  loadMethods: { loadStateKeys },
  init(ctx) {
    const agentName = requiredName(ctx, 'agentName', 'Agent name is required!');
    requirePredecessor(ctx, 'Agent must have a predecessor!');
    const tools = toolList(ctx.inputs.tools);
    const approval = booleanInput(ctx.inputs.interrupt, false) && tools.length > 0;
    const base = seqBase(ctx, 'agent', agentName);
    const node: SeqNode = {
      ...base,
      run: (input) => (approval ? approvalTurn(ctx, base, tools, input) : agentTurn(ctx, base, tools, input)),
    };
    if (approval) {
      const settings = approvalSettings(ctx);
      node.approval = settings;
      node.runTools = async (input, denied) => {
        const calls = pendingCalls(input.state.messages, ctx.node.id);
        const messages = denied
          ? denialMessages(calls, ctx.node.id)
          : await runToolCalls(calls, tools, ctx.node.id, input.run);
        return { messages };
      };
      node.approvalText = (input, calls) => approvalQuestion(settings.prompt, input, calls);
    }
    return node;
  },
};

/** An agent turn without approval: the tool loop runs to an answer. */
async function agentTurn(ctx: NodeContext, node: SeqNode, tools: ToolHandle[], input: SeqStepInput) {
  const model = modelOf(ctx.inputs.model, input, node.label);
  const prompt = await nodePrompt(ctx, input, 'Agent', { system: DEFAULT_AGENT_PROMPT });
  const messages = withImages(model, prompt.messages, input.run.images);
  const maxIterations = numberInput(ctx.inputs.maxIterations);
  let text: string;
  let usedTools: SeqMessage['usedTools'] = [];
  if (tools.length > 0) {
    const result = await runToolLoop({
      model,
      tools,
      ...(prompt.system && { system: prompt.system }),
      messages,
      maxSteps: maxIterations && maxIterations > 0 ? Math.floor(maxIterations) : DEFAULT_MAX_ITERATIONS,
      stream: false,
      detailed: false,
      run: input.run,
    });
    text = result.text;
    usedTools = result.usedTools;
  } else {
    text = await generate(model, {
      ...(prompt.system && { system: prompt.system }),
      messages,
      stream: false,
      run: input.run,
    });
  }
  return agentAnswer(ctx, node, input, withoutBrokenImages(text), usedTools);
}

/** An agent turn with approval: the model asks for tools (the graph pauses) or answers. */
async function approvalTurn(ctx: NodeContext, node: SeqNode, tools: ToolHandle[], input: SeqStepInput) {
  const model = modelOf(ctx.inputs.model, input, node.label);
  const prompt = await nodePrompt(ctx, input, 'Agent', { system: DEFAULT_AGENT_PROMPT });
  const turn = await modelTurn(model, prompt.system, prompt.messages, tools, input.run);
  if (turn.toolCalls.length > 0) {
    const message: SeqMessage = {
      role: 'ai',
      content: turn.text,
      name: node.label,
      nodeId: ctx.node.id,
      toolCalls: turn.toolCalls,
      interrupt: true,
    };
    return withState([message], await stateUpdate(ctx, input, { content: turn.text }));
  }
  // The answer after its own tool results reports what those tools did.
  const results = trailingToolMessages(input.state.messages, ctx.node.id);
  return agentAnswer(
    ctx,
    node,
    input,
    withoutBrokenImages(turn.text),
    results.flatMap((m) => m.usedTools ?? []),
  );
}

async function agentAnswer(
  ctx: NodeContext,
  node: SeqNode,
  input: SeqStepInput,
  content: string,
  usedTools: NonNullable<SeqMessage['usedTools']>,
) {
  const sourceDocuments = usedTools.flatMap((t) => t.sourceDocuments ?? []);
  const message: SeqMessage = {
    role: 'human',
    content,
    name: node.label,
    nodeId: ctx.node.id,
    ...(usedTools.length > 0 && { usedTools }),
    ...(sourceDocuments.length > 0 && { sourceDocuments }),
  };
  const output = { content, usedTools, sourceDocuments, artifacts: [] };
  return withState([message], await stateUpdate(ctx, input, output));
}

export const seqLLMNode: NodeType = {
  icon: badgeIcon('L', '#1565c0'),
  readsVariables: true,
  definition: {
    label: 'LLM Node',
    name: 'seqLLMNode',
    version: 4.1,
    type: 'LLMNode',
    category: SEQUENTIAL_CATEGORY,
    baseClasses: ['LLMNode'],
    description: 'Calls a chat model and adds its answer to the conversation',
    inputs: [
      { label: 'Name', name: 'llmNodeName', type: 'string', placeholder: 'LLM' },
      {
        label: 'System Prompt',
        name: 'systemMessagePrompt',
        type: 'string',
        rows: 4,
        optional: true,
        additionalParams: true,
      },
      MESSAGE_HISTORY_PARAM,
      CONVERSATION_HISTORY_PARAM,
      {
        label: 'Human Prompt',
        name: 'humanMessagePrompt',
        type: 'string',
        description: 'Added after the conversation as the user’s message',
        rows: 4,
        optional: true,
        additionalParams: true,
      },
      sequentialNodeParam(ANY_PREDECESSOR),
      modelParam,
      promptValuesParam({ additionalParams: true }),
      structuredOutputParam('llmStructuredOutput'),
      updateStateParam([
        { label: 'LLM Node Output (string)', value: '$flow.output.content' },
        { label: 'LLM JSON Output Key (string)', value: '$flow.output.<replace-with-key>' },
      ]),
    ],
  },
  loadMethods: { loadStateKeys },
  init(ctx) {
    const name = requiredName(ctx, 'llmNodeName', 'LLM Node name is required!');
    // Flowise says "Agent must have a predecessor!" here too; the message names the node it is about.
    requirePredecessor(ctx, 'LLM Node must have a predecessor!');
    const schema = seqStructuredSchema(ctx.inputs.llmStructuredOutput);
    const base = seqBase(ctx, 'llm', name);
    return {
      ...base,
      async run(input) {
        const model = modelOf(ctx.inputs.model, input, name);
        const prompt = await nodePrompt(ctx, input, 'LLM Node');
        const messages = withImages(
          model,
          prompt.system ? [{ role: 'system', content: prompt.system }, ...prompt.messages] : prompt.messages,
          input.run.images,
        );
        const tools = toolList(input.boundTools);
        if (schema) {
          const result = await callModel({ model, messages, stream: false, run: input.run, schema });
          const message: SeqMessage = { role: 'ai', content: result.text, name, nodeId: ctx.node.id };
          return withState([message], await stateUpdate(ctx, input, result.object));
        }
        const turn = await modelTurn(model, undefined, messages, tools, input.run);
        const message: SeqMessage = {
          role: 'ai',
          content: turn.text,
          name,
          nodeId: ctx.node.id,
          ...(turn.toolCalls.length > 0 && { toolCalls: turn.toolCalls }),
        };
        return withState([message], await stateUpdate(ctx, input, message));
      },
    } satisfies SeqNode;
  },
};

export const seqToolNode: NodeType = {
  icon: badgeIcon('T', '#6d4c41'),
  readsVariables: true,
  definition: {
    label: 'Tool Node',
    name: 'seqToolNode',
    version: 2.1,
    type: 'ToolNode',
    category: SEQUENTIAL_CATEGORY,
    baseClasses: ['ToolNode'],
    description: 'Runs the tools the LLM Node before it asked for',
    inputs: [
      { label: 'Tools', name: 'tools', type: 'Tool', list: true, optional: true },
      { label: 'LLM Node', name: 'llmNode', type: 'LLMNode' },
      { label: 'Name', name: 'toolNodeName', type: 'string', placeholder: 'Tool' },
      {
        label: 'Require Approval',
        name: 'interrupt',
        type: 'boolean',
        description: 'Ask the user before the tools run: the chat shows approve and reject buttons',
        optional: true,
      },
      ...approvalParams(),
      updateStateParam([
        { label: 'All Tools Output (array)', value: '$flow.output' },
        { label: 'First Tool Output (string)', value: '$flow.output[0].toolOutput' },
        { label: 'First Tool Input Arguments (string | json)', value: '$flow.output[0].toolInput' },
        { label: 'First Tool Returned Source Documents (array)', value: '$flow.output[0].sourceDocuments' },
      ]),
    ],
  },
  loadMethods: { loadStateKeys },
  init(ctx) {
    const tools = toolList(ctx.inputs.tools);
    if (tools.length === 0) throw new Error('Tools must not be empty');
    requirePredecessor(ctx, 'Tool node must have a predecessor!', 'llmNode');
    const name = requiredName(ctx, 'toolNodeName', 'Tool node name is required!');
    const base = seqBase(ctx, 'tool', name);
    const node: SeqNode = {
      ...base,
      tools,
      async run(input) {
        const last = input.state.messages.at(-1);
        if (!last || last.role !== 'ai' || !last.toolCalls?.length)
          throw new Error('ToolNode only accepts AIMessages as input.');
        const messages = await runToolCalls(last.toolCalls, tools, ctx.node.id, input.run);
        const output = messages.map((m) => ({
          tool: m.name,
          toolInput: last.toolCalls!.find((c) => c.id === m.toolCallId)?.args,
          toolOutput: m.content,
          sourceDocuments: m.sourceDocuments ?? [],
          artifacts: [],
        }));
        return withState(messages, await stateUpdate(ctx, input, output));
      },
    };
    if (booleanInput(ctx.inputs.interrupt, false)) {
      const settings = approvalSettings(ctx);
      node.approval = settings;
      node.approvalText = (input, calls) => approvalQuestion(settings.prompt, input, calls);
      node.deny = (input) => {
        const last = [...input.state.messages].reverse().find((m) => m.toolCalls?.length);
        return Promise.resolve({ messages: denialMessages(last?.toolCalls ?? [], ctx.node.id) });
      };
    }
    return node;
  },
};

/** Labels of a condition node's outputs, from its anchors (`{id}-output-{name}-Condition`). */
export function conditionOutputs(ctx: NodeContext): { anchor: string; label: string }[] {
  const anchors = (ctx.node.outputAnchors ?? []) as {
    options?: { name?: string; label?: string }[];
    name?: string;
    label?: string;
  }[];
  const options = anchors.flatMap((a) => a.options ?? []);
  return options
    .filter((o) => typeof o.name === 'string')
    .map((o) => ({ anchor: o.name!, label: o.label ?? o.name! }));
}
