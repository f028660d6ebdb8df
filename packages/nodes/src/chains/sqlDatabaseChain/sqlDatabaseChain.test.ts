import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestEngine } from '@flowloom/engine';
import { startTestLlmServer, type TestLlmServer } from '@flowloom/test-llm';
import { chatOpenAI } from '../../chat-models/chatOpenAI/chatOpenAI.js';
import { closeSqlPools } from '../../connections/sql-connections.js';
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

describe('Sql Database Chain refusals', () => {
  it('does not open SQLite files on the server', async () => {
    const flow = buildFlow(
      [
        { id: 'chatOpenAI_0', type: chatOpenAI, credential: 'openai' },
        { id: 's_0', type: sqlDatabaseChain, inputs: { database: 'sqlite', url: '/etc/passwd' } },
      ],
      [['chatOpenAI_0', 's_0', 'model']],
    );
    const engine = createTestEngine({
      nodes: [chatOpenAI, sqlDatabaseChain],
      credentials: { openai: { credentialName: 'openAIApi', data: { openAIApiKey: 'sk' } } },
    });
    await expect(engine.run(flow, { question: 'x' })).rejects.toThrow(
      /SQLite files on the server cannot be opened/,
    );
  });
});
