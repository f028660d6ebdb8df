import type { NodeType } from '@flowloom/engine';
import { requireChatModel } from '../../llm/chat-model.js';
import { generate } from '../../llm/generate.js';
import { rememberExchange } from '../../memory/memory.js';
import { badgeIcon } from '../../utilities/icons.js';
import { chatTurns, systemMessageInput, systemMessageOf } from '../chat-engine.js';
import { ENGINE_DEFINITION } from '../query-engine.js';

/** A conversation with a chat model: the system message, the memory's turns, then the question. */
export const simpleChatEngine: NodeType = {
  icon: badgeIcon('CE', '#6d28d9'),
  streamable: true,
  definition: {
    ...ENGINE_DEFINITION,
    label: 'Simple Chat Engine',
    name: 'simpleChatEngine',
    version: 1,
    type: 'SimpleChatEngine',
    baseClasses: ['SimpleChatEngine'],
    description: 'A back-and-forth conversation with a chat model that remembers the chat',
    inputs: [
      { label: 'Chat Model', name: 'model', type: 'BaseChatModel_LlamaIndex' },
      { label: 'Memory', name: 'memory', type: 'BaseChatMemory' },
      systemMessageInput('You are a friendly assistant who answers briefly.'),
    ],
  },
  async run(ctx) {
    const model = requireChatModel(ctx.inputs.model, 'Chat Model');
    const question = ctx.run.question;
    const text = await generate(model, {
      system: systemMessageOf(ctx),
      messages: [...(await chatTurns(ctx)), { role: 'user', content: question }],
      stream: true,
      run: ctx.run,
    });
    await rememberExchange(ctx.inputs.memory, question, text);
    return text;
  },
};
