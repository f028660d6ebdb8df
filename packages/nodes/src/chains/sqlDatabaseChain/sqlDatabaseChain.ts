import type { NodeContext, NodeRunOutput, NodeType } from '@flowloom/engine';
import { numberInput, requireChatModel, stringInput } from '../../llm/chat-model.js';
import { generate } from '../../llm/generate.js';
import { moderate } from '../../moderation/moderation.js';
import { callSql, mysqlPool, postgresPool, type SqlTarget } from '../../connections/sql-connections.js';
import { openSqliteReader, sqliteFilePath } from '../../connections/sqlite-files.js';
import { badgeIcon } from '../../utilities/icons.js';
import { chainHandle } from '../chain.js';

const SERVICE = 'Sql Database Chain';
/** Rows of a result the model reads for its answer. */
export const MAX_RESULT_ROWS = 100;
const DEFAULT_TOP_K = 10;
const DEFAULT_PROMPT = `You write one {dialect} query that answers the question, using only the tables and columns below.
Return at most {top_k} rows unless the question asks for more, select only the columns needed, and never change data.
Answer with the SQL only, in a \`\`\`sql block.

{table_info}

Question: {input}`;

type Dialect = 'postgres' | 'mysql' | 'sqlite';
type Query = (sql: string, values?: unknown[]) => Promise<Record<string, unknown>[]>;
const DIALECTS: Record<Dialect, string> = { postgres: 'PostgreSQL', mysql: 'MySQL', sqlite: 'SQLite' };
interface Column {
  table: string;
  column: string;
  type: string;
}

/** Where the connection string points (user, password, database in the URL, as Flowise takes it). */
export function sqlTarget(kind: Dialect, url: string): SqlTarget {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(
      `${SERVICE}: the connection string is not a URL (e.g. postgres://user:password@host:5432/db)`,
    );
  }
  const expected = kind === 'postgres' ? ['postgres:', 'postgresql:'] : ['mysql:', 'mariadb:'];
  if (!expected.includes(parsed.protocol))
    throw new Error(
      `${SERVICE}: a ${kind === 'postgres' ? 'PostgreSQL' : 'MySQL'} connection string starts with ${expected[0]}//`,
    );
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
  if (!database) throw new Error(`${SERVICE}: the connection string names no database`);
  return {
    service: SERVICE,
    host: parsed.hostname.replace(/^\[|\]$/g, ''),
    port: Number(parsed.port || (kind === 'postgres' ? 5432 : 3306)),
    database,
    ...(parsed.username && { user: decodeURIComponent(parsed.username) }),
    ...(parsed.password && { password: decodeURIComponent(parsed.password) }),
    ...(parsed.searchParams.get('sslmode') === 'require' && { ssl: true }),
  };
}

/** The query of a model answer: its ```sql block, a `SQLQuery:` line, or the text; one statement only. */
export function queryOf(text: string): string {
  const fenced = /```(?:sql)?\s*\n?([\s\S]*?)```/i.exec(text);
  const labelled = /SQLQuery:\s*([\s\S]*?)(?:\nSQLResult:|$)/i.exec(text);
  const sql = (fenced?.[1] ?? labelled?.[1] ?? text).trim().replace(/;\s*$/, '');
  if (!sql) throw new Error('The model wrote no SQL query');
  if (sql.includes(';')) throw new Error('Only one SQL statement may run at a time');
  return sql;
}

