import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { UpsertHistoryTable } from '../../db/schema.js';

/** `upsert_history`: one row per upsert of a flow or a document store (its id in `chatflowid`). */
export function createUpsertHistoryRepository(db: Db) {
  return {
    insert: (row: Insertable<UpsertHistoryTable>, trx: Db = db) =>
      trx.insertInto('upsert_history').values(row).execute(),

    /** An owner's entries by date, between two ISO dates when given. */
    list(ownerId: string, options: { order: 'ASC' | 'DESC'; startDate?: string; endDate?: string }) {
      let query = db.selectFrom('upsert_history').selectAll().where('chatflowid', '=', ownerId);
      if (options.startDate) query = query.where('date', '>=', options.startDate);
      if (options.endDate) query = query.where('date', '<=', options.endDate);
      return query.orderBy('date', options.order === 'DESC' ? 'desc' : 'asc').execute();
    },

    /** Which owner each of these entries belongs to. */
    owners: (ids: readonly string[]) =>
      db
        .selectFrom('upsert_history')
        .select(['id', 'chatflowid'])
        .where('id', 'in', [...ids])
        .execute(),

    async remove(ids: readonly string[]): Promise<number> {
      const result = await db
        .deleteFrom('upsert_history')
        .where('id', 'in', [...ids])
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    removeOf: (trx: Db, ownerId: string) =>
      trx.deleteFrom('upsert_history').where('chatflowid', '=', ownerId).execute(),
  };
}
export type UpsertHistoryRepository = ReturnType<typeof createUpsertHistoryRepository>;
