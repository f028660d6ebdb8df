import type { ChunkPage, DocumentStoreLoader } from '@flowloom/shared';
import type { Db } from '../../db/database.js';
import { AppError, notFound } from '../../errors.js';
import type { Clock } from '../../runtime.js';
import type { AuthContext } from '../auth/auth.service.js';
import { parseLoaders, toDto, type LiveState } from './document-store.dto.js';
import type { DocumentStoreRepository, StoreRow } from './document-store.repository.js';
import { createStoreLocks } from './document-store.runtime.js';

/** The most loaders one store may hold (each is a row of its `loaders` column). */
export const MAX_LOADERS_PER_STORE = 200;

/** The store row, or a 404 naming the store. */
export function foundStore<T>(row: T | undefined, id: string): T {
  if (!row) throw notFound('Document store', id);
  return row;
}

/**
 * What the store, loader, chunk and vector services share: reading a store of the caller's
 * workspace, changing its loaders in one locked transaction, who may change it now and how far that
 * work has come (locks), and why its last upsert failed.
 */
export function createStoreState({
  db,
  repo,
  clock,
}: {
  db: Db;
  repo: DocumentStoreRepository;
  clock: Clock;
}) {
  const locks = createStoreLocks();
  /** Why the last upsert of a store failed, until it is upserted again (it lives with the process). */
  const upsertErrors = new Map<string, string>();

  const liveOf = (storeId: string): LiveState => {
    const upsertError = upsertErrors.get(storeId);
    return { ...locks.progressOf(storeId), ...(upsertError && { upsertError }) };
  };

  const load = async (ctx: AuthContext, id: string): Promise<StoreRow> =>
    foundStore(await repo.stores.find(ctx.workspaceId, id), id);

  /** The store row, locked for the rest of the transaction `trx`. */
  const loadForUpdate = async (trx: Db, workspaceId: string, id: string): Promise<StoreRow> =>
    foundStore(await repo.findForUpdate(trx, workspaceId, id), id);

  function findLoader(row: StoreRow, loaderId: string): DocumentStoreLoader {
    const loader = parseLoaders(row).find((l) => l.id === loaderId);
    if (!loader) throw new AppError('NOT_FOUND', `Document loader ${loaderId} not found`);
    return loader;
  }

  return {
    locks,
    liveOf,
    load,
    loadForUpdate,
    findLoader,

    /** The vector side reports an upsert's failure here (undefined when one starts), so store reads show it. */
    setUpsertError(storeId: string, message: string | undefined) {
      if (message) upsertErrors.set(storeId, message);
      else upsertErrors.delete(storeId);
    },

    /**
     * Applies `change` to a store's loaders in one transaction (the row locked), recomputing the
     * status from them when asked (SYNC when every loader is, STALE otherwise).
     */
    async changeLoaders(
      workspaceId: string,
      storeId: string,
      change: (loaders: DocumentStoreLoader[], row: StoreRow) => DocumentStoreLoader[],
      options: { recomputeStatus?: boolean; trx?: Db } = {},
    ): Promise<StoreRow> {
      const work = async (trx: Db) => {
        const row = await loadForUpdate(trx, workspaceId, storeId);
        const loaders = change(parseLoaders(row), row);
        if (loaders.length > MAX_LOADERS_PER_STORE)
          throw new AppError(
            'BAD_REQUEST',
            `A document store holds at most ${MAX_LOADERS_PER_STORE} loaders; replace one (replaceExisting) or use another store`,
          );
        const patch: Partial<StoreRow> = {
          loaders: JSON.stringify(loaders),
          updatedDate: clock.now().toISOString(),
        };
        if (options.recomputeStatus)
          patch.status = loaders.every((l) => l.status === 'SYNC') ? 'SYNC' : 'STALE';
        await repo.stores.update(workspaceId, storeId, patch, trx);
        return { ...row, ...patch };
      };
      return options.trx ? work(options.trx) : db.transaction().execute(work);
    },

    async chunkPage(
      workspaceId: string,
      storeId: string,
      fileId: string,
      pageNo: number,
    ): Promise<ChunkPage> {
      const row = foundStore(await repo.stores.find(workspaceId, storeId), storeId);
      const dto = toDto(row, liveOf(storeId));
      const all = fileId === 'all';
      const loader = all ? undefined : dto.loaders.find((l) => l.id === fileId);
      if (!all && !loader) throw new AppError('NOT_FOUND', `Document loader ${fileId} not found`);
      const page = Math.max(1, Math.floor(pageNo) || 1);
      const { chunks, count } = await repo.chunkPage(storeId, all ? undefined : fileId, page);
      return {
        chunks: chunks.map((chunk) => ({ ...chunk, metadata: chunk.metadata ?? '{}' })),
        count,
        ...(loader && { file: { ...loader, status: dto.status as DocumentStoreLoader['status'] } }),
        currentPage: page,
        storeName: row.name,
        description: row.description,
        workspaceId: row.workspaceId,
        docId: fileId,
        characters: all ? dto.totalChars : (loader?.totalChars ?? 0),
      };
    },
  };
}
export type StoreState = ReturnType<typeof createStoreState>;
