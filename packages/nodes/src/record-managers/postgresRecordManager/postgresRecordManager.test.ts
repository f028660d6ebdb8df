import { describe, expect, it } from 'vitest';
import { POSTGRES_PORT } from '../../connections/postgres-inputs.js';
import { describeRecordManagerContract } from '../../testing/record-manager-contract.js';
import { describeSqlConnectionContract, useTestDatabase } from '../../testing/sql-connection-contract.js';
import { createTestPostgres } from '../../testing/test-databases.js';
import { storeContexts } from '../../testing/vector-store-contract.js';
import type { RecordManagerHandle } from '../record-manager.js';
import { postgresRecordManager } from './postgresRecordManager.js';

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('Postgres Record Manager on PostgreSQL', () => {
  const db = useTestDatabase(() => createTestPostgres(url!));
  const ctx = storeContexts(postgresRecordManager, {
    inputs: () => ({ host: db().host, port: db().port, database: db().database }),
    credential: () => ({ user: db().user, password: db().password }),
  });

  describeRecordManagerContract('Postgres Record Manager', {
    type: postgresRecordManager,
    inputs: (table) => ({ host: db().host, port: db().port, database: db().database, tableName: table }),
    credential: () => ({ user: db().user, password: db().password }),
    columns: async (table) =>
      (
        await db().query<{ column_name: string }>(
          `SELECT column_name FROM information_schema.columns WHERE table_name = $1 ORDER BY ordinal_position`,
          [table],
        )
      ).map((row) => row.column_name),
    createOldTable: async (table) => {
      await db().query(
        `CREATE TABLE "${table}" (uuid UUID PRIMARY KEY DEFAULT gen_random_uuid(), key TEXT NOT NULL,
           namespace TEXT NOT NULL, updated_at DOUBLE PRECISION NOT NULL, group_id TEXT, UNIQUE (key, namespace))`,
      );
    },
  });

  it('uses upsertion_records unless told otherwise, and the node’s namespace', async () => {
    const handle = (await postgresRecordManager.init!(ctx({ namespace: 'kb' }))) as RecordManagerHandle;
    expect(handle).toMatchObject({ namespace: 'kb', cleanup: 'none', sourceIdKey: 'source' });
    await handle.store.update('kb', [{ key: 'x', groupId: null, docId: null }], await handle.store.now());
    expect(await db().query('SELECT key, namespace FROM upsertion_records')).toEqual([
      { key: 'x', namespace: 'kb' },
    ]);
  });
});

describeSqlConnectionContract('Postgres Record Manager', {
  type: postgresRecordManager,
  kind: 'recordManager',
  defaultPort: POSTGRES_PORT,
  connect: (built) => (built as RecordManagerHandle).store.now(),
});
