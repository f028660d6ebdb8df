import { randomUUID } from 'node:crypto';
import type { RecordStore } from '@flowloom/engine';
import type { Db } from '../../db/database.js';

/** Keys per statement (SQLite takes 32,766 parameters; PostgreSQL 65,535). */
const CHUNK = 500;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/**
 * The record manager's table in Flowloom's own database (`upsertion_record`), one workspace's view
 * of it. Times are seconds; `now` never answers the same instant twice in this process, so records of
 * one upsert are always newer than those of the one before.
 */
export function createRecordStore(db: Db, workspaceId: string, clock: { now(): Date }): RecordStore {
  return {
    now() {
      const seconds = clock.now().getTime() / 1000;
      lastNow = Math.max(seconds, lastNow + 0.001);
      return Promise.resolve(lastNow);
    },
    async exists(namespace, keys) {
      const found = new Set<string>();
      for (const part of chunks(keys)) {
        const rows = await db
          .selectFrom('upsertion_record')
          .select('key')
          .where('workspaceId', '=', workspaceId)
          .where('namespace', '=', namespace)
          .where('key', 'in', part)
          .execute();
        for (const row of rows) found.add(row.key);
      }
      return keys.map((key) => found.has(key));
    },
    async update(namespace, entries, time) {
      if (entries.length === 0) return;
      await db.transaction().execute(async (trx) => {
        for (const part of chunks(entries)) {
          await trx
            .insertInto('upsertion_record')
            .values(
              part.map((entry) => ({
                uuid: randomUUID(),
                workspaceId,
                namespace,
                key: entry.key,
                updatedAt: time,
                groupId: entry.groupId,
                docId: entry.docId,
              })),
            )
            .onConflict((oc) =>
              oc.columns(['workspaceId', 'namespace', 'key']).doUpdateSet((eb) => ({
                updatedAt: eb.ref('excluded.updatedAt'),
                groupId: eb.ref('excluded.groupId'),
                docId: eb.ref('excluded.docId'),
              })),
            )
            .execute();
        }
      });
    },
    async listKeys(namespace, options = {}) {
      let query = db
        .selectFrom('upsertion_record')
        .select('key')
        .where('workspaceId', '=', workspaceId)
        .where('namespace', '=', namespace);
      if (options.before !== undefined) query = query.where('updatedAt', '<', options.before);
      if (options.docId !== undefined) query = query.where('docId', '=', options.docId);
      if (options.groupIds) {
        const groups = options.groupIds.filter((g): g is string => g !== null);
        const withNull = options.groupIds.includes(null);
        query = query.where((eb) =>
          eb.or([
            ...(groups.length > 0 ? [eb('groupId', 'in', groups)] : []),
            ...(withNull ? [eb('groupId', 'is', null)] : []),
            ...(groups.length === 0 && !withNull ? [eb.lit(false)] : []),
          ]),
        );
      }
      return (await query.execute()).map((row) => row.key);
    },
    async deleteKeys(namespace, keys) {
      for (const part of chunks(keys))
        await db
          .deleteFrom('upsertion_record')
          .where('workspaceId', '=', workspaceId)
          .where('namespace', '=', namespace)
          .where('key', 'in', part)
          .execute();
    },
  };
}

let lastNow = 0;
