import { randomUUID } from 'node:crypto';
import type { NodeContext, NodeType, RecordStore } from '@flowloom/engine';
import { badgeIcon } from '../../utilities/icons.js';
import { cachedLoad } from '../../utilities/cached-load.js';
import { mysqlQueries, tableNameInput, type SqlTarget } from '../../connections/sql-connections.js';
import {
  MYSQL_OPTIONS,
  MYSQL_PORT,
  mysqlConnectionInputs,
  mysqlTarget,
} from '../../connections/mysql-inputs.js';
import {
  RECORD_MANAGER_CATEGORY,
  recordManagerInputs,
  recordManagerOf,
  type RecordManagerHandle,
} from '../record-manager.js';
import { chunks, increasingSeconds, RECORDS_TABLE, recordTableInputs } from '../sql-records.js';

export { MYSQL_PORT };

/**
 * The record manager's table in the user's MySQL or MariaDB, Flowise's layout (`uuid`, `key`,
 * `namespace`, `updated_at` in seconds, `group_id`, `doc_id`, unique per key and namespace), made
 * when first used.
 */
export function mysqlRecords(ctx: NodeContext, target: SqlTarget, tableName: string): RecordStore {
  const table = `\`${tableName}\``;
  const query = mysqlQueries(ctx, target);
  /** The table when missing (MySQL cannot `ADD COLUMN IF NOT EXISTS`: doc_id is looked for first). */
  const ensureTable = cachedLoad(async () => {
    await query(
      `CREATE TABLE IF NOT EXISTS ${table} (
           \`uuid\` varchar(36) PRIMARY KEY,
           \`key\` varchar(255) NOT NULL,
           \`namespace\` varchar(255) NOT NULL,
           \`updated_at\` DOUBLE PRECISION NOT NULL,
           \`group_id\` longtext,
           \`doc_id\` longtext,
           UNIQUE KEY \`unique_key_namespace\` (\`key\`, \`namespace\`),
           INDEX \`updated_at_index\` (\`updated_at\`),
           INDEX \`namespace_index\` (\`namespace\`),
           INDEX \`group_id_index\` (\`group_id\`(255)),
           INDEX \`doc_id_index\` (\`doc_id\`(255)))`,
    );
    const columns = await query<{ found: number }[]>(
      `SELECT COUNT(*) AS found FROM INFORMATION_SCHEMA.COLUMNS
         WHERE table_schema = DATABASE() AND table_name = ? AND column_name = 'doc_id'`,
      [tableName],
    );
    if (Number(columns[0]?.found) === 0) await query(`ALTER TABLE ${table} ADD COLUMN \`doc_id\` longtext`);
  }).get;
  const run = async <R>(sql: string, values: unknown[] = []) => {
    await ensureTable();
    return query<R>(sql, values);
  };

  return {
    async now() {
      const rows = await run<{ now: string | number }[]>('SELECT UNIX_TIMESTAMP(NOW(6)) AS now');
      return increasingSeconds(Number(rows[0]?.now));
    },
    async exists(namespace, keys) {
      const found = new Set<string>();
      for (const part of chunks(keys)) {
        const rows = await run<{ key: string }[]>(
          `SELECT \`key\` FROM ${table} WHERE \`namespace\` = ? AND \`key\` IN (?)`,
          [namespace, part],
        );
        for (const row of rows) found.add(row.key);
      }
      return keys.map((key) => found.has(key));
    },
    async update(namespace, entries, time) {
      for (const part of chunks(entries))
        await run(
          `INSERT INTO ${table} (\`uuid\`, \`key\`, \`namespace\`, \`updated_at\`, \`group_id\`, \`doc_id\`) VALUES ?
           ON DUPLICATE KEY UPDATE \`updated_at\` = VALUES(\`updated_at\`), \`group_id\` = VALUES(\`group_id\`), \`doc_id\` = VALUES(\`doc_id\`)`,
          [part.map((entry) => [randomUUID(), entry.key, namespace, time, entry.groupId, entry.docId])],
        );
    },
    async listKeys(namespace, options = {}) {
      const values: unknown[] = [namespace];
      const where = ['`namespace` = ?'];
      if (options.before !== undefined) {
        values.push(options.before);
        where.push('`updated_at` < ?');
      }
      if (options.docId !== undefined) {
        values.push(options.docId);
        where.push('`doc_id` = ?');
      }
      if (options.groupIds) {
        const groups = options.groupIds.filter((g): g is string => g !== null);
        const parts = [];
        if (groups.length > 0) {
          values.push(groups);
          parts.push('`group_id` IN (?)');
        }
        if (options.groupIds.includes(null)) parts.push('`group_id` IS NULL');
        where.push(parts.length > 0 ? `(${parts.join(' OR ')})` : 'FALSE');
      }
      const rows = await run<{ key: string }[]>(
        `SELECT \`key\` FROM ${table} WHERE ${where.join(' AND ')}`,
        values,
      );
      return rows.map((row) => row.key);
    },
    async deleteKeys(namespace, keys) {
      for (const part of chunks(keys))
        await run(`DELETE FROM ${table} WHERE \`namespace\` = ? AND \`key\` IN (?)`, [namespace, part]);
    },
  };
}

/** Records of what was indexed, kept in a table of the user's own MySQL or MariaDB. */
export const MySQLRecordManager: NodeType = {
  icon: badgeIcon('My', '#00758f'),
  definition: {
    label: 'MySQL Record Manager',
    name: 'MySQLRecordManager',
    version: 1,
    type: 'MySQL RecordManager',
    category: RECORD_MANAGER_CATEGORY,
    baseClasses: ['MySQL RecordManager', 'RecordManager'],
    description:
      'Keeps which documents were indexed in a MySQL or MariaDB table, so an upsert never adds the same document twice',
    credential: {
      label: 'Connect Credential',
      name: 'credential',
      type: 'credential',
      credentialNames: ['MySQLApi'],
    },
    inputs: [...mysqlConnectionInputs, ...recordTableInputs(MYSQL_OPTIONS), ...recordManagerInputs],
  },
  async init(ctx): Promise<RecordManagerHandle> {
    const label = ctx.node.label || 'MySQL Record Manager';
    const table = tableNameInput(label, ctx.inputs.tableName, RECORDS_TABLE);
    return recordManagerOf(label, ctx.inputs, mysqlRecords(ctx, await mysqlTarget(ctx, label), table));
  },
};
