import { randomUUID } from 'node:crypto';
import { loadDocuments, MAX_CHUNKS } from '@flowloom/nodes';
import {
  isUuid,
  type ChunkPage,
  type DocumentStore,
  type DocumentStoreLoader,
  type LoaderBody,
  type LoaderProgress,
  type SourceDocument,
} from '@flowloom/shared';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { Clock, Logger } from '../../runtime.js';
import type { AuthContext } from '../auth/auth.service.js';
import type { FileStorage } from '../storage/file-storage.js';
import type { ComponentChecks } from './component-checks.js';
import { loaderSource, parseLoaders, toDto } from './document-store.dto.js';
import type { DocumentStoreRepository, StoreRow } from './document-store.repository.js';
import { loaderScope, nodeProblem, storeRun, type StoreRuntime } from './document-store.runtime.js';
import { checkInlineFiles, storeLoaderFiles, type LoaderUpload } from './loader-files.js';
import type { StoreState } from './store-state.js';

/** Loaders whose preview reads only a few pages (Flowise caps web scrapers at 3 in a preview). */
const WEB_SCRAPERS = new Set(['cheerioWebScraper', 'puppeteerWebScraper', 'playwrightWebScraper']);

// NUL cannot be stored in PostgreSQL text; a PDF's text sometimes holds some.
// eslint-disable-next-line no-control-regex -- removing NUL is the point
export const stripNul = (text: string) => text.replace(/\u0000/g, '');

export interface LoaderServiceDeps {
  db: Db;
  repo: DocumentStoreRepository;
  state: StoreState;
  storage: FileStorage;
  runtime: StoreRuntime;
  checks: ComponentChecks;
  /** Removes a loader's records from Flowloom's own vector store and record-manager table. */
  dropLoaderVectors(ctx: AuthContext, row: StoreRow, loaderId: string): Promise<void>;
  clock: Clock;
  logger: Logger;
}

type RunnableLoader = Pick<
  DocumentStoreLoader,
  'id' | 'loaderId' | 'loaderConfig' | 'splitterId' | 'splitterConfig' | 'credential'
>;

