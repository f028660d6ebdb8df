import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
// The test writes its own SQLite fixtures; the chain reads them through src/connections/ only.
// eslint-disable-next-line no-restricted-imports
import Database from 'better-sqlite3';
import { createTestEngine } from '@flowloom/engine';
import { startTestLlmServer, type TestLlmServer } from '@flowloom/test-llm';
import { chatOpenAI } from '../../chat-models/chatOpenAI/chatOpenAI.js';
import { closeSqlPools } from '../../connections/sql-connections.js';
import { SQLITE_LIMITS } from '../../connections/sqlite-files.js';
import { buildFlow } from '../../testing/flow-builder.js';
import { createTestPostgres, openTestMysql, type TestDatabase } from '../../testing/test-databases.js';
import { queryOf, sqlDatabaseChain, sqlTarget } from './sqlDatabaseChain.js';

describe('queryOf and sqlTarget', () => {
  it('takes one statement from the model’s answer', () => {
    expect(queryOf('```sql\nSELECT 1;\n```')).toBe('SELECT 1');
    expect(queryOf('SQLQuery: SELECT name FROM t\nSQLResult:')).toBe('SELECT name FROM t');
    expect(() => queryOf('SELECT 1; DROP TABLE t')).toThrow(/Only one SQL statement/);
  });
  it('reads the connection string', () => {
    expect(sqlTarget('postgres', 'postgres://ada:p%40ss@db:6543/shop')).toMatchObject({
      host: 'db',
      port: 6543,
      database: 'shop',
      user: 'ada',
      password: 'p@ss',
    });
    expect(() => sqlTarget('mysql', 'postgres://h/db')).toThrow(/starts with mysql:\/\//);
    expect(() => sqlTarget('postgres', 'postgres://h')).toThrow(/names no database/);
  });
});

const servers = [
  ['postgres', process.env.TEST_DATABASE_URL, createTestPostgres],
  ['mysql', process.env.TEST_MYSQL_URL, openTestMysql],
] as const;

describe.each(servers)('Sql Database Chain on %s', (kind, url, open) => {
  let llm: TestLlmServer;
  let db: TestDatabase;
  beforeAll(async () => {
    if (!url) return;
    llm = await startTestLlmServer();
    db = await open(url);
    const table = db.table('pets_sql_chain');
    await db.query(`CREATE TABLE ${table} (name VARCHAR(40), age INT)`);
    await db.query(`INSERT INTO ${table} VALUES ('Rex', 3), ('Tom', 7), ('Kit', 1)`);
  });
  afterAll(async () => {
    if (!url) return;
    await closeSqlPools();
    await db.drop();
    await llm.close();
  });
  beforeEach(() => llm?.reset());

  const run = (question: string) => {
    const user = db.password ? `${db.user}:${encodeURIComponent(db.password)}` : db.user;
    const flow = buildFlow(
      [
        { id: 'chatOpenAI_0', type: chatOpenAI, credential: 'openai' },
        {
          id: 'sqlDatabaseChain_0',
          type: sqlDatabaseChain,
          inputs: {
            database: kind,
            url: `${kind}://${user}@${db.host}:${db.port}/${db.database}`,
            includesTables: 'pets_sql_chain',
          },
        },
      ],
      [['chatOpenAI_0', 'sqlDatabaseChain_0', 'model']],
    );
    return createTestEngine({
      nodes: [chatOpenAI, sqlDatabaseChain],
      credentials: { openai: { credentialName: 'openAIApi', data: { openAIApiKey: 'sk' } } },
      services: { providerBaseUrls: { openai: llm.openAiBaseUrl } },
    }).run(flow, { question });
  };

  it.skipIf(!url)('shows the model the schema, runs its query and answers from the rows', async () => {
    llm.script(
      { text: '```sql\nSELECT name FROM pets_sql_chain WHERE age > 2 ORDER BY name\n```' },
      { text: 'Rex and Tom.' },
    );
    const result = await run('Which pets are older than 2?');
    expect(result.output.text).toBe('Rex and Tom.');
    const prompt = (llm.requests[0]!.body as { messages: { content: string }[] }).messages[0]!.content;
    expect(prompt).toContain('CREATE TABLE pets_sql_chain');
    expect(prompt).toContain('"name":"Kit"');
    const answer = (llm.requests[1]!.body as { messages: { content: string }[] }).messages.at(-1)!.content;
    expect(answer).toContain('SQLResult: [{"name":"Rex"},{"name":"Tom"}]');
  });

  it.skipIf(!url)('runs the query read-only: a write is refused and changes nothing', async () => {
    llm.script({ text: '```sql\nDELETE FROM pets_sql_chain\n```' });
    await expect(run('Delete everything')).rejects.toThrow(/The query the model wrote failed: .*read.only/i);
    const [{ n }] = (await db.query<{ n: number | string }>('SELECT COUNT(*) AS n FROM pets_sql_chain')) as [
      { n: number | string },
    ];
    expect(Number(n)).toBe(3);
  });
});

describe('Sql Database Chain on SQLite files', () => {
  let llm: TestLlmServer;
  let folder: string;
  let outside: string;
  beforeAll(async () => {
    llm = await startTestLlmServer();
    folder = mkdtempSync(join(tmpdir(), 'flowloom-sqlite-'));
    outside = mkdtempSync(join(tmpdir(), 'flowloom-outside-'));
    const db = new Database(join(folder, 'pets.db'));
    db.exec(
      "CREATE TABLE pets (name TEXT, age INTEGER, photo BLOB); INSERT INTO pets VALUES ('Rex', 3, x'00ff'), ('Tom', 7, NULL), ('Kit', 1, NULL)",
    );
    db.close();
    new Database(join(outside, 'secret.db')).exec('CREATE TABLE secret (v TEXT)');
    symlinkSync(join(outside, 'secret.db'), join(folder, 'link.db'));
    mkdirSync(join(folder, 'sales'));
    new Database(join(folder, 'sales', 'q1.sqlite')).exec(
      'CREATE TABLE q1 (total INTEGER); INSERT INTO q1 VALUES (42)',
    );
  });
  afterAll(async () => {
    await llm.close();
    rmSync(folder, { recursive: true, force: true });
    rmSync(outside, { recursive: true, force: true });
  });
  beforeEach(() => llm.reset());

  const run = (url: string, question: string, sqliteDirectory: string | null = folder) =>
    createTestEngine({
      nodes: [chatOpenAI, sqlDatabaseChain],
      credentials: { openai: { credentialName: 'openAIApi', data: { openAIApiKey: 'sk' } } },
      services: {
        providerBaseUrls: { openai: llm.openAiBaseUrl },
        ...(sqliteDirectory && { sqliteDirectory }),
      },
    }).run(
      buildFlow(
        [
          { id: 'chatOpenAI_0', type: chatOpenAI, credential: 'openai' },
          { id: 'sqlDatabaseChain_0', type: sqlDatabaseChain, inputs: { database: 'sqlite', url } },
        ],
        [['chatOpenAI_0', 'sqlDatabaseChain_0', 'model']],
      ),
      { question },
    );
  const prompt = (index: number) =>
    (llm.requests[index]!.body as { messages: { content: string }[] }).messages.at(-1)!.content;

  it('shows the model the schema of a file in the folder, runs its query read-only and answers', async () => {
    llm.script(
      { text: '```sql\nSELECT name FROM pets WHERE age > 2 ORDER BY name;\n```' },
      { text: 'Rex and Tom.' },
    );
    const result = await run('pets.db', 'Which pets are older than 2?');
    expect(result.output.text).toBe('Rex and Tom.');
    expect(prompt(0)).toContain('You write one SQLite query');
    expect(prompt(0)).toContain('CREATE TABLE pets (\n  name TEXT,\n  age INTEGER,\n  photo BLOB\n)');
    expect(prompt(0)).toContain('{"name":"Rex","age":3,"photo":"[blob of 2 bytes]"}');
    expect(prompt(1)).toContain('SQLResult: [{"name":"Rex"},{"name":"Tom"}]');
    llm.script({ text: 'SELECT total FROM q1' }, { text: '42' });
    expect((await run('sales/q1.sqlite', 'Q1 total?')).output.text).toBe('42');
  });

  it('refuses statements that do not read rows, so nothing changes and no other file is attached', async () => {
    llm.script({ text: '```sql\nDELETE FROM pets\n```' });
    await expect(run('pets.db', 'Delete everything')).rejects.toThrow(
      /The query the model wrote failed: Sql Database Chain: only statements that read rows may run/,
    );
    llm.script({ text: `ATTACH DATABASE '${join(outside, 'secret.db')}' AS s` });
    await expect(run('pets.db', 'x')).rejects.toThrow(/only statements that read rows may run/);
    const db = new Database(join(folder, 'pets.db'), { readonly: true });
    expect(db.prepare('SELECT COUNT(*) AS n FROM pets').get()).toEqual({ n: 3 });
    db.close();
  });

  it('stops a query that runs past its time limit', async () => {
    const limit = SQLITE_LIMITS.queryMs;
    SQLITE_LIMITS.queryMs = 300;
    try {
      llm.script({
        text: 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT sum(x) FROM c',
      });
      await expect(run('pets.db', 'x')).rejects.toThrow(/the query ran longer than 0.3 s and was stopped/);
    } finally {
      SQLITE_LIMITS.queryMs = limit;
    }
  });

  it.each([
    ['../outside.db', /must be in the server's SQLite folder/],
    ['/etc/passwd', /must be in the server's SQLite folder/],
    ['link.db', /a link may not lead out of it/],
    ['missing.db', /there is no file missing.db in the server's SQLite folder/],
    ['sales', /sales is not a file/],
  ])('refuses %s', async (url, message) => {
    await expect(run(url, 'x')).rejects.toThrow(message);
    expect(llm.requests).toHaveLength(0);
  });

  it('takes an absolute path inside the folder', async () => {
    llm.script({ text: 'SELECT COUNT(*) AS n FROM pets' }, { text: 'Three.' });
    expect((await run(join(folder, 'pets.db'), 'How many?')).output.text).toBe('Three.');
  });

  it('says so when the operator has not allowed SQLite files', async () => {
    await expect(run('pets.db', 'x', null)).rejects.toThrow(
      /administrator has not allowed SQLite files \(FLOWLOOM_SQLITE_DIR/,
    );
  });
});

describe('Sql Database Chain refusals', () => {
  it('does not take MSSQL', async () => {
    const flow = buildFlow(
      [
        { id: 'chatOpenAI_0', type: chatOpenAI, credential: 'openai' },
        { id: 's_0', type: sqlDatabaseChain, inputs: { database: 'mssql', url: 'mssql://h/db' } },
      ],
      [['chatOpenAI_0', 's_0', 'model']],
    );
    const engine = createTestEngine({
      nodes: [chatOpenAI, sqlDatabaseChain],
      credentials: { openai: { credentialName: 'openAIApi', data: { openAIApiKey: 'sk' } } },
    });
    await expect(engine.run(flow, { question: 'x' })).rejects.toThrow(/MSSQL is not supported/);
  });
});
