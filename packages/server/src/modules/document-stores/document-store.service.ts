import { randomUUID } from 'node:crypto';
import { componentType, loadDocuments, MAX_CHUNKS } from '@flowloom/nodes';
import {
  isUuid,
  type ChunkPage,
  type DocumentStore,
  type DocumentStoreLoader,
  type LoaderBody,
  type LoaderProgress,
  type SourceDocument,
} from '@flowloom/shared';
import type { z } from 'zod';
import type { chunkEditBody, createDocumentStoreBody, updateDocumentStoreBody } from '@flowloom/shared';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { Clock, Logger } from '../../runtime.js';
import type { AuthContext } from '../auth/auth.service.js';
import type { FileStorage } from '../storage/file-storage.js';
import { parseConfig, parseLoaders, toDto, loaderSource, type LiveState } from './document-store.dto.js';
import { CHUNK_PAGE_SIZE, type DocumentStoreRepository, type StoreRow } from './document-store.repository.js';
import {
  createJobs,
  loaderScope,
  nodeProblem,
  storeRun,
  type StoreRuntime,
} from './document-store.runtime.js';
import { checkInlineFiles, storeLoaderFiles } from './loader-files.js';

/** Loaders whose preview reads only a few pages (Flowise caps web scrapers at 3 in a preview). */
const WEB_SCRAPERS = new Set(['cheerioWebScraper', 'puppeteerWebScraper', 'playwrightWebScraper']);
/** Chunks one loader may produce (each is a row, and later a vector): what one split may make. */
export const MAX_CHUNKS_PER_LOADER = MAX_CHUNKS;

export interface DocumentStoreServiceDeps {
  db: Db;
  repo: DocumentStoreRepository;
  storage: FileStorage;
  runtime: StoreRuntime;
  /** Checks that a credential id names a credential of the workspace the caller may use. */
  assertCredential(ctx: AuthContext, id: string): Promise<void>;
  flowNames(workspaceId: string, ids: readonly string[]): Promise<{ id: string; name: string }[]>;
  clock: Clock;
  logger: Logger;
}

// NUL cannot be stored in PostgreSQL text; a PDF's text sometimes holds some.
// eslint-disable-next-line no-control-regex -- removing NUL is the point
const stripNul = (text: string) => text.replace(/\u0000/g, '');