/** A store's loaders: preview, save, process (load, split, save chunks), delete. */
export function createLoaderService(deps: LoaderServiceDeps) {
  const { db, repo, state, runtime, clock } = deps;

  /** Loads a loader's documents with its splitter (what preview shows and process saves). */
  async function runLoader(
    workspaceId: string,
    storeId: string,
    loader: RunnableLoader,
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

  /**
   * The loader as the body would have it, its files stored: those no longer named are to remove once
   * it is committed (`superseded`), and `undo` takes the storage back when it is not.
   */
  async function withBody(
    workspaceId: string,
    storeId: string,
    saved: DocumentStoreLoader,
    body: LoaderBody,
    uploads?: ReadonlyMap<string, readonly LoaderUpload[]>,
  ) {
    const { config, files, superseded, undo } = await storeLoaderFiles(
      deps.storage,
      workspaceId,
      storeId,
      saved.id,
      body.loaderConfig,
      saved.files ?? [],
      clock.now().toISOString(),
      uploads,
    );
    const splitterLabel = body.splitterId
      ? runtime.registry.get(body.splitterId)?.definition.label
      : undefined;
    const credential = body.credential ?? saved.credential;
    const loader: DocumentStoreLoader = {
      ...saved,
      loaderId: body.loaderId,
      loaderConfig: config,
      files,
      ...(body.splitterId
        ? {
            splitterId: body.splitterId,
            splitterName: body.splitterName || splitterLabel || body.splitterId,
            splitterConfig: body.splitterConfig ?? {},
          }
        : { splitterId: undefined, splitterName: undefined, splitterConfig: undefined }),
    };
    if (credential) loader.credential = credential;
    else delete loader.credential;
    if (files.length === 0) delete loader.files;
    return { loader, superseded, undo };
  }

  /** Loads, splits and writes a loader's chunks; the loader's entry becomes `loader`, SYNC. */
  async function writeChunks(
    workspaceId: string,
    storeId: string,
    loader: DocumentStoreLoader,
    signal: AbortSignal,
    report: (progress: LoaderProgress) => void,
  ) {
    const startedAt = clock.now().toISOString();
    report({ stage: 'loading', startedAt });
    const documents = await runLoader(workspaceId, storeId, loader, signal);
    if (documents.length > MAX_CHUNKS)
      throw new AppError(
        'BAD_REQUEST',
        `The loader made ${documents.length} chunks; a loader may make up to ${MAX_CHUNKS}. Use a larger chunk size or split the source`,
      );
    report({ stage: 'saving', done: 0, total: documents.length, startedAt });
    let totalChars = 0;
    const chunks = documents.map((doc, index) => {
      const pageContent = stripNul(doc.pageContent);
      totalChars += pageContent.length;
      return {
        id: randomUUID(),
        docId: loader.id,
        storeId,
        chunkNo: index + 1,
        pageContent,
        metadata: stripNul(JSON.stringify(doc.metadata ?? {})),
      };
    });
    await db.transaction().execute(async (trx) => {
      await repo.replaceLoaderChunks(trx, storeId, loader.id, chunks);
      await state.changeLoaders(
        workspaceId,
        storeId,
        (list) =>
          list.map((l) =>
            l.id === loader.id
              ? {
                  ...loader,
                  loaderName: l.loaderName,
                  totalChunks: chunks.length,
                  totalChars,
                  status: 'SYNC' as const,
                  ...(loader.files && { files: loader.files.map((f) => ({ ...f, status: 'SYNC' })) }),
                  error: undefined,
                }
              : l,
          ),
        { recomputeStatus: true, trx },
      );
    });
  }

  return {
    runLoader,

    async preview(ctx: AuthContext, body: LoaderBody) {
      await deps.checks.loader(ctx, body);
      checkInlineFiles(body.loaderConfig, deps.storage.limit);
      const row = await state.load(ctx, body.storeId);
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

    /**
     * Saves a loader's settings (new, or replacing the one with `id`); it is processed next.
     * `uploads`: files sent apart from the config (the upsert API's), by input; `loaderId`: the id a
     * new loader takes.
     */
    async saveLoader(
      ctx: AuthContext,
      body: LoaderBody,
      uploads?: ReadonlyMap<string, readonly LoaderUpload[]>,
      loaderId?: string,
    ): Promise<DocumentStoreLoader> {
      await deps.checks.loader(ctx, body);
      const row = await state.load(ctx, body.storeId);
      const old = body.id ? parseLoaders(row).find((l) => l.id === body.id) : undefined;
      const id = old?.id ?? loaderId ?? (body.id && isUuid(body.id) ? body.id : randomUUID());
      return state.locks.loader(row.id, id, async () => {
        const label = runtime.registry.get(body.loaderId)?.definition.label ?? body.loaderId;
        const base: DocumentStoreLoader = old ?? {
          id,
          loaderId: body.loaderId,
          loaderName: label,
          loaderConfig: {},
          totalChunks: 0,
          totalChars: 0,
          status: 'SYNCING',
        };
        const {
          loader: next,
          superseded,
          undo,
        } = await withBody(ctx.workspaceId, row.id, base, body, uploads);
        const loader: DocumentStoreLoader = {
          ...next,
          loaderName: body.loaderName?.trim() || old?.loaderName || label,
          status: 'SYNCING',
        };
        try {
          await state.changeLoaders(ctx.workspaceId, row.id, (list) => {
            if (list.some((l) => l.id === id)) return list.map((l) => (l.id === id ? loader : l));
            if (old) throw new AppError('NOT_FOUND', `Document loader ${id} not found`);
            return [...list, loader];
          });
        } catch (error) {
          await undo().catch(() => undefined);
          throw error;
        }
        await deps.storage.remove(ctx.workspaceId, loaderScope(row.id, id), superseded);
        return { ...loader, source: loaderSource(loader) };
      });
    },

    /**
     * Loads and splits a saved loader and replaces its chunks; with a body, its settings become the
     * body's when that succeeds. The answer comes when it is done (the first page of chunks), but the
     * work goes on if the caller leaves, and the store shows its progress meanwhile. A failure keeps
     * the settings, chunks and files of before (so the loader's status stays true of them) and shows
     * the reason on the loader.
     */
    async process(
      ctx: AuthContext,
      loaderId: string,
      body: LoaderBody | null | undefined,
      storeIdHint?: string,
      uploads?: ReadonlyMap<string, readonly LoaderUpload[]>,
    ) {
      const storeId = body?.storeId ?? storeIdHint;
      if (!storeId) throw new AppError('BAD_REQUEST', 'storeId is required');
      if (body) await deps.checks.loader(ctx, body, { build: false });
      const workspaceId = ctx.workspaceId;
      state.findLoader(await state.load(ctx, storeId), loaderId);
      await state.locks.loader(storeId, loaderId, async (signal, report) => {
        const saved = state.findLoader(await state.load(ctx, storeId), loaderId);
        let changed: Awaited<ReturnType<typeof withBody>> | undefined;
        try {
          if (body) changed = await withBody(workspaceId, storeId, saved, body, uploads);
          await writeChunks(workspaceId, storeId, changed?.loader ?? saved, signal, report);
        } catch (error) {
          const problem = nodeProblem(error);
          deps.logger.warn({ err: error, storeId, loaderId }, 'document loader processing failed');
          await changed?.undo().catch(() => undefined);
          await state
            .changeLoaders(workspaceId, storeId, (list) =>
              list.map((l) => (l.id === loaderId ? { ...l, error: problem.message } : l)),
            )
            .catch(() => undefined);
          throw problem;
        }
        if (changed)
          await deps.storage.remove(workspaceId, loaderScope(storeId, loaderId), changed.superseded);
      });
      return state.chunkPage(workspaceId, storeId, loaderId, 1);
    },

    /**
     * Removes a loader with its chunks, files and its records in Flowloom's embedded vector store
     * (they mirror its chunks); an outside vector database keeps its vectors.
     */
    async deleteLoader(ctx: AuthContext, storeId: string, loaderId: string): Promise<DocumentStore> {
      state.findLoader(await state.load(ctx, storeId), loaderId);
      const row = await state.locks.loader(storeId, loaderId, async () => {
        // Its records in the embedded store first (idempotent): if that fails, the loader is still there.
        await deps.dropLoaderVectors(ctx, await state.load(ctx, storeId), loaderId);
        return db.transaction().execute(async (trx) => {
          const row = await state.changeLoaders(
            ctx.workspaceId,
            storeId,
            (list, found) => {
              state.findLoader(found, loaderId);
              return list.filter((l) => l.id !== loaderId);
            },
            { trx },
          );
          await repo.deleteChunks(trx, storeId, loaderId);
          return row;
        });
      });
      await deps.storage.remove(ctx.workspaceId, loaderScope(storeId, loaderId));
      return toDto(row, state.liveOf(storeId));
    },
  };
}
export type LoaderService = ReturnType<typeof createLoaderService>;
export type { ChunkPage };
