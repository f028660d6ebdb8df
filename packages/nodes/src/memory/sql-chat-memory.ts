import { createHash } from 'node:crypto';
import type { NodeContext, NodeType } from '@flowloom/engine';
import type { NodeParam } from '@flowloom/shared';
import {
  mysqlQueries,
  postgresQueries,
  sqlErrorCode,
  tableInputs,
  tableNameInput,
  type SqlTarget,
} from '../connections/sql-connections.js';
import {
  externalMemory,
  externalSessionId,
  MAX_HISTORY_CHARS,
  memoryKeyParam,
  sessionIdParam,
  windowSizeInput,
  windowSizeParam,
  type SessionStore,
} from './external-memory.js';
import type { MemoryHandle } from './memory.js';

/**
 * Chat memories in a table of the user's own PostgreSQL or MySQL. The table has LangChain's message
 * history layout (`id`, `session_id`, `message` as LangChain's stored message JSON) and its default
 * name, so a table LangChain's `PostgresChatMessageHistory` wrote reads the same; we add an index on
 * the session and the time each message was written.
 */
export const CHAT_MEMORY_TABLE = 'langchain_chat_histories';

type Rows = (sql: string, values?: unknown[]) => Promise<Record<string, unknown>[]>;

/** What differs between the two databases: quoting, SQL texts, and the code of a missing table. */
interface ChatTableDialect {
  kind: 'postgres' | 'mysql';
  queries: (ctx: NodeContext, target: SqlTarget) => Rows;
  quote: (name: string) => string;
  /** Answers one row with a true `found` when the table exists. */
  exists: (table: string) => { sql: string; values: unknown[] };
  create: (table: string) => string[];
  /** Errors of a concurrent `CREATE … IF NOT EXISTS` that lost the race. */
  raced: readonly string[];
  missing: string;
  /** `$1` or `?`. */
  param: (n: number) => string;
  /** The byte length of the message column's text. */
  length: (column: string) => string;
}

/** An index name unique per table and within PostgreSQL's 63 characters. */
function sessionIndex(table: string): string {
  const name = `${table}_session_idx`;
  if (name.length <= 63) return name;
  return `${table.slice(0, 42)}_${createHash('sha256').update(table).digest('hex').slice(0, 8)}_session_idx`;
}

const postgres: ChatTableDialect = {
  kind: 'postgres',
  queries: (ctx, target) => postgresQueries(ctx, target),
  quote: (name) => `"${name}"`,
  exists: (table) => ({ sql: 'SELECT to_regclass($1) IS NOT NULL AS found', values: [`"${table}"`] }),
  create: (table) => [
    `CREATE TABLE IF NOT EXISTS "${table}" (
       id BIGSERIAL PRIMARY KEY,
       session_id VARCHAR(255) NOT NULL,
       message JSONB NOT NULL,
       created_at TIMESTAMPTZ NOT NULL DEFAULT now())`,
    `CREATE INDEX IF NOT EXISTS "${sessionIndex(table)}" ON "${table}" (session_id, id)`,
  ],
  raced: ['23505', '42P07'],
  missing: '42P01',
  param: (n) => `$${n}`,
  length: (column) => `octet_length(${column}::text)`,
};

const mysql: ChatTableDialect = {
  kind: 'mysql',
  queries: (ctx, target) => {
    const query = mysqlQueries(ctx, target);
    return (sql, values) => query<Record<string, unknown>[]>(sql, values);
  },
  quote: (name) => `\`${name}\``,
  exists: (table) => ({
    sql: `SELECT COUNT(*) > 0 AS found FROM information_schema.tables
          WHERE table_schema = DATABASE() AND table_name = ?`,
    values: [table],
  }),
  create: (table) => [
    `CREATE TABLE IF NOT EXISTS \`${table}\` (
       id BIGINT AUTO_INCREMENT PRIMARY KEY,
       session_id VARCHAR(255) NOT NULL,
       message LONGTEXT NOT NULL,
       created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
       INDEX session_idx (session_id, id)
     ) CHARACTER SET utf8mb4`,
  ],
  raced: [],
  missing: 'ER_NO_SUCH_TABLE',
  param: () => '?',
  length: (column) => `LENGTH(${column})`,
};

export const CHAT_TABLE_DIALECTS = { postgres, mysql } as const;

/** Tables known to exist, per database: later runs skip the check. Bounded; forgotten when found missing. */
const readyTables = new Map<string, Promise<void>>();
const MAX_READY_TABLES = 256;

function tableKey(dialect: ChatTableDialect, target: SqlTarget, table: string): string {
  return JSON.stringify([dialect.kind, target.host, target.port, target.database, target.user, table]);
}

/**
 * Makes the table when missing. Looked for first, so a database user who may not create tables can
 * still use one made for it.
 */
