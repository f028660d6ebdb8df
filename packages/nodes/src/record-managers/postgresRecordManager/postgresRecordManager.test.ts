import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_TIMEOUTS } from '../../connections/service-call.js';
import { closeSqlPools } from '../../connections/sql-connections.js';
import { describeRecordManagerContract } from '../../testing/record-manager-contract.js';
import { silentServer } from '../../testing/sql-test-servers.js';
import { createTestPostgres, type TestDatabase } from '../../testing/test-databases.js';
import { storeContext } from '../../testing/vector-store-contract.js';
import type { RecordManagerHandle } from '../record-manager.js';
import { postgresRecordManager } from './postgresRecordManager.js';

const url = process.env.TEST_DATABASE_URL;

const init = (inputs: Record<string, unknown>, options: Parameters<typeof storeContext>[1] = {}) =>
  postgresRecordManager.init!(
    storeContext(postgresRecordManager, {
      credential: { user: 'flow' },
      ...options,
      inputs: { host: '127.0.0.1', database: 'records', ...inputs },
    }),
  ) as Promise<RecordManagerHandle>;

describe.skipIf(!url)('Postgres Record Manager on PostgreSQL', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestPostgres(url!);
  });
  afterAll(async () => {
    await closeSqlPools();
    await db.drop();
  });

  describeRecordManagerContract('Postgres Record Manager', {
    type: postgresRecordManager,
    inputs: (table) => ({ host: db.host, port: db.port, database: db.database, tableName: table }),
    credential: () => ({ user: db.user, password: db.password }),
    columns: async (table) =>
      (
        await db.query<{ column_name: string }>(
          `SELECT column_name FROM information_schema.columns WHERE table_name = $1 ORDER BY ordinal_position`,
          [table],
        )
      ).map((row) => row.column_name),
    createOldTable: async (table) => {
      await db.query(
        `CREATE TABLE "${table}" (uuid UUID PRIMARY KEY DEFAULT gen_random_uuid(), key TEXT NOT NULL,
           namespace TEXT NOT NULL, updated_at DOUBLE PRECISION NOT NULL, group_id TEXT, UNIQUE (key, namespace))`,
      );
    },
  });

  it('uses upsertion_records unless told otherwise, and the node’s namespace', async () => {
    const handle = await init(
      { host: db.host, port: db.port, database: db.database, namespace: 'kb' },
      { credential: { user: db.user, password: db.password } },
    );
    expect(handle).toMatchObject({ namespace: 'kb', cleanup: 'none', sourceIdKey: 'source' });
    await handle.store.update('kb', [{ key: 'x', groupId: null, docId: null }], await handle.store.now());
    expect(await db.query('SELECT key, namespace FROM upsertion_records')).toEqual([
      { key: 'x', namespace: 'kb' },
    ]);
  });

  it('refuses an address the guard refuses, naming FLOWLOOM_HTTP_ALLOW', async () => {
    const handle = await init(
      { host: db.host, port: db.port, database: db.database },
      { credential: { user: db.user, password: db.password }, services: { addressCheck: () => 'private' } },
    );
    await expect(handle.store.now()).rejects.toThrow(
      /^Postgres Record Manager: refused to connect to .*a private address\. .*FLOWLOOM_HTTP_ALLOW/,
    );
  });
});

describe('Postgres Record Manager', () => {
  it('refuses a host typed on the node that is not the credential’s server while it holds a password', async () => {
    await expect(
      init({}, { credential: { user: 'u', password: 'p', server: 'db.internal:6543' } }),
    ).rejects.toThrow(
      /^Postgres Record Manager: 127\.0\.0\.1:5432 is not where this node's credential may be sent \(db\.internal:6543\)/,
    );
    // Without a typed host the credential's server is used.
    await expect(
      init({ host: '' }, { credential: { user: 'u', password: 'p', server: 'db.internal:6543' } }),
    ).resolves.toMatchObject({ kind: 'recordManager' });
  });

  it('ends with a timeout message when the database does not answer', async () => {
    const silent = await silentServer();
    const limit = SERVICE_TIMEOUTS.connectMs;
    SERVICE_TIMEOUTS.connectMs = 300;
    try {
      const handle = await init({ port: silent.port });
      await expect(handle.store.now()).rejects.toThrow(
        /^Postgres Record Manager \(127\.0\.0\.1:\d+\/records\): could not connect within 0\.3 s$/,
      );
    } finally {
      SERVICE_TIMEOUTS.connectMs = limit;
      await closeSqlPools();
      await silent.close();
    }
  });

  it('asks for a credential with a user', async () => {
    await expect(init({}, { credential: {} })).rejects.toThrow(
      'Postgres Record Manager: connect a credential with the User to log in as',
    );
  });
});
