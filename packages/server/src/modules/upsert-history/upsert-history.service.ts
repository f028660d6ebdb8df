import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { holds, type AuthContext } from '../auth/auth.service.js';
import { assertFlowAccess, type FlowAction } from '../chat-messages/flow-scope.js';
import type { DocumentStoreRepository } from '../document-stores/document-store.repository.js';
import type { UpsertHistoryRepository } from './upsert-history.repository.js';

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * The upsert history of a flow or of a document store (Flowise keeps both under `chatflowid`; its
 * own read route only finds flows). A store needs `documentStores:view`, a flow its family's
 * permission; an id of another workspace is not found.
 */
export function createUpsertHistoryService({
  db,
  history,
  documentStores,
}: {
  db: Db;
  history: UpsertHistoryRepository;
  documentStores: Pick<DocumentStoreRepository, 'stores'>;
}) {
  async function assertOwnerAccess(ctx: AuthContext, id: string, action: FlowAction) {
    if (await documentStores.stores.find(ctx.workspaceId, id)) {
      const permission = action === 'view' ? 'documentStores:view' : 'documentStores:upsert-config';
      if (!holds(ctx, permission)) throw new AppError('FORBIDDEN', 'Forbidden');
      return;
    }
    await assertFlowAccess(db, ctx, id, action);
  }

  return {
    async list(
      ctx: AuthContext,
      ownerId: string,
      options: { order: 'ASC' | 'DESC'; startDate?: string; endDate?: string },
    ) {
      await assertOwnerAccess(ctx, ownerId, 'view');
      const rows = await history.list(ownerId, options);
      return rows.map((row) => ({ ...row, result: parse(row.result), flowData: parse(row.flowData) }));
    },

    /** Deletes entries, all of them or none (a 404 when any is missing). */
    async remove(ctx: AuthContext, ids: readonly string[]) {
      const unique = [...new Set(ids)];
      const rows = await history.owners(unique);
      if (rows.length < unique.length)
        throw new AppError(
          'NOT_FOUND',
          `${unique.length - rows.length} of the upsert history entries were not found`,
        );
      for (const owner of new Set(rows.map((r) => r.chatflowid)))
        await assertOwnerAccess(ctx, owner, 'update');
      return { raw: [], affected: await history.remove(unique) };
    },
  };
}
export type UpsertHistoryService = ReturnType<typeof createUpsertHistoryService>;
