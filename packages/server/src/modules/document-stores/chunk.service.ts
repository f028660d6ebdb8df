import type { ChunkPage, DocumentStoreLoader } from '@flowloom/shared';
import type { z } from 'zod';
import type { chunkEditBody } from '@flowloom/shared';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { AuthContext } from '../auth/auth.service.js';
import type { ChunkRow, DocumentStoreRepository } from './document-store.repository.js';
import { stripNul } from './loader.service.js';
import type { StoreState } from './store-state.js';

/** A chunk's metadata from an edit: an object, or JSON text of one. */
function metadataOf(value: unknown): Record<string, unknown> {
  let metadata = value;
  if (typeof metadata === 'string') {
    try {
      metadata = JSON.parse(metadata) as unknown;
    } catch {
      throw new AppError('BAD_REQUEST', 'Metadata must be a JSON object');
    }
  }
  if (!metadata || typeof metadata !== 'object' || Array.isArray(metadata))
    throw new AppError('BAD_REQUEST', 'Metadata must be a JSON object');
  return metadata as Record<string, unknown>;
}

/**
 * Editing and deleting chunks by hand. Each change is one transaction that also keeps the loader's
 * totals right; it never reaches the vector store (the next upsert does, as in Flowise).
 */
export function createChunkService({
  db,
  repo,
  state,
}: {
  db: Db;
  repo: DocumentStoreRepository;
  state: StoreState;
}) {
  /** Runs `change` on a chunk of a loader of the store, the store locked, then the loader's totals. */
  async function changeChunk(
    ctx: AuthContext,
    storeId: string,
    loaderId: string,
    chunkId: string,
    change: (trx: Db, chunk: ChunkRow) => Promise<(loader: DocumentStoreLoader) => DocumentStoreLoader>,
  ): Promise<ChunkPage> {
    await state.locks.loader(storeId, loaderId, () =>
      db.transaction().execute(async (trx) => {
        state.findLoader(await state.loadForUpdate(trx, ctx.workspaceId, storeId), loaderId);
        const chunk = await repo.findChunk(storeId, chunkId, trx);
        if (!chunk || chunk.docId !== loaderId)
          throw new AppError('NOT_FOUND', `Document Chunk ${chunkId} not found`);
        const totals = await change(trx, chunk);
        await state.changeLoaders(
          ctx.workspaceId,
          storeId,
          (list) => list.map((l) => (l.id === loaderId ? totals(l) : l)),
          { trx },
        );
      }),
    );
    return state.chunkPage(ctx.workspaceId, storeId, loaderId, 1);
  }

  return {
    editChunk: (
      ctx: AuthContext,
      storeId: string,
      loaderId: string,
      chunkId: string,
      body: z.infer<typeof chunkEditBody>,
    ) =>
      changeChunk(ctx, storeId, loaderId, chunkId, async (trx, chunk) => {
        const metadata =
          body.metadata !== undefined ? metadataOf(body.metadata) : metadataOf(chunk.metadata ?? '{}');
        const pageContent = stripNul(body.pageContent);
        await repo.updateChunk(trx, chunk.id, { pageContent, metadata: stripNul(JSON.stringify(metadata)) });
        const delta = pageContent.length - chunk.pageContent.length;
        return (l) => ({ ...l, totalChars: Math.max(0, l.totalChars + delta) });
      }),

    deleteChunk: (ctx: AuthContext, storeId: string, loaderId: string, chunkId: string) =>
      changeChunk(ctx, storeId, loaderId, chunkId, async (trx, chunk) => {
        await repo.deleteChunk(trx, chunk.id);
        return (l) => ({
          ...l,
          totalChunks: Math.max(0, l.totalChunks - 1),
          totalChars: Math.max(0, l.totalChars - chunk.pageContent.length),
        });
      }),
  };
}
export type ChunkService = ReturnType<typeof createChunkService>;