/** Stores, their loaders (preview, save, process) and chunks. */
export function createDocumentStoreService(deps: DocumentStoreServiceDeps) {
  const { db, repo, runtime, clock } = deps;
  const jobs = createJobs();
  const progress = new Map<string, Map<string, LoaderProgress>>();
  /** Live upsert state per store, kept by the vector side through {@link live}. */
  const upserts = new Map<string, Pick<LiveState, 'upsertProgress' | 'upsertError'>>();

  const liveOf = (storeId: string): LiveState => ({
    ...(progress.get(storeId) && { loaderProgress: progress.get(storeId) }),
    ...upserts.get(storeId),
  });
  const setProgress = (storeId: string, loaderId: string, value: LoaderProgress | undefined) => {
    const map = progress.get(storeId) ?? new Map<string, LoaderProgress>();
    if (value) map.set(loaderId, value);
    else map.delete(loaderId);
    if (map.size === 0) progress.delete(storeId);
    else progress.set(storeId, map);
  };

  async function load(ctx: AuthContext, id: string): Promise<StoreRow> {
    const row = await repo.stores.find(ctx.workspaceId, id);
    if (!row) throw new AppError('NOT_FOUND', `Document store ${id} not found`);
    return row;
  }

  function findLoader(row: StoreRow, loaderId: string): DocumentStoreLoader {
    const loader = parseLoaders(row).find((l) => l.id === loaderId);
    if (!loader) throw new AppError('NOT_FOUND', `Document loader ${loaderId} not found`);
    return loader;
  }

  /** Applies `change` to a store's loaders in one transaction (the row locked), recomputing status when asked. */
  async function changeLoaders(
    workspaceId: string,
    storeId: string,
    change: (loaders: DocumentStoreLoader[], row: StoreRow) => DocumentStoreLoader[],
    options: { recomputeStatus?: boolean; trx?: Db } = {},
  ): Promise<StoreRow> {
    const work = async (trx: Db) => {
      const row = await repo.findForUpdate(trx, workspaceId, storeId);
      if (!row) throw new AppError('NOT_FOUND', `Document store ${storeId} not found`);
      const loaders = change(parseLoaders(row), row);
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
  }

  async function checkComponents(ctx: AuthContext, body: LoaderBody) {
    try {
      componentType(runtime.registry, 'loader', body.loaderId);
      if (body.splitterId) componentType(runtime.registry, 'splitter', body.splitterId);
    } catch (error) {
      throw nodeProblem(error);
    }
    if (body.credential) await deps.assertCredential(ctx, body.credential);
  }

  async function chunkPage(
    workspaceId: string,
    storeId: string,
    fileId: string,
    pageNo: number,
  ): Promise<ChunkPage> {
    const row = await repo.stores.find(workspaceId, storeId);
    if (!row) throw new AppError('NOT_FOUND', `Document store ${storeId} not found`);
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
  }

  /** Loads a loader's documents with its splitter (what preview shows and process saves). */
  async function runLoader(
    workspaceId: string,
    storeId: string,
    loader: Pick<
      DocumentStoreLoader,
      'id' | 'loaderId' | 'loaderConfig' | 'splitterId' | 'splitterConfig' | 'credential'
    >,
    signal: AbortSignal,
  ): Promise<SourceDocument[]> {
    const run = storeRun(runtime, workspaceId, storeId, signal, { loaderId: loader.id });
    try {
      return await loadDocuments(runtime.registry, run, {
        loaderName: loader.loaderId,
        loaderConfig: loader.loaderConfig ?? {},
        splitterName: loader.splitterId || undefined,
        splitterConfig: loader.splitterId ? (loader.splitterConfig ?? {}) : undefined,
        credential: loader.credential,
      });
    } catch (error) {
      throw nodeProblem(error);
    }
  }

  return {
    jobs,
    liveOf,
    /** The vector side reports upsert progress and failures here, so store reads show them. */
    setUpsertState(storeId: string, state: Pick<LiveState, 'upsertProgress' | 'upsertError'> | undefined) {
      if (state) upserts.set(storeId, state);
      else upserts.delete(storeId);
    },
    load,
    findLoader,
    chunkPage,

    async create(ctx: AuthContext, body: z.infer<typeof createDocumentStoreBody>): Promise<StoreRow> {
      const at = clock.now().toISOString();
      const row: StoreRow = {
        id: randomUUID(),
        name: body.name,
        description: body.description ?? null,
        loaders: '[]',
        whereUsed: '[]',
        status: 'EMPTY',
        vectorStoreConfig: null,
        embeddingConfig: null,
        recordManagerConfig: null,
        workspaceId: ctx.workspaceId,
        createdDate: at,
        updatedDate: at,
      };
      await repo.stores.insert(row);
      return row;
    },

    async list(ctx: AuthContext, range?: { offset: number; limit: number }) {
      const rows = await repo.stores.list(ctx.workspaceId, range ?? {});
      const data = rows.map((row) => toDto(row, liveOf(row.id)));
      if (!range) return data;
      return { total: await repo.stores.count(ctx.workspaceId), data };
    },

    async get(ctx: AuthContext, id: string): Promise<DocumentStore> {
      const row = await load(ctx, id);
      const dto = toDto(row, liveOf(id));
      const ids = dto.whereUsed.filter((w): w is string => typeof w === 'string');
      return { ...dto, whereUsed: await deps.flowNames(ctx.workspaceId, ids) };
    },

    async update(
      ctx: AuthContext,
      id: string,
      body: z.infer<typeof updateDocumentStoreBody>,
    ): Promise<DocumentStore> {
      const row = await load(ctx, id);
      const patch: Partial<StoreRow> = { updatedDate: clock.now().toISOString() };
      if (body.name !== undefined) patch.name = body.name;
      if (body.description !== undefined) patch.description = body.description ?? null;
      for (const key of ['vectorStoreConfig', 'embeddingConfig', 'recordManagerConfig'] as const) {
        const value = body[key];
        if (value === undefined) continue;
        if (value !== null && parseConfig(value) === null)
          throw new AppError('BAD_REQUEST', `${key} must be JSON text of {"name", "config"}`);
        patch[key] = value;
      }
      await repo.stores.update(ctx.workspaceId, id, patch);
      return toDto({ ...row, ...patch }, liveOf(id));
    },

    /**
     * Deletes the store with its chunks, files and upsert history. Vectors in an outside vector
     * database stay (the web app deletes them first when a record manager knows which they are);
     * the caller drops the embedded collection.
     */
    async remove(ctx: AuthContext, id: string): Promise<{ deleted: number }> {
      await load(ctx, id);
      if (progress.has(id) || jobs.isRunning(`upsert:${id}`))
        throw new AppError('CONFLICT', 'The document store is being processed; delete it when that is done');
      const deleted = await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('document_store_file_chunk').where('storeId', '=', id).execute();
        await repo.deleteHistoryOf(trx, id);
        const removed = await repo.stores.remove(ctx.workspaceId, id, trx);
        return removed ? 1 : 0;
      });
      await deps.storage.removeScopes(ctx.workspaceId, `docstore:${id}/`);
      return { deleted };
    },

    async preview(ctx: AuthContext, body: LoaderBody) {
      await checkComponents(ctx, body);
      checkInlineFiles(body.loaderConfig, deps.storage.limit);
      const row = await load(ctx, body.storeId);
      const existing = body.id ? parseLoaders(row).find((l) => l.id === body.id) : undefined;
      const config = { ...body.loaderConfig };
      if (WEB_SCRAPERS.has(body.loaderId)) config.limit = 3;
      const documents = await runLoader(
        ctx.workspaceId,
        row.id,
        {
          id: existing?.id ?? 'preview',
          loaderId: body.loaderId,
          loaderConfig: config,
          splitterId: body.splitterId ?? undefined,
          splitterConfig: body.splitterConfig ?? undefined,
          credential: body.credential ?? existing?.credential,
        },
        AbortSignal.timeout(120_000),
      );
      const count = body.previewChunkCount ?? 20;
      const shown = count === -1 || count > documents.length ? documents.length : count;
      return {
        chunks: documents
          .slice(0, shown)
          .map((doc) => ({ pageContent: doc.pageContent, metadata: doc.metadata })),
        totalChunks: documents.length,
        previewChunkCount: shown,
      };
    },

    /** Saves a loader's settings (new, or replacing the one with `id`); it is processed next. */
    async saveLoader(ctx: AuthContext, body: LoaderBody): Promise<DocumentStoreLoader> {
      await checkComponents(ctx, body);
      const row = await load(ctx, body.storeId);
      const loaders = parseLoaders(row);
      const old = body.id ? loaders.find((l) => l.id === body.id) : undefined;
      const id = old?.id ?? (body.id && isUuid(body.id) ? body.id : randomUUID());
      const label = runtime.registry.get(body.loaderId)?.definition.label ?? body.loaderId;
      const { config, files } = await storeLoaderFiles(
        deps.storage,
        ctx.workspaceId,
        row.id,
        id,
        body.loaderConfig,
        old?.files ?? [],
        clock.now().toISOString(),
      );
      const splitterLabel = body.splitterId
        ? runtime.registry.get(body.splitterId)?.definition.label
        : undefined;
      const loader: DocumentStoreLoader = {
        id,
        loaderId: body.loaderId,
        loaderName: body.loaderName?.trim() || old?.loaderName || label,
        loaderConfig: config,
        ...(body.splitterId
          ? {
              splitterId: body.splitterId,
              splitterName: body.splitterName || splitterLabel || body.splitterId,
              splitterConfig: body.splitterConfig ?? {},
            }
          : {}),
        totalChunks: old?.totalChunks ?? 0,
        totalChars: old?.totalChars ?? 0,
        status: 'SYNCING',
        ...((old?.credential ?? body.credential) && { credential: (old?.credential ?? body.credential)! }),
        ...(files.length > 0 && { files }),
      };
      await changeLoaders(ctx.workspaceId, row.id, (list) =>
        list.some((l) => l.id === id) ? list.map((l) => (l.id === id ? loader : l)) : [...list, loader],
      );
      return { ...loader, source: loaderSource(loader) };
    },

    /**
     * Loads and splits a saved loader and replaces its chunks, in the background: the answer comes
     * when it is done (the first page of chunks), but the work goes on if the caller leaves, and the
     * store shows its progress meanwhile. A failure keeps the chunks of before and is shown on the loader.
     */
    async process(ctx: AuthContext, loaderId: string, body: LoaderBody | undefined, storeIdHint?: string) {
      const storeId = body?.storeId ?? storeIdHint;
      if (!storeId) throw new AppError('BAD_REQUEST', 'storeId is required');
      if (body) await checkComponents(ctx, body);
      const row = await load(ctx, storeId);
      const saved = findLoader(row, loaderId);
      const workspaceId = ctx.workspaceId;
      let loader = saved;
      if (body) {
        const { config, files } = await storeLoaderFiles(
          deps.storage,
          workspaceId,
          storeId,
          loaderId,
          body.loaderConfig,
          saved.files ?? [],
          clock.now().toISOString(),
        );
        loader = {
          ...saved,
          loaderId: body.loaderId,
          loaderConfig: config,
          ...(files.length > 0 ? { files } : {}),
          ...(body.splitterId
            ? { splitterId: body.splitterId, splitterConfig: body.splitterConfig ?? {} }
            : { splitterId: undefined, splitterName: undefined, splitterConfig: undefined }),
        };
      }
      await jobs.run(`loader:${loaderId}`, 'This loader is being processed already', async (signal) => {
        const startedAt = clock.now().toISOString();
        setProgress(storeId, loaderId, { stage: 'loading', startedAt });
        try {
          const documents = await runLoader(workspaceId, storeId, loader, signal);
          if (documents.length > MAX_CHUNKS_PER_LOADER)
            throw new AppError(
              'BAD_REQUEST',
              `The loader made ${documents.length} chunks; a loader may make up to ${MAX_CHUNKS_PER_LOADER}. Use a larger chunk size or split the source`,
            );
          setProgress(storeId, loaderId, { stage: 'saving', done: 0, total: documents.length, startedAt });
          let totalChars = 0;
          const chunks = documents.map((doc, index) => {
            const pageContent = stripNul(doc.pageContent);
            totalChars += pageContent.length;
            return {
              id: randomUUID(),
              docId: loaderId,
              storeId,
              chunkNo: index + 1,
              pageContent,
              metadata: stripNul(JSON.stringify(doc.metadata ?? {})),
            };
          });
          await db.transaction().execute(async (trx) => {
            await repo.replaceLoaderChunks(trx, storeId, loaderId, chunks);
            await changeLoaders(
              workspaceId,
              storeId,
              (list) =>
                list.map((l) =>
                  l.id === loaderId
                    ? {
                        ...l,
                        ...loader,
                        loaderName: l.loaderName,
                        totalChunks: chunks.length,
                        totalChars,
                        status: 'SYNC' as const,
                        files: (loader.files ?? []).map((f) => ({ ...f, status: 'SYNC' })),
                        error: undefined,
                      }
                    : l,
                ),
              { recomputeStatus: true, trx },
            );
          });
        } catch (error) {
          const problem = nodeProblem(error);
          deps.logger.warn({ err: error, storeId, loaderId }, 'document loader processing failed');
          await changeLoaders(workspaceId, storeId, (list) =>
            list.map((l) =>
              l.id === loaderId
                ? { ...l, status: l.totalChunks > 0 ? 'SYNC' : 'SYNCING', error: problem.message }
                : l,
            ),
          ).catch(() => undefined);
          throw problem;
        } finally {
          setProgress(storeId, loaderId, undefined);
        }
      });
      return chunkPage(workspaceId, storeId, loaderId, 1);
    },

    /** Removes a loader, its chunks and files (not its vectors: see the vector store's delete). */
    async deleteLoader(ctx: AuthContext, storeId: string, loaderId: string): Promise<DocumentStore> {
      if (jobs.isRunning(`loader:${loaderId}`))
        throw new AppError('CONFLICT', 'This loader is being processed; delete it when that is done');
      const row = await db.transaction().execute(async (trx) => {
        const found = await repo.findForUpdate(trx, ctx.workspaceId, storeId);
        if (!found) throw new AppError('NOT_FOUND', `Document store ${storeId} not found`);
        findLoader(found, loaderId);
        await repo.deleteLoaderChunks(trx, storeId, loaderId);
        return changeLoaders(ctx.workspaceId, storeId, (list) => list.filter((l) => l.id !== loaderId), {
          trx,
        });
      });
      await deps.storage.remove(ctx.workspaceId, loaderScope(storeId, loaderId));
      return toDto(row, liveOf(storeId));
    },

    async editChunk(
      ctx: AuthContext,
      storeId: string,
      loaderId: string,
      chunkId: string,
      body: z.infer<typeof chunkEditBody>,
    ): Promise<ChunkPage> {
      await db.transaction().execute(async (trx) => {
        const row = await repo.findForUpdate(trx, ctx.workspaceId, storeId);
        if (!row) throw new AppError('NOT_FOUND', `Document store ${storeId} not found`);
        findLoader(row, loaderId);
        const chunk = await repo.findChunk(storeId, chunkId, trx);
        if (!chunk || chunk.docId !== loaderId)
          throw new AppError('NOT_FOUND', `Document Chunk ${chunkId} not found`);
        let metadata = body.metadata ?? (chunk.metadata ? (JSON.parse(chunk.metadata) as unknown) : {});
        if (typeof metadata === 'string') {
          try {
            metadata = JSON.parse(metadata) as unknown;
          } catch {
            throw new AppError('BAD_REQUEST', 'Metadata must be a JSON object');
          }
        }
        if (!metadata || typeof metadata !== 'object' || Array.isArray(metadata))
          throw new AppError('BAD_REQUEST', 'Metadata must be a JSON object');
        const pageContent = stripNul(body.pageContent);
        await repo.updateChunk(trx, chunkId, { pageContent, metadata: stripNul(JSON.stringify(metadata)) });
        const delta = pageContent.length - chunk.pageContent.length;
        await changeLoaders(
          ctx.workspaceId,
          storeId,
          (list) =>
            list.map((l) =>
              l.id === loaderId ? { ...l, totalChars: Math.max(0, l.totalChars + delta) } : l,
            ),
          { trx },
        );
      });
      return chunkPage(ctx.workspaceId, storeId, loaderId, 1);
    },

    async deleteChunk(
      ctx: AuthContext,
      storeId: string,
      loaderId: string,
      chunkId: string,
    ): Promise<ChunkPage> {
      await db.transaction().execute(async (trx) => {
        const row = await repo.findForUpdate(trx, ctx.workspaceId, storeId);
        if (!row) throw new AppError('NOT_FOUND', `Document store ${storeId} not found`);
        findLoader(row, loaderId);
        const chunk = await repo.findChunk(storeId, chunkId, trx);
        if (!chunk || chunk.docId !== loaderId)
          throw new AppError('NOT_FOUND', `Document Chunk ${chunkId} not found`);
        await repo.deleteChunk(trx, chunkId);
        await changeLoaders(
          ctx.workspaceId,
          storeId,
          (list) =>
            list.map((l) =>
              l.id === loaderId
                ? {
                    ...l,
                    totalChunks: Math.max(0, l.totalChunks - 1),
                    totalChars: Math.max(0, l.totalChars - chunk.pageContent.length),
                  }
                : l,
            ),
          { trx },
        );
      });
      return chunkPage(ctx.workspaceId, storeId, loaderId, 1);
    },
  };
}
export type DocumentStoreService = ReturnType<typeof createDocumentStoreService>;
export { CHUNK_PAGE_SIZE };