const names = (value: unknown) =>
  (stringInput(value) ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** Runs statements on the SQLite file read-only, in a worker that is closed afterwards. */
async function readSqlite<T>(ctx: NodeContext, file: string, work: (query: Query) => Promise<T>): Promise<T> {
  const reader = openSqliteReader(ctx, SERVICE, file);
  try {
    return await work((sql, values) => reader.query(sql, values));
  } finally {
    await reader.close();
  }
}

/** Runs statements on one connection inside a read-only transaction that is always rolled back. */
async function readOnly<T>(
  ctx: NodeContext,
  kind: 'postgres' | 'mysql',
  target: SqlTarget,
  work: (query: Query) => Promise<T>,
): Promise<T> {
  return callSql(ctx, target, async () => {
    if (kind === 'postgres') {
      const client = await (await postgresPool(ctx, target)).connect();
      try {
        await client.query('BEGIN TRANSACTION READ ONLY');
        await client.query("SET LOCAL statement_timeout = '20s'");
        return await work(
          async (sql, values = []) => (await client.query<Record<string, unknown>>(sql, values)).rows,
        );
      } finally {
        await client.query('ROLLBACK').catch(() => {});
        client.release();
      }
    }
    const connection = await (await mysqlPool(ctx, target)).getConnection();
    try {
      await connection.query('START TRANSACTION READ ONLY');
      return await work(
        async (sql, values = []) =>
          (await connection.query({ sql, values, timeout: 20_000 }))[0] as Record<string, unknown>[],
      );
    } finally {
      await connection.query('ROLLBACK').catch(() => {});
      connection.release();
    }
  });
}

/** The schema the model reads: each table's columns and a few sample rows. */
async function tableInfo(
  query: Query,
  kind: Dialect,
  include: string[],
  ignore: string[],
  samples: number,
): Promise<string> {
  const schema: Record<Dialect, string> = {
    postgres: `SELECT table_name AS "table", column_name AS "column", data_type AS "type" FROM information_schema.columns
         WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position`,
    mysql: `SELECT TABLE_NAME AS \`table\`, COLUMN_NAME AS \`column\`, DATA_TYPE AS \`type\` FROM information_schema.columns
         WHERE table_schema = DATABASE() ORDER BY TABLE_NAME, ORDINAL_POSITION`,
    sqlite: `SELECT m.name AS "table", p.name AS "column", p.type AS "type" FROM sqlite_master m
         JOIN pragma_table_info(m.name) p WHERE m.type IN ('table', 'view') AND m.name NOT LIKE 'sqlite_%'
         ORDER BY m.name, p.cid`,
  };
  const rows = (await query(schema[kind])) as unknown as Column[];
  const tables = new Map<string, Column[]>();
  for (const row of rows) {
    if (include.length > 0 && !include.includes(row.table)) continue;
    if (ignore.includes(row.table)) continue;
    (tables.get(row.table) ?? tables.set(row.table, []).get(row.table)!).push(row);
  }
  if (tables.size === 0)
    throw new Error(`${SERVICE}: the database has no tables to query (check Include/Ignore Tables)`);
  const quote = (name: string) =>
    kind === 'mysql' ? `\`${name.replace(/`/g, '``')}\`` : `"${name.replace(/"/g, '""')}"`;
  const parts: string[] = [];
  for (const [table, columns] of tables) {
    let part = `CREATE TABLE ${table} (\n${columns.map((c) => `  ${c.column} ${c.type}`).join(',\n')}\n)`;
    if (samples > 0) {
      const sample = await query(`SELECT * FROM ${quote(table)} LIMIT ${Math.floor(samples)}`);
      if (sample.length > 0)
        part += `\n/* ${sample.length} rows from ${table}:\n${sample.map((r) => JSON.stringify(r)).join('\n')}\n*/`;
    }
    parts.push(part);
  }
  return parts.join('\n\n');
}

async function runSqlChain(ctx: NodeContext): Promise<NodeRunOutput> {
  const question = ctx.run.question;
  const refused = await moderate(ctx.inputs.inputModeration, question);
  if (refused !== undefined) {
    ctx.run.emit('token', refused);
    return { text: refused };
  }
  const model = requireChatModel(ctx.inputs.model, 'Language Model');
  const kind = stringInput(ctx.inputs.database) ?? 'sqlite';
  if (kind === 'mssql')
    throw new Error(`${SERVICE}: MSSQL is not supported; use PostgreSQL, MySQL or SQLite`);
  if (kind !== 'postgres' && kind !== 'mysql' && kind !== 'sqlite')
    throw new Error(`${SERVICE}: unknown database "${kind}"`);
  const url = stringInput(ctx.inputs.url);
  if (!url)
    throw new Error(
      `${SERVICE}: enter the ${kind === 'sqlite' ? 'path of the SQLite file' : 'connection string of the database'}`,
    );
  const topK = numberInput(ctx.inputs.topK) ?? DEFAULT_TOP_K;
  const samples = numberInput(ctx.inputs.sampleRowsInTableInfo) ?? 3;
  const dialect = DIALECTS[kind];
  const reading = <T>(work: (query: Query) => Promise<T>): Promise<T> =>
    kind === 'sqlite'
      ? sqliteFilePath(ctx, SERVICE, url).then((file) => readSqlite(ctx, file, work))
      : readOnly(ctx, kind, sqlTarget(kind, url), work);
  const { sql, rows } = await reading(async (query) => {
    const info = await tableInfo(
      query,
      kind,
      names(ctx.inputs.includesTables),
      names(ctx.inputs.ignoreTables),
      samples,
    );
    const template = stringInput(ctx.inputs.customPrompt) ?? DEFAULT_PROMPT;
    const prompt = template
      .replace(/\{dialect\}/g, dialect)
      .replace(/\{top_k\}/g, String(topK))
      .replace(/\{table_info\}/g, info)
      .replace(/\{input\}/g, question);
    const written = await generate(model, {
      messages: [{ role: 'user', content: prompt }],
      stream: false,
      run: ctx.run,
    });
    const statement = queryOf(written);
    try {
      return { sql: statement, rows: await query(statement) };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`The query the model wrote failed: ${reason}\n${statement}`, { cause: error });
    }
  });
  const shown = rows.slice(0, MAX_RESULT_ROWS);
  const text = await generate(model, {
    system:
      'Answer the question in plain words from the SQL result. Say so when the result does not answer it.',
    messages: [
      {
        role: 'user',
        content: `Question: ${question}\nSQLQuery: ${sql}\nSQLResult: ${JSON.stringify(shown)}${rows.length > shown.length ? ` (first ${shown.length} of ${rows.length} rows)` : ''}`,
      },
    ],
    stream: true,
    run: ctx.run,
  });
  return { text, usedTools: [{ tool: 'sql', toolInput: { query: sql }, toolOutput: JSON.stringify(shown) }] };
}

