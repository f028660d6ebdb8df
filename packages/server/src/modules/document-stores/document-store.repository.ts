import type { DocumentStoreSummary } from '@flowloom/engine';
import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db, DbKind } from '../../db/database.js';
import type { DocumentStoreFileChunkTable, DocumentStoreTable } from '../../db/schema.js';
import { parseLoaders } from './document-store.dto.js';
import { workspaceTable } from '../../db/workspace-table.js';

export type StoreRow = Selectable<DocumentStoreTable>;
export type ChunkRow = Selectable<DocumentStoreFileChunkTable>;

/** Chunks per page of `GET /chunks/:storeId/:fileId/:pageNo` (Flowise). */
export const CHUNK_PAGE_SIZE = 50;
/** Rows per INSERT when chunks are written (7 parameters each). */
const INSERT_BATCH = 500;

/** Document stores and their chunks: SQL only. */
export function createDocumentStoreRepository(db: Db, kind: DbKind = 'sqlite') {
  const stores = workspaceTable(db, 'document_store', { column: 'updatedDate', direction: 'desc' });

  return {
    stores,

    /** Stores as flows see them (the Retriever's and Agent's store lists). */
    list: (workspaceId: string): Promise<DocumentStoreSummary[]> =>
      db
        .selectFrom('document_store')
        .select(['id', 'name', 'description', 'status'])
        .where('workspaceId', '=', workspaceId)
        .orderBy('name')
        .execute(),

    /**
     * A store's settings without its loaders (whose configs may hold whole texts): what searching it
     * needs, read on every question a flow asks of it.
     */
    findSettings: (workspaceId: string, id: string) =>
      db
        .selectFrom('document_store')
        .select([
          'id',
          'name',
          'description',
          'status',
          'workspaceId',
          'embeddingConfig',
          'vectorStoreConfig',
          'recordManagerConfig',
        ])
        .where('workspaceId', '=', workspaceId)
        .where('id', '=', id)
        .executeTakeFirst(),

    /** The store row, locked for the rest of the transaction on PostgreSQL (a writer at a time). */
    async findForUpdate(trx: Db, workspaceId: string, id: string): Promise<StoreRow | undefined> {
      let query = trx
        .selectFrom('document_store')
        .selectAll()
        .where('workspaceId', '=', workspaceId)
        .where('id', '=', id);
      // SQLite has one writer at a time already, and no FOR UPDATE.
      if (kind === 'postgres') query = query.forUpdate();
      return query.executeTakeFirst();
    },

    async chunkPage(
      storeId: string,
      docId: string | undefined,
      page: number,
    ): Promise<{ chunks: ChunkRow[]; count: number }> {
      let base = db.selectFrom('document_store_file_chunk').where('storeId', '=', storeId);
      if (docId) base = base.where('docId', '=', docId);
      const [chunks, total] = await Promise.all([
        base
          .selectAll()
          .orderBy('chunkNo')
          .orderBy('id')
          .limit(CHUNK_PAGE_SIZE)
          .offset((page - 1) * CHUNK_PAGE_SIZE)
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { chunks, count: Number(total.n) };
    },

    /** Every chunk of a store (or one loader), in order. */
    allChunks(storeId: string, docId?: string, trx: Db = db): Promise<ChunkRow[]> {
      let query = trx.selectFrom('document_store_file_chunk').selectAll().where('storeId', '=', storeId);
      if (docId) query = query.where('docId', '=', docId);
      return query.orderBy('docId').orderBy('chunkNo').execute();
    },

    findChunk: (storeId: string, chunkId: string, trx: Db = db) =>
      trx
        .selectFrom('document_store_file_chunk')
        .selectAll()
        .where('storeId', '=', storeId)
        .where('id', '=', chunkId)
        .executeTakeFirst(),

    /**
     * Chunks of a store by id. Looked up by id alone, then kept when in the store: with the store id
     * in the query, databases pick the store's index and read every chunk of it.
     */
    async chunksByIds(storeId: string, ids: string[]): Promise<ChunkRow[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('document_store_file_chunk')
        .selectAll()
        .where('id', 'in', ids)
        .execute();
      return rows.filter((row) => row.storeId === storeId);
    },

    /**
     * Chunks whose text is exactly one of these, searched within the loader each names (query results
     * of stores that do not keep chunk ids name their chunk this way, as Flowise does).
     */
    async chunksWithText(storeId: string, wanted: { text: string; docId: unknown }[]): Promise<ChunkRow[]> {
      if (wanted.length === 0) return [];
      return db
        .selectFrom('document_store_file_chunk')
        .selectAll()
        .where('storeId', '=', storeId)
        .where((eb) =>
          eb.or(
            wanted.map(({ text, docId }) =>
              typeof docId === 'string'
                ? eb.and([eb('docId', '=', docId), eb('pageContent', '=', text)])
                : eb('pageContent', '=', text),
            ),
          ),
        )
        .execute();
    },

    async replaceLoaderChunks(
      trx: Db,
      storeId: string,
      docId: string,
      chunks: Insertable<DocumentStoreFileChunkTable>[],
    ) {
      await trx
        .deleteFrom('document_store_file_chunk')
        .where('storeId', '=', storeId)
        .where('docId', '=', docId)
        .execute();
      for (let start = 0; start < chunks.length; start += INSERT_BATCH)
        await trx
          .insertInto('document_store_file_chunk')
          .values(chunks.slice(start, start + INSERT_BATCH))
          .execute();
    },

    /** Deletes the chunks of a store, or of one of its loaders (`docId`). */
    async deleteChunks(trx: Db, storeId: string, docId?: string) {
      let query = trx.deleteFrom('document_store_file_chunk').where('storeId', '=', storeId);
      if (docId) query = query.where('docId', '=', docId);
      await query.execute();
    },

    updateChunk: (trx: Db, chunkId: string, patch: { pageContent: string; metadata: string }) =>
      trx.updateTable('document_store_file_chunk').set(patch).where('id', '=', chunkId).execute(),

    deleteChunk: (trx: Db, chunkId: string) =>
      trx.deleteFrom('document_store_file_chunk').where('id', '=', chunkId).execute(),

    /** Stores left UPSERTING by a server that stopped: SYNC again when every loader is, else STALE. */
    async endInterruptedUpserts(at: string): Promise<number> {
      const rows = await db
        .selectFrom('document_store')
        .select(['id', 'loaders'])
        .where('status', '=', 'UPSERTING')
        .execute();
      for (const row of rows) {
        const status = parseLoaders(row).every((l) => l.status === 'SYNC') ? 'SYNC' : 'STALE';
        await db
          .updateTable('document_store')
          .set({ status, updatedDate: at })
          .where('id', '=', row.id)
          .where('status', '=', 'UPSERTING')
          .execute();
      }
      return rows.length;
    },

    /**
     * The `whereUsed` lists a flow's save may change: those of the stores it reads (`storeIds`) and
     * of the stores that list it now. Locked on PostgreSQL, in id order, so two flows saved at once
     * never write a list from the same old value.
     */
    async whereUsedOf(trx: Db, workspaceId: string, storeIds: ReadonlySet<string>, flowId: string) {
      let query = trx
        .selectFrom('document_store')
        .select(['id', 'whereUsed'])
        .where('workspaceId', '=', workspaceId)
        .where((eb) =>
          eb.or([
            ...(storeIds.size > 0 ? [eb('id', 'in', [...storeIds])] : []),
            eb('whereUsed', 'like', `%"${flowId}"%`),
          ]),
        )
        .orderBy('id');
      if (kind === 'postgres') query = query.forUpdate();
      return query.execute();
    },

    setWhereUsed: (trx: Db, storeId: string, flowIds: readonly string[]) =>
      trx
        .updateTable('document_store')
        .set({ whereUsed: JSON.stringify(flowIds) })
        .where('id', '=', storeId)
        .execute(),

    /**
     * The record manager's records of a store: those of its own namespace (its id) and of the
     * `<id>_<collection>` sub-namespaces when `storeId` is given, and in any namespace those of the
     * loaders given (`docId`).
     */
    async deleteRecordsOf(
      trx: Db,
      workspaceId: string,
      storeId: string | undefined,
      loaderIds: readonly string[],
    ) {
      if (!storeId && loaderIds.length === 0) return;
      await trx
        .deleteFrom('upsertion_record')
        .where('workspaceId', '=', workspaceId)
        .where((eb) =>
          eb.or([
            ...(storeId
              ? [
                  eb('namespace', '=', storeId),
                  eb(
                    sql<string>`substr(${sql.ref('namespace')}, 1, ${storeId.length + 1})`,
                    '=',
                    `${storeId}_`,
                  ),
                ]
              : []),
            ...(loaderIds.length > 0 ? [eb('docId', 'in', [...loaderIds])] : []),
          ]),
        )
        .execute();
    },
  };
}
export type DocumentStoreRepository = ReturnType<typeof createDocumentStoreRepository>;
