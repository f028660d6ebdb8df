import { randomUUID } from 'node:crypto';
import type { NodeContext, NodeType, RecordStore } from '@flowloom/engine';
import { badgeIcon } from '../../utilities/icons.js';
import { cachedLoad } from '../../utilities/cached-load.js';
import {
  POSTGRES_OPTIONS,
  postgresConnectionInputs,
  postgresTarget,
} from '../../connections/postgres-inputs.js';
import {
  postgresQueries,
  sqlErrorCode,
  tableNameInput,
  type SqlTarget,
} from '../../connections/sql-connections.js';
import {
  RECORD_MANAGER_CATEGORY,
  recordManagerInputs,
  recordManagerOf,
  type RecordManagerHandle,
} from '../record-manager.js';
import { chunks, increasingSeconds, RECORDS_TABLE, recordTableInputs } from '../sql-records.js';

/**
 * The record manager's table in the user's PostgreSQL, Flowise's layout (`uuid`, `key`, `namespace`,
 * `updated_at` in seconds, `group_id`, `doc_id`, unique per key and namespace), made when first used.
 */
export function postgresRecords(ctx: NodeContext, target: SqlTarget, tableName: string): RecordStore {
  const table = `"${tableName}"`;
  const query = postgresQueries(ctx, target);
  /** Races between two first uses end in one of these: the other use made it. */
  const alreadyMade = (error: unknown) => ['23505', '42P07', '42710'].includes(sqlErrorCode(error) ?? '');
  /** The table with its indexes when missing; an older Flowise table gets its doc_id column. */
  const ensureTable = cachedLoad(async () => {
    const [found] = await query<{ made: boolean }>('SELECT to_regclass($1) IS NOT NULL AS made', [table]);
    const made = found?.made === true;
    const docId = made
      ? await query(
          `SELECT 1 FROM information_schema.columns
             WHERE table_schema = current_schema() AND table_name = $1 AND column_name = 'doc_id'`,
          [tableName],
        )
      : [];
    if (made && docId.length > 0) return;
    const statements = made
      ? [`ALTER TABLE ${table} ADD COLUMN IF NOT EXISTS doc_id TEXT`]
      : [
          `CREATE TABLE IF NOT EXISTS ${table} (
               uuid UUID PRIMARY KEY,
               key TEXT NOT NULL,
               namespace TEXT NOT NULL,
               updated_at DOUBLE PRECISION NOT NULL,
               group_id TEXT,
               doc_id TEXT,
               UNIQUE (key, namespace))`,
          ...['updated_at', 'namespace', 'group_id'].map(
            (column) => `CREATE INDEX IF NOT EXISTS "${tableName}_${column}_index" ON ${table} (${column})`,
          ),
        ];
    statements.push(`CREATE INDEX IF NOT EXISTS "${tableName}_doc_id_index" ON ${table} (doc_id)`);
    for (const statement of statements)
      await query(statement).catch((error: unknown) => {
        if (!alreadyMade(error)) throw error;
      });
  }).get;
  const run = async <R extends object>(sql: string, values: unknown[] = []) => {
    await ensureTable();
    return query<R>(sql, values);
  };

  return {
    async now() {
      const [row] = await run<{ now: string }>('SELECT EXTRACT(EPOCH FROM clock_timestamp())::float8 AS now');
      return increasingSeconds(Number(row?.now));
    },
    async exists(namespace, keys) {
      const found = new Set<string>();
      for (const part of chunks(keys)) {
        const rows = await run<{ key: string }>(
          `SELECT key FROM ${table} WHERE namespace = $1 AND key = ANY($2::text[])`,
          [namespace, part],
        );
        for (const row of rows) found.add(row.key);
      }
      return keys.map((key) => found.has(key));
    },
    async update(namespace, entries, time) {
      for (const part of chunks(entries)) {
        const values: unknown[] = [];
        const rows = part.map((entry) => {
          values.push(randomUUID(), entry.key, namespace, time, entry.groupId, entry.docId);
          const n = values.length;
          return `($${n - 5}::uuid, $${n - 4}, $${n - 3}, $${n - 2}, $${n - 1}, $${n})`;
        });
        await run(
          `INSERT INTO ${table} (uuid, key, namespace, updated_at, group_id, doc_id) VALUES ${rows.join(', ')}
           ON CONFLICT (key, namespace) DO UPDATE
           SET updated_at = EXCLUDED.updated_at, group_id = EXCLUDED.group_id, doc_id = EXCLUDED.doc_id`,
          values,
        );
      }
    },
    async listKeys(namespace, options = {}) {
      const values: unknown[] = [namespace];
      const where = ['namespace = $1'];
      if (options.before !== undefined) {
        values.push(options.before);
        where.push(`updated_at < $${values.length}`);
      }
      if (options.docId !== undefined) {
        values.push(options.docId);
        where.push(`doc_id = $${values.length}`);
      }
      if (options.groupIds) {
        const groups = options.groupIds.filter((g): g is string => g !== null);
        values.push(groups);
        const withNull = options.groupIds.includes(null) ? ' OR group_id IS NULL' : '';
        where.push(`(group_id = ANY($${values.length}::text[])${withNull})`);
      }
      const rows = await run<{ key: string }>(
        `SELECT key FROM ${table} WHERE ${where.join(' AND ')}`,
        values,
      );
      return rows.map((row) => row.key);
    },
    async deleteKeys(namespace, keys) {
      for (const part of chunks(keys))
        await run(`DELETE FROM ${table} WHERE namespace = $1 AND key = ANY($2::text[])`, [namespace, part]);
    },
  };
}

/** Records of what was indexed, kept in a table of the user's own PostgreSQL. */
export const postgresRecordManager: NodeType = {
  icon: badgeIcon('Pg', '#6d4c41'),
  definition: {
    label: 'Postgres Record Manager',
    name: 'postgresRecordManager',
    version: 1,
    type: 'Postgres RecordManager',
    category: RECORD_MANAGER_CATEGORY,
    baseClasses: ['Postgres RecordManager', 'RecordManager'],
    description:
      'Keeps which documents were indexed in a PostgreSQL table, so an upsert never adds the same document twice',
    credential: {
      label: 'Connect Credential',
      name: 'credential',
      type: 'credential',
      credentialNames: ['PostgresApi'],
    },
    inputs: [...postgresConnectionInputs, ...recordTableInputs(POSTGRES_OPTIONS), ...recordManagerInputs],
  },
  async init(ctx): Promise<RecordManagerHandle> {
    const label = ctx.node.label || 'Postgres Record Manager';
    const target = await postgresTarget(ctx, label);
    const table = tableNameInput(label, ctx.inputs.tableName, RECORDS_TABLE);
    return recordManagerOf(label, ctx.inputs, postgresRecords(ctx, target, table));
  },
};