/** Answers questions from a PostgreSQL, MySQL or SQLite database: the model writes SQL, run read-only. */
export const sqlDatabaseChain: NodeType = {
  icon: badgeIcon('SQL', '#00758f'),
  streamable: true,
  definition: {
    label: 'Sql Database Chain',
    name: 'sqlDatabaseChain',
    version: 5,
    type: 'SqlDatabaseChain',
    category: 'Chains',
    baseClasses: ['SqlDatabaseChain', 'BaseChain', 'Runnable'],
    description: 'Answers questions from a SQL database: the model writes a query that runs read-only',
    inputs: [
      { label: 'Language Model', name: 'model', type: 'BaseLanguageModel' },
      {
        label: 'Database',
        name: 'database',
        type: 'options',
        options: [
          { label: 'PostgreSQL', name: 'postgres' },
          { label: 'MySQL', name: 'mysql' },
          {
            label: 'SQLite',
            name: 'sqlite',
            description: 'A file in the folder the server’s administrator allows (FLOWLOOM_SQLITE_DIR)',
          },
          { label: 'MSSQL', name: 'mssql', description: 'Not available' },
        ],
        default: 'postgres',
      },
      {
        label: 'Connection string or file path (sqlite only)',
        name: 'url',
        type: 'password',
        placeholder: 'postgres://user:password@host:5432/db',
        description:
          'The database to read, queries run read-only; for SQLite the file’s name in the server’s SQLite folder',
      },
      {
        label: 'Include Tables',
        name: 'includesTables',
        type: 'string',
        placeholder: 'table1, table2',
        description: 'Only these tables (comma-separated)',
        additionalParams: true,
        optional: true,
      },
      {
        label: 'Ignore Tables',
        name: 'ignoreTables',
        type: 'string',
        placeholder: 'table1, table2',
        description: 'Leave these tables out (comma-separated)',
        additionalParams: true,
        optional: true,
      },
      {
        label: "Sample table's rows info",
        name: 'sampleRowsInTableInfo',
        type: 'number',
        description: 'Rows of each table shown to the model (default 3)',
        additionalParams: true,
        optional: true,
      },
      {
        label: 'Top Keys',
        name: 'topK',
        type: 'number',
        description: `Rows the query should return at most (default ${DEFAULT_TOP_K})`,
        additionalParams: true,
        optional: true,
      },
      {
        label: 'Custom Prompt',
        name: 'customPrompt',
        type: 'string',
        rows: 4,
        description: 'Your own prompt: {input}, {dialect}, {table_info} and {top_k} are filled in',
        additionalParams: true,
        optional: true,
      },
      {
        label: 'Input Moderation',
        name: 'inputModeration',
        type: 'Moderation',
        description: 'Checks the question before any model sees it',
        optional: true,
        list: true,
      },
    ],
  },
  init: (ctx) => chainHandle(ctx, runSqlChain),
  run: (ctx) => runSqlChain(ctx),
};
