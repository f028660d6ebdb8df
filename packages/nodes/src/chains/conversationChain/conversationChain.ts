import type { NodeContext, NodeRunOutput, NodeType } from '@flowloom/engine';
import { generate } from '../../llm/generate.js';
import { requireChatModel } from '../../llm/chat-model.js';
import { isMemory, rememberExchange, toModelMessages } from '../../memory/memory.js';
import { moderate } from '../../moderation/moderation.js';
import { formatPrompt, isPrompt } from '../../prompts/prompt.js';
import { badgeIcon } from '../../utilities/icons.js';
import { chainHandle } from '../chain.js';

export const DEFAULT_CONVERSATION_PROMPT =
  'The following is a friendly conversation between a human and an AI. The AI is talkative and provides lots of specific details from its context. If the AI does not know the answer to a question, it truthfully says it does not know.';

async function converse(ctx: NodeContext): Promise<NodeRunOutput> {
  const question = ctx.run.question;
  const refused = await moderate(ctx.inputs.inputModeration, question);
  if (refused !== undefined) {
    ctx.run.emit('token', refused);
    return { text: refused };
  }
  const model = requireChatModel(ctx.inputs.model, 'Chat Model');
  if (!isMemory(ctx.inputs.memory)) throw new Error('Memory must be a connected memory node');
  const history = toModelMessages(await ctx.inputs.memory.load());
  let system =
    typeof ctx.inputs.systemMessagePrompt === 'string' && ctx.inputs.systemMessagePrompt.trim()
      ? ctx.inputs.systemMessagePrompt
      : DEFAULT_CONVERSATION_PROMPT;
  let human = question;
  if (isPrompt(ctx.inputs.chatPromptTemplate)) {
    const formatted = formatPrompt(ctx.inputs.chatPromptTemplate, question, { input: question });
    system = formatted.system ?? system;
    human = formatted.human || question;
  }
  const text = await generate(model, {
    system,
    messages: [...history, { role: 'user', content: human }],
    stream: true,
    run: ctx.run,
  });
  await rememberExchange(ctx.inputs.memory, question, text);
  return { text };
}

export const conversationChain: NodeType = {
  icon: badgeIcon('CC', '#1e88e5'),
  streamable: true,
  definition: {
    label: 'Conversation Chain',
    name: 'conversationChain',
    version: 3,
    type: 'ConversationChain',
    category: 'Chains',
    baseClasses: ['ConversationChain', 'LLMChain', 'BaseChain', 'Runnable'],
    description: 'Chat models specific conversational chain with memory',
    inputs: [
      { label: 'Chat Model', name: 'model', type: 'BaseChatModel' },
      { label: 'Memory', name: 'memory', type: 'BaseMemory' },
      {
        label: 'Chat Prompt Template',
        name: 'chatPromptTemplate',
        type: 'ChatPromptTemplate',
        optional: true,
        description: 'Override the system message; it must contain {input}',
      },
      { label: 'Input Moderation', name: 'inputModeration', type: 'Moderation', optional: true, list: true },
      {
        label: 'System Message',
        name: 'systemMessagePrompt',
        type: 'string',
        rows: 4,
        default: DEFAULT_CONVERSATION_PROMPT,
        optional: true,
        additionalParams: true,
      },
    ],
  },
  init: (ctx) => chainHandle(ctx, converse),
  run: converse,
};
