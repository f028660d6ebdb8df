import type { NodeType } from '@flowloom/engine';
import { numberInput } from '../../llm/chat-model.js';
import { badgeIcon } from '../../utilities/icons.js';
import { bufferMemory } from '../bufferMemory/bufferMemory.js';
import { sessionMemory, type MemoryHandle } from '../memory.js';

/** The session's stored messages, only the last `k` exchanges (user message + answer each). */
export const bufferWindowMemory: NodeType = {
  icon: badgeIcon('MW', '#f57c00'),
  definition: {
    label: 'Buffer Window Memory',
    name: 'bufferWindowMemory',
    version: 2,
    type: 'BufferWindowMemory',
    category: 'Memory',
    baseClasses: ['BufferWindowMemory', 'BaseChatMemory', 'BaseMemory'],
    description: 'Uses a window of size k to surface the last k back-and-forth to use as memory',
    inputs: [
      {
        label: 'Size',
        name: 'k',
        type: 'number',
        default: 4,
        description: 'Window of size k to surface the last k back-and-forth to use as memory.',
      },
      // Session Id and Memory Key behave exactly as in Buffer Memory.
      ...bufferMemory.definition.inputs,
    ],
  },
  init(ctx): MemoryHandle {
    const k = numberInput(ctx.inputs.k) ?? 4;
    if (k < 1 || !Number.isInteger(k)) throw new Error('Size (k) must be a whole number of at least 1');
    return sessionMemory(ctx, { window: k });
  },
};
