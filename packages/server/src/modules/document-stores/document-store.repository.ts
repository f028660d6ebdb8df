import type { DocumentStoreSummary } from '@flowloom/engine';
import type { Db } from '../../db/database.js';

/** Document stores as flows see them (the Retriever's and Agent's store lists), within one workspace. */
export function createDocumentStoreRepository(db: Db) {
  return {
    list: (workspaceId: string): Promise<DocumentStoreSummary[]> =>
      db
        .selectFrom('document_store')
        .select(['id', 'name', 'description', 'status'])
        .where('workspaceId', '=', workspaceId)
        .orderBy('name')
        .execute(),
  };
}
export type DocumentStoreRepository = ReturnType<typeof createDocumentStoreRepository>;
