import { describe } from 'vitest';
import { describeRecordManagerContract } from '../../testing/record-manager-contract.js';
import { describeSqlConnectionContract, useTestDatabase } from '../../testing/sql-connection-contract.js';
import { openTestMysql } from '../../testing/test-databases.js';
import type { RecordManagerHandle } from '../record-manager.js';
import { MySQLRecordManager, MYSQL_PORT } from './MySQLRecordManager.js';

const url = process.env.TEST_MYSQL_URL;

describe.skipIf(!url)('MySQL Record Manager on MySQL/MariaDB', () => {
  const db = useTestDatabase(() => openTestMysql(url!));

  describeRecordManagerContract('MySQL Record Manager', {
    type: MySQLRecordManager,
    inputs: (table) => ({
      host: db().host,
      port: db().port,
      database: db().database,
      tableName: db().table(table),
    }),
    credential: () => ({ user: db().user, password: db().password }),
    columns: async (table) =>
      (
        await db().query<{ name: string }>(
          `SELECT column_name AS name FROM information_schema.columns
           WHERE table_schema = DATABASE() AND table_name = ? ORDER BY ordinal_position`,
          [table],
        )
      ).map((row) => row.name.toLowerCase()),
    createOldTable: async (table) => {
      await db().query(
        `CREATE TABLE \`${db().table(table)}\` (\`uuid\` varchar(36) PRIMARY KEY DEFAULT (UUID()), \`key\` varchar(255) NOT NULL,
           \`namespace\` varchar(255) NOT NULL, \`updated_at\` DOUBLE PRECISION NOT NULL, \`group_id\` longtext,
           UNIQUE KEY \`unique_key_namespace\` (\`key\`, \`namespace\`))`,
      );
    },
  });
});

describeSqlConnectionContract('MySQL Record Manager', {
  type: MySQLRecordManager,
  kind: 'recordManager',
  defaultPort: MYSQL_PORT,
  connect: (built) => (built as RecordManagerHandle).store.now(),
});
