import type { CustomToolRecord } from '@flowloom/engine';
import type { Db } from '../../db/database.js';

/** Custom tools as flows use them (load-method lists and runs), always within one workspace. */
export function createToolRepository(db: Db) {
  const columns = ['id', 'name', 'description', 'schema', 'func'] as const;
  return {
    list: (workspaceId: string): Promise<CustomToolRecord[]> =>
      db.selectFrom('tool').select(columns).where('workspaceId', '=', workspaceId).orderBy('name').execute(),
    find: (workspaceId: string, id: string): Promise<CustomToolRecord | undefined> =>
      db
        .selectFrom('tool')
        .select(columns)
        .where('workspaceId', '=', workspaceId)
        .where('id', '=', id)
        .executeTakeFirst(),
  };
}
export type ToolRepository = ReturnType<typeof createToolRepository>;
