import type { NodeType } from '@flowloom/engine';
import { badgeIcon } from '../../utilities/icons.js';
import { sessionMemory, type MemoryHandle } from '../memory.js';

export const bufferMemory: NodeType = {
  icon: badgeIcon('M', '#f57c00'),
  definition: {
    label: 'Buffer Memory',
    name: 'bufferMemory',
    version: 2,
    type: 'BufferMemory',
    category: 'Memory',
    baseClasses: ['BufferMemory', 'BaseChatMemory', 'BaseMemory'],
    description: 'Retrieve chat messages stored in database',
    inputs: [
      {
        label: 'Session Id',
        name: 'sessionId',
        type: 'string',
        default: '',
        optional: true,
        additionalParams: true,
        description: 'If not specified, the chat id (or the session id of the request) is used.',
      },
      {
        label: 'Memory Key',
        name: 'memoryKey',
        type: 'string',
        default: 'chat_history',
        additionalParams: true,
      },
    ],
  },
  init: (ctx): MemoryHandle => sessionMemory(ctx),
};
