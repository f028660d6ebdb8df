import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_TIMEOUTS } from '../../connections/service-call.js';
import { closeSqlPools } from '../../connections/sql-connections.js';
import { describeRecordManagerContract } from '../../testing/record-manager-contract.js';
import { silentServer } from '../../testing/sql-test-servers.js';
import { openTestMysql, type TestDatabase } from '../../testing/test-databases.js';
import { storeContext } from '../../testing/vector-store-contract.js';
import type { RecordManagerHandle } from '../record-manager.js';
import { MySQLRecordManager } from './MySQLRecordManager.js';

const url = process.env.TEST_MYSQL_URL;

const init = (inputs: Record<string, unknown>, options: Parameters<typeof storeContext>[1] = {}) =>
  MySQLRecordManager.init!(
    storeContext(MySQLRecordManager, {
      credential: { user: 'flow' },
      ...options,
      inputs: { host: '127.0.0.1', database: 'records', ...inputs },
    }),
  ) as Promise<RecordManagerHandle>;

describe.skipIf(!url)('MySQL Record Manager on MySQL/MariaDB', () => {
  let db: TestDatabase;
  const tables: string[] = [];
  beforeAll(async () => {
    db = await openTestMysql(url!);
  });
  afterAll(async () => {
    await closeSqlPools();
    for (const table of tables) await db.query(`DROP TABLE IF EXISTS \`${table}\``);
    await db.drop();
  });
  const live = () => ({ host: db.host, port: db.port, database: db.database });
  const credential = () => ({ user: db.user, password: db.password });

  describeRecordManagerContract('MySQL Record Manager', {
    type: MySQLRecordManager,
    inputs: (table) => {
      tables.push(table);
      return { ...live(), tableName: table };
    },
    credential,
    columns: async (table) =>
      (
        await db.query<{ name: string }>(
          `SELECT column_name AS name FROM information_schema.columns
           WHERE table_schema = DATABASE() AND table_name = ? ORDER BY ordinal_position`,
          [table],
        )
      ).map((row) => row.name.toLowerCase()),
    createOldTable: async (table) => {
      tables.push(table);
      await db.query(
        `CREATE TABLE \`${table}\` (\`uuid\` varchar(36) PRIMARY KEY DEFAULT (UUID()), \`key\` varchar(255) NOT NULL,
           \`namespace\` varchar(255) NOT NULL, \`updated_at\` DOUBLE PRECISION NOT NULL, \`group_id\` longtext,
           UNIQUE KEY \`unique_key_namespace\` (\`key\`, \`namespace\`))`,
      );
    },
  });

  it('refuses an address the guard refuses, naming FLOWLOOM_HTTP_ALLOW', async () => {
    const handle = await init(live(), {
      credential: credential(),
      services: { addressCheck: () => 'loopback' },
    });
    await expect(handle.store.now()).rejects.toThrow(
      /^MySQL Record Manager: refused to connect to .*a loopback address\. .*FLOWLOOM_HTTP_ALLOW/,
    );
  });
});

describe('MySQL Record Manager', () => {
  it('refuses a host typed on the node that is not the credential’s server while it holds a password', async () => {
    await expect(
      init({}, { credential: { user: 'u', password: 'p', server: 'mysql.internal' } }),
    ).rejects.toThrow(
      /^MySQL Record Manager: 127\.0\.0\.1:3306 is not where this node's credential may be sent \(mysql\.internal\)/,
    );
  });

  it('ends with a timeout message when the database does not answer', async () => {
    const silent = await silentServer();
    const limit = SERVICE_TIMEOUTS.connectMs;
    SERVICE_TIMEOUTS.connectMs = 300;
    try {
      const handle = await init({ port: silent.port });
      await expect(handle.store.now()).rejects.toThrow(
        /^MySQL Record Manager \(127\.0\.0\.1:\d+\/records\): could not connect within 0\.3 s$/,
      );
    } finally {
      SERVICE_TIMEOUTS.connectMs = limit;
      await closeSqlPools();
      await silent.close();
    }
  });

  it('refuses Additional Connection Configuration that would say where to connect', async () => {
    await expect(init({ additionalConfig: { socketPath: '/var/run/mysqld.sock' } })).rejects.toThrow(
      'MySQL Record Manager: Additional Configuration may not set socketPath',
    );
  });
});
