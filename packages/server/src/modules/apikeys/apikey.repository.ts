import type { Insertable, Updateable } from 'kysely';
import { removeAllOrNothing } from '../../db/workspace-table.js';
import type { Db } from '../../db/database.js';
import type { ApiKeyTable } from '../../db/schema.js';

export function createApiKeyRepository(db: Db) {
  return {
    list: (workspaceId: string) =>
      db
        .selectFrom('api_key')
        .selectAll()
        .where('workspaceId', '=', workspaceId)
        .orderBy('createdDate', 'desc')
        .execute(),
    count: async (workspaceId: string) =>
      Number(
        (
          await db
            .selectFrom('api_key')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('workspaceId', '=', workspaceId)
            .executeTakeFirstOrThrow()
        ).n,
      ),
    page: (workspaceId: string, offset: number, limit: number) =>
      db
        .selectFrom('api_key')
        .selectAll()
        .where('workspaceId', '=', workspaceId)
        .orderBy('createdDate', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
    find: (workspaceId: string, id: string) =>
      db
        .selectFrom('api_key')
        .selectAll()
        .where('workspaceId', '=', workspaceId)
        .where('id', '=', id)
        .executeTakeFirst(),
    findByName: (workspaceId: string, keyName: string) =>
      db
        .selectFrom('api_key')
        .select('id')
        .where('workspaceId', '=', workspaceId)
        .where('keyName', '=', keyName)
        .executeTakeFirst(),
    /** Key lookup for authentication, with the organization of the key's workspace. */
    findByHash: (hash: string) =>
      db
        .selectFrom('api_key as k')
        .innerJoin('workspace as w', 'w.id', 'k.workspaceId')
        .select(['k.id', 'k.permissions', 'k.workspaceId', 'w.organizationId'])
        .where('k.apiKeyHash', '=', hash)
        .executeTakeFirst(),
    insert: (row: Insertable<ApiKeyTable>) => db.insertInto('api_key').values(row).execute(),
    update: (workspaceId: string, id: string, patch: Updateable<ApiKeyTable>) =>
      db
        .updateTable('api_key')
        .set(patch)
        .where('workspaceId', '=', workspaceId)
        .where('id', '=', id)
        .executeTakeFirst(),
    removeAll: (workspaceId: string, ids: readonly string[]) =>
      removeAllOrNothing(db, 'api_key', workspaceId, ids),
    remove: (workspaceId: string, id: string) =>
      db.deleteFrom('api_key').where('workspaceId', '=', workspaceId).where('id', '=', id).executeTakeFirst(),
    /** Flows bound to each key (`chat_flow.apikeyid`), for the list page. */
    flowsUsingKeys: (workspaceId: string) =>
      db
        .selectFrom('chat_flow')
        .select(['apikeyid', 'name', 'category', 'updatedDate'])
        .where('workspaceId', '=', workspaceId)
        .where('apikeyid', 'is not', null)
        .execute(),
  };
}
export type ApiKeyRepository = ReturnType<typeof createApiKeyRepository>;
