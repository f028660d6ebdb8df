import { generateText, jsonSchema, tool, type ModelMessage } from 'ai';
import { isSeqNode, type NodeType, type SeqMessage, type SeqNode, type SeqStepInput } from '@flowloom/engine';
import {
  booleanInput,
  numberInput,
  requireChatModel,
  stringInput,
  type ChatModelHandle,
} from '../llm/chat-model.js';
import { friendlyModelError, generate, withImages } from '../llm/generate.js';
import { moderate } from '../moderation/moderation.js';
import { runToolLoop } from '../agents/tool-loop.js';
import { callSettings } from '../agentflow/common/model-call.js';
import { directToolCall } from '../llm/direct-call.js';
import { toolList } from '../tools/tool.js';
import { textInput } from '../agentflow/common/values.js';
import { pictogramIcon } from '../utilities/icons.js';
import { isCheckpointStore } from './flow-nodes.js';
import {
  asPromptText,
  fillPrompt,
  flowValue,
  modelOf,
  promptValuesOf,
  promptVariables,
  seqBase,
  seqName,
  toModelMessages,
} from './common.js';

const TEAM_CATEGORY = 'Multi Agents';
const DEFAULT_WORKER_PROMPT =
  'You are a research assistant who finds current information with the tools you have.';
const DEFAULT_SUPERVISOR_PROMPT = `You lead a team of workers: {team_members}.
For the user's request, pick the worker who should act next. Each worker does its task and reports what it did.
When the request is fully handled, answer FINISH. Choose so that the request is done in as few steps as possible.`;
const DEFAULT_MAX_ITERATIONS = 10;

/** Team members as a worker's prompt names them. */
function membersText(state: SeqStepInput['state'], fallback: string[]): string {
  const members = state.team_members;
  if (typeof members === 'string' && members) return members;
  return fallback.join(', ');
}

