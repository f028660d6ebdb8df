import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { LeadTable } from '../../db/schema.js';

export type LeadRow = Selectable<LeadTable>;

export function createLeadRepository(db: Db) {
  return {
    async insert(row: LeadRow): Promise<void> {
      await db.insertInto('lead').values(row).execute();
    },
    list: (chatflowid: string): Promise<LeadRow[]> =>
      db
        .selectFrom('lead')
        .selectAll()
        .where('chatflowid', '=', chatflowid)
        .orderBy('createdDate', 'asc')
        .execute(),
  };
}
export type LeadRepository = ReturnType<typeof createLeadRepository>;
