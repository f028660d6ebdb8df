import type { NodeContext, NodeRunOutput, NodeType } from '@flowloom/engine';
import { booleanInput, numberInput, requireChatModel } from '../../llm/chat-model.js';
import { isMemory, rememberExchange, toModelMessages } from '../../memory/memory.js';
import { moderate } from '../../moderation/moderation.js';
import { formatPrompt, isPrompt } from '../../prompts/prompt.js';
import { toolList } from '../../tools/tool.js';
import { badgeIcon } from '../../utilities/icons.js';
import { runToolLoop } from '../tool-loop.js';

export const DEFAULT_AGENT_SYSTEM_MESSAGE = 'You are a helpful AI assistant.';
const DEFAULT_MAX_ITERATIONS = 10;

export async function runAgent(ctx: NodeContext): Promise<NodeRunOutput> {
  const question = ctx.run.question;
  const refused = await moderate(ctx.inputs.inputModeration, question);
  if (refused !== undefined) {
    ctx.run.emit('token', refused);
    return { text: refused };
  }
  const model = requireChatModel(ctx.inputs.model, 'Tool Calling Chat Model');
  if (!isMemory(ctx.inputs.memory)) throw new Error('Memory must be a connected memory node');
  const history = toModelMessages(await ctx.inputs.memory.load());

  let system =
    typeof ctx.inputs.systemMessage === 'string' && ctx.inputs.systemMessage.trim()
      ? ctx.inputs.systemMessage
      : DEFAULT_AGENT_SYSTEM_MESSAGE;
  let human = question;
  // A Chat Prompt Template replaces the system message; its human message carries {input}.
  if (isPrompt(ctx.inputs.chatPromptTemplate)) {
    const formatted = formatPrompt(ctx.inputs.chatPromptTemplate, question, { input: question });
    system = formatted.system ?? system;
    human = formatted.human || question;
  }
  const maxIterations = numberInput(ctx.inputs.maxIterations);
  const { text, usedTools } = await runToolLoop({
    model,
    tools: toolList(ctx.inputs.tools),
    system,
    messages: [...history, { role: 'user', content: human }],
    maxSteps: maxIterations && maxIterations > 0 ? Math.floor(maxIterations) : DEFAULT_MAX_ITERATIONS,
    stream: true,
    detailed: booleanInput(ctx.inputs.enableDetailedStreaming, false),
    run: ctx.run,
  });
  await rememberExchange(ctx.inputs.memory, question, text);
  // Sources the tools found (retriever tools with Return Source Documents) are the answer's sources.
  const sourceDocuments = usedTools.flatMap((used) => used.sourceDocuments ?? []);
  return {
    text,
    ...(usedTools.length > 0 && { usedTools }),
    ...(sourceDocuments.length > 0 && { sourceDocuments }),
  };
}

/** An agent that lets a tool-calling chat model pick tools and their arguments until it can answer. */
export const toolAgent: NodeType = {
  icon: badgeIcon('TA', '#6a1b9a'),
  streamable: true,
  definition: {
    label: 'Tool Agent',
    name: 'toolAgent',
    version: 2,
    type: 'AgentExecutor',
    category: 'Agents',
    baseClasses: ['AgentExecutor', 'BaseChain', 'Runnable'],
    description: 'Agent that uses Function Calling to pick the tools and args to call',
    inputs: [
      { label: 'Tools', name: 'tools', type: 'Tool', list: true },
      { label: 'Memory', name: 'memory', type: 'BaseChatMemory' },
      {
        label: 'Tool Calling Chat Model',
        name: 'model',
        type: 'BaseChatModel',
        description:
          'Only compatible with models that are capable of function calling: ChatOpenAI, ChatMistral, ChatAnthropic, ChatGoogleGenerativeAI, ChatVertexAI, GroqChat',
      },
      {
        label: 'Chat Prompt Template',
        name: 'chatPromptTemplate',
        type: 'ChatPromptTemplate',
        description:
          'Override existing prompt with Chat Prompt Template. Human Message must includes {input} variable',
        optional: true,
      },
      {
        label: 'System Message',
        name: 'systemMessage',
        type: 'string',
        default: DEFAULT_AGENT_SYSTEM_MESSAGE,
        description: 'If Chat Prompt Template is provided, this will be ignored',
        rows: 4,
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Input Moderation',
        name: 'inputModeration',
        type: 'Moderation',
        description:
          'Detect text that could generate harmful output and prevent it from being sent to the language model',
        optional: true,
        list: true,
      },
      {
        label: 'Max Iterations',
        name: 'maxIterations',
        type: 'number',
        description: `Model calls the agent may make before it gives up (default ${DEFAULT_MAX_ITERATIONS})`,
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Enable Detailed Streaming',
        name: 'enableDetailedStreaming',
        type: 'boolean',
        default: false,
        description: 'Stream detailed intermediate steps during agent execution',
        optional: true,
        additionalParams: true,
      },
    ],
  },
  run: (ctx) => runAgent(ctx),
};