export const supervisor: NodeType = {
  icon: pictogramIcon('person', '#283593'),
  definition: {
    label: 'Supervisor',
    name: 'supervisor',
    version: 3,
    type: 'Supervisor',
    category: TEAM_CATEGORY,
    baseClasses: ['Supervisor'],
    description: 'Leads a team of workers: decides who acts next until the request is done',
    inputs: [
      {
        label: 'Supervisor Name',
        name: 'supervisorName',
        type: 'string',
        placeholder: 'Supervisor',
        default: 'Supervisor',
      },
      {
        label: 'Supervisor Prompt',
        name: 'supervisorPrompt',
        type: 'string',
        description: 'Must mention {team_members}, replaced by the workers’ names',
        rows: 4,
        default: DEFAULT_SUPERVISOR_PROMPT,
        additionalParams: true,
      },
      {
        label: 'Tool Calling Chat Model',
        name: 'model',
        type: 'BaseChatModel',
        description: 'A model that calls tools (OpenAI, Mistral, Anthropic, Gemini, Groq…)',
      },
      {
        label: 'Agent Memory',
        name: 'agentMemory',
        type: 'BaseCheckpointSaver',
        description: 'Keeps the team’s conversation between messages',
        optional: true,
      },
      {
        label: 'Summarization',
        name: 'summarization',
        type: 'boolean',
        description: 'Answer with the supervisor’s summary of the conversation',
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Recursion Limit',
        name: 'recursionLimit',
        type: 'number',
        description: 'Steps (supervisor and worker turns) one message may take; 100 when empty',
        default: 100,
        optional: true,
        additionalParams: true,
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
    const name = stringInput(ctx.inputs.supervisorName);
    if (!name) throw new Error('Supervisor name is required!');
    const model = requireChatModel(ctx.inputs.model, 'Tool Calling Chat Model');
    const summarization = booleanInput(ctx.inputs.summarization, false);
    const limit = numberInput(ctx.inputs.recursionLimit);
    const memory = ctx.inputs.agentMemory;
    const node: SeqNode = {
      ...seqBase(ctx, 'supervisor', name),
      model,
      ...(isCheckpointStore(memory) && { checkpointer: memory }),
      moderate: (question) => moderate(ctx.inputs.inputModeration, question),
      summarization,
      ...(limit && limit > 0 && { recursionLimit: Math.floor(limit) }),
      async run(input) {
        const workers = teamOf(input);
        const prompt = stringInput(ctx.inputs.supervisorPrompt) ?? DEFAULT_SUPERVISOR_PROMPT;
        const system = prompt.replace(/\{team_members\}/g, workers.join(', '));
        const choice = await chooseNext(model, system, input, workers, summarization);
        return { ...choice, team_members: workers.join(', ') };
      },
    };
    return node;
  },
};

/** The worker names of the running team (the compiled graph passes them to the supervisor). */
function teamOf(input: SeqStepInput): string[] {
  return [...(input.team ?? [])];
}

/** Asks the supervisor's model for the `route` call: the next worker (or FINISH) and its instructions. */
async function chooseNext(
  model: ChatModelHandle,
  system: string,
  input: SeqStepInput,
  workers: string[],
  summarization: boolean,
): Promise<{ next: string; instructions: string; summarization?: string }> {
  const options = ['FINISH', ...workers];
  const properties: Record<string, unknown> = {
    reasoning: { type: 'string' },
    next: { type: 'string', enum: options },
    instructions: {
      type: 'string',
      description: 'What the next worker should do, as a specific sub-task',
    },
  };
  if (summarization)
    properties.summarization = { type: 'string', description: 'A summary of the conversation' };
  const schema = { type: 'object', properties, required: ['reasoning', 'next', 'instructions'] };
  const route = { name: 'route', description: 'Choose the worker who acts next', inputSchema: schema };
  const ask = `Given the conversation above, who should act next, or should we FINISH? Choose one of: ${options.join(', ')}.${
    summarization ? ' Give your reasoning, the instructions and a summary of the conversation.' : ''
  }${/anthropic/i.test(model.provider) ? ' Answer by calling the route tool.' : ''}`;
  const messages: ModelMessage[] = [...toModelMessages(input.state.messages), { role: 'user', content: ask }];
  // OpenAI and Azure are told to call `route`, Mistral to call a tool; others are offered it.
  const forced = /openai|azure/i.test(model.provider)
    ? ({ type: 'tool', toolName: 'route' } as const)
    : /mistral/i.test(model.provider)
      ? ({ type: 'required' } as const)
      : undefined;
  let calls: { name: string; args: Record<string, unknown> }[];
  let text: string;
  try {
    const images = withImages(model, messages, input.run.images);
    const direct = await directToolCall(
      model,
      { system, messages: images, signal: input.run.signal },
      [route],
      forced,
    );
    if (direct) {
      calls = direct.toolCalls;
      text = direct.text;
    } else {
      const result = await generateText({
        ...callSettings(model, input.run),
        system,
        messages: images,
        tools: {
          route: tool({
            description: route.description,
            inputSchema: jsonSchema<Record<string, unknown>>(schema as never),
          }),
        },
        ...(forced && { toolChoice: forced.type === 'tool' ? forced : 'required' }),
      });
      calls = result.toolCalls.map((c) => ({
        name: c.toolName,
        args: (c.input ?? {}) as Record<string, unknown>,
      }));
      text = result.text;
    }
  } catch (error) {
    throw friendlyModelError(error, model);
  }
  const call = calls.find((c) => c.name === 'route');
  if (!call) return { next: 'FINISH', instructions: text || 'Conversation finished' };
  const args = call.args;
  const next = textInput(args.next) || 'FINISH';
  return {
    next,
    instructions: asPromptText(args.instructions),
    ...(summarization &&
      args.summarization !== undefined && { summarization: asPromptText(args.summarization) }),
  };
}

export const worker: NodeType = {
  icon: pictogramIcon('wrench', '#00695c'),
  readsVariables: true,
  definition: {
    label: 'Worker',
    name: 'worker',
    version: 2,
    type: 'Worker',
    category: TEAM_CATEGORY,
    baseClasses: ['Worker'],
    description: 'A team member with its own instructions and tools, called by its supervisor',
    hideOutput: true,
    inputs: [
      { label: 'Worker Name', name: 'workerName', type: 'string', placeholder: 'Worker' },
      {
        label: 'Worker Prompt',
        name: 'workerPrompt',
        type: 'string',
        rows: 4,
        default: DEFAULT_WORKER_PROMPT,
      },
      { label: 'Tools', name: 'tools', type: 'Tool', list: true, optional: true },
      { label: 'Supervisor', name: 'supervisor', type: 'Supervisor' },
      {
        label: 'Tool Calling Chat Model',
        name: 'model',
        type: 'BaseChatModel',
        description: 'A model for this worker instead of the supervisor’s',
        optional: true,
      },
      {
        label: 'Format Prompt Values',
        name: 'promptValues',
        type: 'json',
        description: 'Values of the {variables} of the worker prompt',
        optional: true,
        acceptVariable: true,
        list: true,
      },
      {
        label: 'Max Iterations',
        name: 'maxIterations',
        type: 'number',
        description: 'Model calls one turn of the worker may make',
        optional: true,
      },
    ],
  },
  init(ctx) {
    const name = stringInput(ctx.inputs.workerName);
    if (!name) throw new Error('Worker name is required!');
    const prompt = stringInput(ctx.inputs.workerPrompt);
    if (!prompt) throw new Error('Worker prompt is required!');
    const lead = ctx.inputs.supervisor;
    if (!isSeqNode(lead) || lead.role !== 'supervisor') throw new Error('Connect the Worker to a Supervisor');
    const tools = toolList(ctx.inputs.tools);
    const values = promptValuesOf(ctx.inputs.promptValues, 'Worker');
    const variables = promptVariables(prompt).filter((v) => v !== 'team_members');
    const missing = variables.filter((v) => !(v in values));
    if (missing.length > 0)
      throw new Error(`Worker input variables values are not provided! Missing: ${missing.join(' ')}`);
    const maxIterations = numberInput(ctx.inputs.maxIterations);
    const base = seqBase(ctx, 'worker', name);
    return {
      ...base,
      supervisorName: lead.name,
      async run(input) {
        const model = modelOf(ctx.inputs.model, input, name);
        const filled = fillPrompt(
          prompt,
          Object.fromEntries(variables.map((v) => [v, asPromptText(flowValue(values[v], input))])),
        );
        const system = `${filled}

Work on your own, with your speciality and the tools you have; do not ask for clarification. Other members of the team, each with their own speciality, work with you on this request. You were chosen for a reason: you are one of ${membersText(input.state, [])}.`;
        const instructions =
          typeof input.state.instructions === 'string' && input.state.instructions
            ? [
                {
                  role: 'user' as const,
                  content: `Your task from the supervisor: ${input.state.instructions}`,
                },
              ]
            : [];
        const messages = withImages(
          model,
          [...toModelMessages(input.state.messages), ...instructions],
          input.run.images,
        );
        let content: string;
        let usedTools: SeqMessage['usedTools'] = [];
        if (tools.length > 0) {
          const result = await runToolLoop({
            model,
            tools,
            system,
            messages,
            maxSteps: maxIterations && maxIterations > 0 ? Math.floor(maxIterations) : DEFAULT_MAX_ITERATIONS,
            stream: false,
            detailed: false,
            run: input.run,
          });
          content = result.text;
          usedTools = result.usedTools;
        } else {
          content = await generate(model, { system, messages, stream: false, run: input.run });
        }
        const sourceDocuments = usedTools.flatMap((t) => t.sourceDocuments ?? []);
        const message: SeqMessage = {
          role: 'human',
          content,
          name: seqName(name),
          nodeId: ctx.node.id,
          ...(usedTools.length > 0 && { usedTools }),
          ...(sourceDocuments.length > 0 && { sourceDocuments }),
        };
        return { messages: [message] };
      },
    } satisfies SeqNode;
  },
};
