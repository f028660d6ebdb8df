import {
  MYSQL_OPTIONS,
  mysqlConnectionInputs,
  mysqlSslInput,
  mysqlTarget,
} from '../../connections/mysql-inputs.js';
import { badgeIcon } from '../../utilities/icons.js';
import { CHAT_TABLE_DIALECTS, sqlChatMemoryNode } from '../sql-chat-memory.js';

/** A chatflow memory kept in a table of the user's own MySQL or MariaDB, one row per message. */
export const mySQLChatMemory = sqlChatMemoryNode({
  label: 'MySQL Chat Memory',
  name: 'mySQLChatMemory',
  type: 'MySQLChatMemory',
  icon: badgeIcon('My', '#00758f'),
  description: 'Keeps the conversation in a table of your MySQL or MariaDB database, one row per message',
  credentialName: 'MySQLApi',
  connectionInputs: [...mysqlConnectionInputs, mysqlSslInput],
  options: MYSQL_OPTIONS,
  dialect: CHAT_TABLE_DIALECTS.mysql,
  target: mysqlTarget,
});
