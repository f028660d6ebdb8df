import {
  POSTGRES_OPTIONS,
  postgresConnectionInputs,
  postgresTarget,
} from '../../connections/postgres-inputs.js';
import { badgeIcon } from '../../utilities/icons.js';
import { CHAT_TABLE_DIALECTS, sqlChatMemoryNode } from '../sql-chat-memory.js';

/** A chatflow memory kept in a table of the user's own PostgreSQL, one row per message. */
export const postgresChatMemory = sqlChatMemoryNode({
  label: 'Postgres Chat Memory',
  name: 'postgresChatMemory',
  type: 'PostgresChatMemory',
  icon: badgeIcon('PG', '#336791'),
  description: 'Keeps the conversation in a table of your PostgreSQL database, one row per message',
  credentialName: 'PostgresApi',
  connectionInputs: postgresConnectionInputs,
  options: POSTGRES_OPTIONS,
  dialect: CHAT_TABLE_DIALECTS.postgres,
  target: postgresTarget,
});
