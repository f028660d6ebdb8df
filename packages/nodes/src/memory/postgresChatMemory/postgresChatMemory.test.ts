import { describe, expect, it } from 'vitest';
import { POSTGRES_PORT } from '../../connections/postgres-inputs.js';
import { describeChatMemoryContract, type StoredTurn } from '../../testing/chat-memory-contract.js';
import { nodeContext } from '../../testing/node-context.js';
import { describeSqlConnectionContract, useTestDatabase } from '../../testing/sql-connection-contract.js';
import { createTestPostgres } from '../../testing/test-databases.js';
import { MAX_HISTORY_CHARS, storedMessage } from '../external-memory.js';
import type { MemoryHandle } from '../memory.js';
import { postgresChatMemory } from './postgresChatMemory.js';

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('Postgres Chat Memory on PostgreSQL', () => {
  const db = useTestDatabase(() => createTestPostgres(url!));
  const server = () => ({ host: db().host, port: db().port, database: db().database });
  const credential = () => ({ user: db().user, password: db().password });
  const memory = async (inputs: Record<string, unknown>) =>
    (await postgresChatMemory.init!(
      nodeContext(postgresChatMemory, { inputs: { ...server(), ...inputs }, credential: credential() }),
    )) as MemoryHandle;
  const rows = (table: string, sessionId: string) =>
    db().query<{ message: { type: string; data: { content: string } } }>(
      `SELECT message FROM "${table}" WHERE session_id = $1 ORDER BY id`,
      [sessionId],
    );

  describeChatMemoryContract('Postgres Chat Memory', {
    type: postgresChatMemory,
    credentialName: 'PostgresApi',
    inputs: () => ({ ...server(), tableName: 'contract_chats' }),
    credential,
    stored: async (sessionId): Promise<StoredTurn[]> =>
      (await rows('contract_chats', sessionId)).map(({ message }) => ({
        type: message.type,
        content: message.data.content,
      })),
    windowSize: true,
  });

  it('makes LangChain’s table on first use, with an index on the session', async () => {
    const handle = await memory({ sessionId: 'first' });
    expect(await handle.load()).toEqual([]);
    const columns = await db().query<{ column_name: string; data_type: string }>(
      `SELECT column_name, data_type FROM information_schema.columns
       WHERE table_name = 'langchain_chat_histories' ORDER BY ordinal_position`,
    );
    expect(columns.map((c) => [c.column_name, c.data_type])).toEqual([
      ['id', 'bigint'],
      ['session_id', 'character varying'],
      ['message', 'jsonb'],
      ['created_at', 'timestamp with time zone'],
    ]);
    const indexes = await db().query<{ indexname: string }>(
      `SELECT indexname FROM pg_indexes WHERE tablename = 'langchain_chat_histories' ORDER BY indexname`,
    );
    expect(indexes.map((i) => i.indexname)).toContain('langchain_chat_histories_session_idx');
  });

  it('reads and adds to a table LangChain made (no created_at, SERIAL ids)', async () => {
    await db().query(
      `CREATE TABLE "lc_made" (id SERIAL PRIMARY KEY, session_id VARCHAR(255) NOT NULL, message JSONB NOT NULL)`,
    );
    await db().query(`INSERT INTO "lc_made" (session_id, message) VALUES ('s', $1), ('s', $2)`, [
      storedMessage('human', 'hello'),
      storedMessage('ai', 'hi there'),
    ]);
    const handle = await memory({ tableName: 'lc_made', sessionId: 's' });
    expect(await handle.load()).toEqual([
      { role: 'userMessage', content: 'hello' },
      { role: 'apiMessage', content: 'hi there' },
    ]);
    await handle.save!('and now?', 'now this');
    expect((await rows('lc_made', 's')).map((r) => r.message.data.content)).toEqual([
      'hello',
      'hi there',
      'and now?',
      'now this',
    ]);
  });

  it('makes the table again when it was dropped between runs', async () => {
    await (
      await memory({ tableName: 'dropped_chats', sessionId: 's' })
    ).save!('q', 'a');
    await db().query('DROP TABLE dropped_chats');
    const handle = await memory({ tableName: 'dropped_chats', sessionId: 's' });
    expect(await handle.load()).toEqual([]);
    await handle.save!('q2', 'a2');
    expect(await rows('dropped_chats', 's')).toHaveLength(2);
  });

  it('reads back only the newest messages that fit in the history limit', async () => {
    const big = 'b'.repeat(MAX_HISTORY_CHARS / 4);
    for (let i = 0; i < 5; i++)
      await db().query(`INSERT INTO "contract_chats" (session_id, message) VALUES ('big', $1)`, [
        storedMessage(i % 2 ? 'ai' : 'human', `${i}${big}`),
      ]);
    const turns = await (await memory({ tableName: 'contract_chats', sessionId: 'big' })).load();
    expect(turns.map((t) => t.content[0])).toEqual(['2', '3', '4']);
  });

  it('refuses a Table Name that is not a plain identifier, before any SQL', async () => {
    for (const tableName of ['chats"; DROP TABLE x; --', 'a.b', 'x'.repeat(64)])
      await expect(memory({ tableName })).rejects.toThrow(
        /^Postgres Chat Memory: Table Name ".*" may only hold letters, digits and underscores \(at most 63\)$/,
      );
  });

  it('keeps one pool per database for every run', async () => {
    const application = `chat_memory_${Date.now()}`;
    for (const question of ['one', 'two', 'three']) {
      const handle = await memory({
        tableName: 'pooled',
        sessionId: 'p',
        additionalConfig: { application_name: application },
      });
      await handle.load();
      await handle.save!(question, 'ok');
    }
    const [open] = await db().query<{ count: string }>(
      'SELECT count(*) AS count FROM pg_stat_activity WHERE application_name = $1',
      [application],
    );
    expect(Number(open!.count)).toBe(1);
  });

  it('fails naming the node and the server when nothing listens there', async () => {
    const handle = await memory({ port: 9, sessionId: 's' });
    await expect(handle.load()).rejects.toThrow(
      /^Postgres Chat Memory \(127\.0\.0\.1:9\/flowloom_nodes_\w+\): connection refused$/,
    );
  });

  it('fails naming the node when the database does not exist', async () => {
    const handle = await memory({ database: 'no_such_database_here', sessionId: 's' });
    await expect(handle.load()).rejects.toThrow(
      /^Postgres Chat Memory \(127\.0\.0\.1:\d+\/no_such_database_here\): database "no_such_database_here" does not exist$/,
    );
  });
});

describeSqlConnectionContract('Postgres Chat Memory', {
  type: postgresChatMemory,
  kind: 'memory',
  defaultPort: POSTGRES_PORT,
  connect: (built) => (built as MemoryHandle).load(),
});