function ensureTable(dialect: ChatTableDialect, target: SqlTarget, rows: Rows, table: string): Promise<void> {
  const key = tableKey(dialect, target, table);
  let ready = readyTables.get(key);
  if (!ready) {
    ready = (async () => {
      const exists = dialect.exists(table);
      const [row] = await rows(exists.sql, exists.values);
      if (row?.found === true || Number(row?.found) === 1) return;
      for (const statement of dialect.create(table))
        await rows(statement).catch((error: unknown) => {
          if (!dialect.raced.includes(sqlErrorCode(error) ?? '')) throw error;
          return [];
        });
    })();
    ready.catch(() => readyTables.delete(key));
    if (readyTables.size >= MAX_READY_TABLES) readyTables.delete(readyTables.keys().next().value!);
    readyTables.set(key, ready);
  }
  return ready;
}

/** A session's messages in the table, newest kept within the read limits. */
function tableSession(
  ctx: NodeContext,
  dialect: ChatTableDialect,
  target: SqlTarget,
  table: string,
  sessionId: string,
): SessionStore {
  const rows = dialect.queries(ctx, target);
  const quoted = dialect.quote(table);
  const p = dialect.param;
  /** Runs a statement on the table, making it first (again, when it went missing since). */
  const onTable = async (sql: string, values: unknown[]) => {
    await ensureTable(dialect, target, rows, table);
    try {
      return await rows(sql, values);
    } catch (error) {
      if (sqlErrorCode(error) !== dialect.missing) throw error;
      readyTables.delete(tableKey(dialect, target, table));
      await ensureTable(dialect, target, rows, table);
      return rows(sql, values);
    }
  };
  return {
    async latest(count) {
      // The newest `count` messages, then only as many of them as fit in the character budget.
      const found = await onTable(
        `SELECT message FROM (
           SELECT id, message, SUM(${dialect.length('message')}) OVER (ORDER BY id DESC) AS upto
           FROM (SELECT id, message FROM ${quoted} WHERE session_id = ${p(1)} ORDER BY id DESC LIMIT ${p(2)}) newest
         ) sized WHERE upto <= ${p(3)} ORDER BY id`,
        [sessionId, count, MAX_HISTORY_CHARS * 4],
      );
      return found.map((row) => row.message);
    },
    async append(messages) {
      const values = messages.flatMap((message) => [sessionId, message]);
      const tuples = messages.map((_, i) => `(${p(2 * i + 1)}, ${p(2 * i + 2)})`).join(', ');
      await onTable(`INSERT INTO ${quoted} (session_id, message) VALUES ${tuples}`, values);
    },
    async clear() {
      // Nothing to clear in a table that is not there: it is not made for that.
      await rows(`DELETE FROM ${quoted} WHERE session_id = ${p(1)}`, [sessionId]).catch((error: unknown) => {
        if (sqlErrorCode(error) !== dialect.missing) throw error;
        return [];
      });
    },
  };
}

/** What sets one SQL chat memory node apart from the other. */
export interface SqlChatMemoryNode {
  label: string;
  name: string;
  type: string;
  icon: string;
  description: string;
  credentialName: string;
  /** Host, Database, Port (and SSL) inputs. */
  connectionInputs: NodeParam[];
  /** Options Additional Connection Configuration may set. */
  options: readonly string[];
  dialect: ChatTableDialect;
  target(ctx: NodeContext, service: string): Promise<SqlTarget>;
}

/**
 * A chatflow memory node keeping a session's messages in a table of the user's own database: the
 * connection inputs and credential of the database nodes, then Redis-Backed Chat Memory's inputs.
 */
export function sqlChatMemoryNode(node: SqlChatMemoryNode): NodeType {
  const open = async (ctx: NodeContext) => {
    const window = windowSizeInput(ctx);
    const target = await node.target(ctx, ctx.node.label || node.label);
    const table = tableNameInput(target.service, ctx.inputs.tableName, CHAT_MEMORY_TABLE);
    const store = tableSession(ctx, node.dialect, target, table, externalSessionId(ctx));
    return externalMemory(ctx, target.service, store, { window });
  };
  return {
    icon: node.icon,
    definition: {
      label: node.label,
      name: node.name,
      version: 1,
      type: node.type,
      category: 'Memory',
      baseClasses: [node.type, 'BufferMemory', 'BaseChatMemory', 'BaseMemory'],
      description: node.description,
      credential: {
        label: 'Connect Credential',
        name: 'credential',
        type: 'credential',
        credentialNames: [node.credentialName],
      },
      inputs: [
        ...node.connectionInputs,
        ...tableInputs(
          node.options,
          CHAT_MEMORY_TABLE,
          'Made on first use when missing: letters, digits and underscores',
        ),
        sessionIdParam,
        memoryKeyParam,
        windowSizeParam,
      ],
    },
    init: (ctx): Promise<MemoryHandle> => open(ctx),
    clearMemory: async (ctx) => (await open(ctx)).clear(),
  };
}
