import type { NodeContext, NodeType } from '@flowloom/engine';
import {
  MYSQL_OPTIONS,
  mysqlConnectionInputs,
  mysqlSslInput,
  mysqlTarget,
} from '../../connections/mysql-inputs.js';
import { badgeIcon } from '../../utilities/icons.js';
import { memoryKeyParam, sessionIdParam, windowSizeInput, windowSizeParam } from '../external-memory.js';
import type { MemoryHandle } from '../memory.js';
import { CHAT_TABLE_DIALECTS, chatTableInputs, sqlChatMemory } from '../sql-chat-memory.js';

async function openMysqlMemory(ctx: NodeContext) {
  const window = windowSizeInput(ctx);
  const target = await mysqlTarget(ctx, ctx.node.label || 'MySQL Chat Memory');
  return sqlChatMemory(ctx, CHAT_TABLE_DIALECTS.mysql, target, window);
}

/** A chatflow memory kept in a table of the user's own MySQL or MariaDB, one row per message. */
export const mySQLChatMemory: NodeType = {
  icon: badgeIcon('My', '#00758f'),
  definition: {
    label: 'MySQL Chat Memory',
    name: 'mySQLChatMemory',
    version: 1,
    type: 'MySQLChatMemory',
    category: 'Memory',
    baseClasses: ['MySQLChatMemory', 'BufferMemory', 'BaseChatMemory', 'BaseMemory'],
    description: 'Keeps the conversation in a table of your MySQL or MariaDB database, one row per message',
    credential: {
      label: 'Connect Credential',
      name: 'credential',
      type: 'credential',
      credentialNames: ['MySQLApi'],
    },
    inputs: [
      ...mysqlConnectionInputs,
      mysqlSslInput,
      ...chatTableInputs(MYSQL_OPTIONS),
      sessionIdParam,
      memoryKeyParam,
      windowSizeParam,
    ],
  },
  init: (ctx): Promise<MemoryHandle> => openMysqlMemory(ctx),
  clearMemory: async (ctx) => (await openMysqlMemory(ctx)).clear(),
};
