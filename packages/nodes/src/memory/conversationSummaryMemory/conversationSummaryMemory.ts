import { loadTokenizer } from '../../utilities/tokenizer.js';
import type { NodeContext, NodeType } from '@flowloom/engine';
import type { ChatTurn } from '@flowloom/shared';
import { numberInput, requireChatModel } from '../../llm/chat-model.js';
import { generate } from '../../llm/generate.js';
import { badgeIcon } from '../../utilities/icons.js';
import { bufferMemory } from '../bufferMemory/bufferMemory.js';
import { sessionMemory, type MemoryHandle } from '../memory.js';

const SUMMARY_INSTRUCTION =
  'Write a short summary of the conversation below that keeps every fact, name, number and decision the assistant may need later. Answer with the summary only.';

const lines = (turns: readonly ChatTurn[]) =>
  turns.map((t) => `${t.role === 'userMessage' ? 'Human' : 'AI'}: ${t.content}`).join('\n');

/** The turns summarised by the node's model, as one turn the next model call reads first. */
async function summaryTurn(ctx: NodeContext, turns: readonly ChatTurn[]): Promise<ChatTurn> {
  const model = requireChatModel(ctx.inputs.model, 'Chat Model');
  const summary = await generate(model, {
    system: SUMMARY_INSTRUCTION,
    messages: [{ role: 'user', content: lines(turns) }],
    stream: false,
    run: { ...ctx.run, streaming: false, images: undefined },
  });
  return { role: 'apiMessage', content: `Summary of the conversation so far: ${summary.trim()}` };
}

const modelInput = { label: 'Chat Model', name: 'model', type: 'BaseChatModel' };

/** The whole past conversation as one summary (written by a chat model each turn). */
export const conversationSummaryMemory: NodeType = {
  icon: badgeIcon('MS', '#f57c00'),
  definition: {
    label: 'Conversation Summary Memory',
    name: 'conversationSummaryMemory',
    version: 2,
    type: 'ConversationSummaryMemory',
    category: 'Memory',
    baseClasses: ['ConversationSummaryMemory', 'BaseChatMemory', 'BaseMemory'],
    description: 'Gives the model a summary of the conversation instead of all its messages',
    inputs: [modelInput, ...bufferMemory.definition.inputs],
  },
  init(ctx): MemoryHandle {
    const memory = sessionMemory(ctx);
    return {
      ...memory,
      async load() {
        const turns = await memory.load();
        return turns.length === 0 ? [] : [await summaryTurn(ctx, turns)];
      },
    };
  },
};

/** The latest turns as they are, within a token budget, and a summary of the older ones. */
export const conversationSummaryBufferMemory: NodeType = {
  icon: badgeIcon('SB', '#f57c00'),
  definition: {
    label: 'Conversation Summary Buffer Memory',
    name: 'conversationSummaryBufferMemory',
    version: 1,
    type: 'ConversationSummaryBufferMemory',
    category: 'Memory',
    baseClasses: [
      'ConversationSummaryBufferMemory',
      'BaseConversationSummaryMemory',
      'BaseChatMemory',
      'BaseMemory',
    ],
    description: 'Keeps the latest messages within a token limit and a summary of the earlier ones',
    inputs: [
      modelInput,
      {
        label: 'Max Token Limit',
        name: 'maxTokenLimit',
        type: 'number',
        default: 2000,
        description: 'Tokens of recent messages kept as they are; older ones are summarised',
        optional: true,
      },
      ...bufferMemory.definition.inputs,
    ],
  },
  init(ctx): MemoryHandle {
    const limit = numberInput(ctx.inputs.maxTokenLimit) ?? 2000;
    if (limit < 1) throw new Error('Max Token Limit must be at least 1');
    const memory = sessionMemory(ctx);
    return {
      ...memory,
      async load() {
        const turns = await memory.load();
        const { encode } = await loadTokenizer();
        let kept = turns.length;
        let tokens = 0;
        while (kept > 0) {
          const next = tokens + encode(turns[kept - 1]!.content).length;
          if (next > limit) break;
          tokens = next;
          kept--;
        }
        if (kept === 0) return turns;
        return [await summaryTurn(ctx, turns.slice(0, kept)), ...turns.slice(kept)];
      },
    };
  },
};
