import type { NodeContext, NodeType } from '@flowloom/engine';
import {
  POSTGRES_OPTIONS,
  postgresConnectionInputs,
  postgresTarget,
} from '../../connections/postgres-inputs.js';
import { badgeIcon } from '../../utilities/icons.js';
import { memoryKeyParam, sessionIdParam, windowSizeInput, windowSizeParam } from '../external-memory.js';
import type { MemoryHandle } from '../memory.js';
import { CHAT_TABLE_DIALECTS, chatTableInputs, sqlChatMemory } from '../sql-chat-memory.js';

async function openPostgresMemory(ctx: NodeContext) {
  const window = windowSizeInput(ctx);
  const target = await postgresTarget(ctx, ctx.node.label || 'Postgres Chat Memory');
  return sqlChatMemory(ctx, CHAT_TABLE_DIALECTS.postgres, target, window);
}

/** A chatflow memory kept in a table of the user's own PostgreSQL, one row per message. */
export const postgresChatMemory: NodeType = {
  icon: badgeIcon('PG', '#336791'),
  definition: {
    label: 'Postgres Chat Memory',
    name: 'postgresChatMemory',
    version: 1,
    type: 'PostgresChatMemory',
    category: 'Memory',
    baseClasses: ['PostgresChatMemory', 'BufferMemory', 'BaseChatMemory', 'BaseMemory'],
    description: 'Keeps the conversation in a table of your PostgreSQL database, one row per message',
    credential: {
      label: 'Connect Credential',
      name: 'credential',
      type: 'credential',
      credentialNames: ['PostgresApi'],
    },
    inputs: [
      ...postgresConnectionInputs,
      ...chatTableInputs(POSTGRES_OPTIONS),
      sessionIdParam,
      memoryKeyParam,
      windowSizeParam,
    ],
  },
  init: (ctx): Promise<MemoryHandle> => openPostgresMemory(ctx),
  clearMemory: async (ctx) => (await openPostgresMemory(ctx)).clear(),
};
