import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MYSQL_PORT } from '../../connections/mysql-inputs.js';
import { describeChatMemoryContract, type StoredTurn } from '../../testing/chat-memory-contract.js';
import { nodeContext } from '../../testing/node-context.js';
import { describeSqlConnectionContract, useTestDatabase } from '../../testing/sql-connection-contract.js';
import { openTestMysql } from '../../testing/test-databases.js';
import { storedMessage } from '../external-memory.js';
import type { MemoryHandle } from '../memory.js';
import { mySQLChatMemory } from './mySQLChatMemory.js';

const url = process.env.TEST_MYSQL_URL;

describe.skipIf(!url)('MySQL Chat Memory on MySQL/MariaDB', () => {
  const db = useTestDatabase(() => openTestMysql(url!));
  // The MySQL test database is shared: tables of this file carry its own suffix and are dropped after.
  const suffix = randomBytes(3).toString('hex');
  const table = (name: string) => db().table(`${name}_${suffix}`);
  const server = () => ({ host: db().host, port: db().port, database: db().database });
  const credential = () => ({ user: db().user, password: db().password });
  const memory = async (inputs: Record<string, unknown>, login: Record<string, unknown> = credential()) =>
    (await mySQLChatMemory.init!(
      nodeContext(mySQLChatMemory, { inputs: { ...server(), ...inputs }, credential: login }),
    )) as MemoryHandle;

  describeChatMemoryContract('MySQL Chat Memory', {
    type: mySQLChatMemory,
    credentialName: 'MySQLApi',
    inputs: () => ({ ...server(), tableName: table('contract_chats') }),
    credential,
    stored: async (sessionId): Promise<StoredTurn[]> =>
      (
        await db().query<{ message: string }>(
          `SELECT message FROM \`${table('contract_chats')}\` WHERE session_id = ? ORDER BY id`,
          [sessionId],
        )
      ).map((row) => {
        const message = JSON.parse(row.message) as { type: string; data: { content: string } };
        return { type: message.type, content: message.data.content };
      }),
    windowSize: true,
  });

  it('makes its table on first use, with an index on the session', async () => {
    const name = table('made_chats');
    await (
      await memory({ tableName: name, sessionId: 's' })
    ).save!('q', 'a');
    const columns = await db().query<{ name: string }>(
      `SELECT column_name AS name FROM information_schema.columns
       WHERE table_schema = DATABASE() AND table_name = ? ORDER BY ordinal_position`,
      [name],
    );
    expect(columns.map((c) => c.name)).toEqual(['id', 'session_id', 'message', 'created_at']);
    const indexes = await db().query<{ name: string }>(
      `SELECT DISTINCT index_name AS name FROM information_schema.statistics
       WHERE table_schema = DATABASE() AND table_name = ?`,
      [name],
    );
    expect(indexes.map((i) => i.name)).toContain('session_idx');
  });

  it('reads rows written in LangChain’s stored shape by others', async () => {
    const name = table('shared_chats');
    await (await memory({ tableName: name, sessionId: 'x' })).load();
    await db().query(`INSERT INTO \`${name}\` (session_id, message) VALUES ('x', ?), ('x', ?), ('x', ?)`, [
      storedMessage('human', 'hello'),
      'not json at all',
      storedMessage('ai', 'hi'),
    ]);
    expect(await (await memory({ tableName: name, sessionId: 'x' })).load()).toEqual([
      { role: 'userMessage', content: 'hello' },
      { role: 'apiMessage', content: 'hi' },
    ]);
  });

  it('refuses a Table Name that is not a plain identifier, before any SQL', async () => {
    await expect(memory({ tableName: 'chats`; DROP TABLE x; --' })).rejects.toThrow(
      /^MySQL Chat Memory: Table Name ".*" may only hold letters, digits and underscores/,
    );
  });

  it('fails naming the node when the password is wrong', async () => {
    const user = `flowloom_${suffix}`;
    await db().query(`CREATE USER '${user}'@'%' IDENTIFIED BY 'right-password'`);
    try {
      // A credential with a password names the server it may be sent to.
      const handle = await memory(
        { sessionId: 's' },
        { user, password: 'wrong-password', server: `${db().host}:${db().port}` },
      );
      await expect(handle.load()).rejects.toThrow(
        new RegExp(`^MySQL Chat Memory \\(127\\.0\\.0\\.1:\\d+/\\w+\\): Access denied for user '${user}'`),
      );
    } finally {
      await db().query(`DROP USER '${user}'@'%'`);
    }
  });

  it('fails naming the node and the server when nothing listens there', async () => {
    const handle = await memory({ port: 9, sessionId: 's' });
    await expect(handle.load()).rejects.toThrow(
      /^MySQL Chat Memory \(127\.0\.0\.1:9\/\w+\): connection refused$/,
    );
  });
});

describeSqlConnectionContract('MySQL Chat Memory', {
  type: mySQLChatMemory,
  kind: 'memory',
  defaultPort: MYSQL_PORT,
  connect: (built) => (built as MemoryHandle).load(),
});
