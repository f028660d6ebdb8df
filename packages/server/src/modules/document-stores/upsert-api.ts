import { randomUUID } from 'node:crypto';
import type { NodeRegistry } from '@flowloom/engine';
import type { ComponentSettings, DocumentStoreLoader, VectorConfigBody, LoaderBody } from '@flowloom/shared';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import type { UploadedFile } from '../../http/multipart.js';
import { holds, type AuthContext } from '../auth/auth.service.js';
import type { FileStorage } from '../storage/file-storage.js';
import type { ComponentChecks } from './component-checks.js';
import { parseConfig, parseLoaders } from './document-store.dto.js';
import type { StoreRow } from './document-store.repository.js';
import { loaderScope } from './document-store.runtime.js';
import type { DocumentStoreService } from './document-store.service.js';
import type { DocumentStoreVectors } from './document-store.vectors.js';
import { storedNames, type LoaderUpload } from './loader-files.js';
import type { LoaderService } from './loader.service.js';
import type { StoreState } from './store-state.js';

/** `true`/`"true"` (form fields are text). */
const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]).optional();

/** An object, or JSON text of one (form fields are text). */
function jsonObject(label: string) {
  return z
    .union([z.record(z.string(), z.unknown()), z.string()])
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return undefined;
      if (typeof value !== 'string') return value;
      try {
        const parsed = JSON.parse(value) as unknown;
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
          return parsed as Record<string, unknown>;
      } catch {
        // reported below
      }
      ctx.addIssue({ code: 'custom', message: `Error: Invalid ${label}` });
      return z.NEVER;
    });
}

const part = (label: string) =>
  jsonObject(label).pipe(
    z
      .object({ name: z.string().max(200).optional(), config: z.record(z.string(), z.unknown()).optional() })
      .optional(),
  );

/** The upsert API's fields (DOCUMENT_STORES.md §2.7), as JSON or as form fields. */
export const upsertApiBody = z.object({
  docId: z.string().max(100).optional(),
  metadata: jsonObject('metadata'),
  replaceExisting: flag,
  createNewDocStore: flag,
  docStore: jsonObject('docStore').pipe(
    z
      .object({ name: z.string().max(255).optional(), description: z.string().max(4000).optional() })
      .optional(),
  ),
  loaderName: z.string().max(255).optional(),
  loader: part('loader'),
  splitter: part('splitter'),
  vectorStore: part('vectorStore'),
  embedding: part('embedding'),
  recordManager: part('recordManager'),
});
export type UpsertApiBody = z.infer<typeof upsertApiBody>;

/** The refresh API's body: the loaders to process again (all of them without). */
export const refreshBody = z
  .object({ items: z.array(upsertApiBody).max(100).optional() })
  .optional()
  .nullable();

/** Which input of a file loader takes files of this name, when the loader has more than one (Flowise). */
function fieldByExtension(name: string): string {
  const extension = name.toLowerCase().split('.').pop() ?? '';
  switch (extension) {
    case 'pdf':
      return 'pdfFile';
    case 'json':
      return 'jsonFile';
    case 'csv':
    case 'xls':
    case 'xlsx':
      return 'csvFile';
    case 'jsonl':
      return 'jsonlinesFile';
    case 'docx':
    case 'doc':
      return 'docxFile';
    case 'yaml':
      return 'yamlFile';
    default:
      return 'txtFile';
  }
}

type Override = { name?: string; config?: Record<string, unknown> } | undefined;

/** A part's settings: the base's, with the override's name and config over them. */
function merged(base: ComponentSettings | null, override: Override): ComponentSettings | null {
  if (!override) return base;
  const name = override.name ?? base?.name;
  if (!name) return base;
  const sameComponent = base?.name === name;
  return { name, config: { ...(sameComponent ? base?.config : {}), ...override.config } };
}

/** How long an upsert API call waits for other work on its store before it gives up (409). */
const INSERT_WAIT_MS = 10 * 60_000;

export interface UpsertApiDeps {
  stores: DocumentStoreService;
  loaders: LoaderService;
  vectors: DocumentStoreVectors;
  state: StoreState;
  checks: ComponentChecks;
  registry: NodeRegistry;
  storage: FileStorage;
}

/**
 * The upsert and refresh API: documents into a store in one call, reusing a loader's settings (and
 * the store's vector settings) with any part overridden, files included. It saves a loader, processes
 * it and upserts, so the caller needs what those steps need: documentStores:upsert-config and
 * documentStores:preview-process (and documentStores:create for a new store).
 */
export function createUpsertApi(deps: UpsertApiDeps) {
  const { stores, loaders, vectors, state, checks, registry, storage } = deps;

  function assertMay(ctx: AuthContext, body: UpsertApiBody) {
    for (const permission of ['documentStores:upsert-config', 'documentStores:preview-process'])
      if (!holds(ctx, permission))
        throw new AppError('FORBIDDEN', `Upserting into a document store needs ${permission}`);
    if (body.createNewDocStore && !holds(ctx, 'documentStores:create'))
      throw new AppError('FORBIDDEN', 'Creating a document store needs documentStores:create');
  }

  /** What the call will save: the loader's settings and the vector parts, all checked. */
  async function plan(ctx: AuthContext, source: StoreRow, body: UpsertApiBody, files: UploadedFile[]) {
    const existing = body.docId ? parseLoaders(source).find((l) => l.id === body.docId) : undefined;
    if (body.docId && !existing) throw new AppError('NOT_FOUND', `Document loader ${body.docId} not found`);

    const loaderName = body.loader?.name ?? existing?.loaderId;
    if (!loaderName)
      throw new AppError(
        'BAD_REQUEST',
        'Loader not configured: give loader.name (e.g. "plainText") or the docId of a loader of this store',
      );
    const loaderType = registry.get(loaderName);
    if (!loaderType) throw new AppError('BAD_REQUEST', `"${loaderName}" is not an available document loader`);
    const fileInputs = loaderType.definition.inputs.filter((input) => input.type === 'file');
    if (files.length > 0 && fileInputs.length === 0)
      throw new AppError(
        'BAD_REQUEST',
        `${loaderType.definition.label} does not read files; send none, or choose a file loader`,
      );
    const loaderConfig: Record<string, unknown> = {
      ...(existing && existing.loaderId === loaderName ? existing.loaderConfig : {}),
      ...body.loader?.config,
    };
    if (body.metadata) loaderConfig.metadata = body.metadata;
    // Files go to the loader's own file input; a loader with several picks by extension (Flowise).
    const byField = new Map<string, UploadedFile[]>();
    for (const file of files) {
      const field = fileInputs.length === 1 ? fileInputs[0]!.name : fieldByExtension(file.name);
      byField.set(field, [...(byField.get(field) ?? []), file]);
    }

    // A new store inherits the vector settings of the loader's store only when it copies a loader.
    const inherit = !body.createNewDocStore || existing;
    const base = (column: 'vectorStoreConfig' | 'embeddingConfig' | 'recordManagerConfig') =>
      inherit ? parseConfig(source[column]) : null;
    const splitter = merged(
      existing?.splitterId ? { name: existing.splitterId, config: existing.splitterConfig ?? {} } : null,
      body.splitter,
    );
    const vectorStore = merged(base('vectorStoreConfig'), body.vectorStore);
    const embedding = merged(base('embeddingConfig'), body.embedding);
    const recordManager = merged(base('recordManagerConfig'), body.recordManager);
    if (!vectorStore)
      throw new AppError(
        'BAD_REQUEST',
        'Vector store not configured: give vectorStore.name or configure the store first',
      );
    if (!embedding)
      throw new AppError(
        'BAD_REQUEST',
        'Embedding not configured: give embedding.name or configure the store first',
      );

    const loader: Omit<LoaderBody, 'storeId'> = {
      loaderId: loaderName,
      loaderName:
        body.loaderName ??
        (body.loader?.name ? loaderType.definition.label : existing?.loaderName) ??
        loaderType.definition.label,
      loaderConfig,
      splitterId: splitter?.name ?? null,
      splitterName: splitter ? (registry.get(splitter.name)?.definition.label ?? splitter.name) : null,
      splitterConfig: splitter?.config ?? null,
      credential: existing?.credential ?? null,
    };
    await checks.loader(ctx, loader);
    await checks.part(ctx, 'vectorStore', vectorStore);
    await checks.part(ctx, 'embeddings', embedding);
    await checks.part(ctx, 'recordManager', recordManager);
    return { existing, loader, byField, vectorStore, embedding, recordManager };
  }

  /**
   * The files the new loader gets, by input: the call's, and for a loader copied from another, the
   * files its settings name that no upload replaces (read from the loader copied).
   */
  async function uploadsOf(
    ctx: AuthContext,
    copiedFrom: { storeId: string; loader: DocumentStoreLoader } | undefined,
    loaderConfig: Record<string, unknown>,
    byField: Map<string, UploadedFile[]>,
  ): Promise<Map<string, LoaderUpload[]>> {
    const uploads = new Map<string, LoaderUpload[]>(byField);
    if (!copiedFrom) return uploads;
    const scope = loaderScope(copiedFrom.storeId, copiedFrom.loader.id);
    for (const [field, value] of Object.entries(loaderConfig)) {
      const names = storedNames(value);
      if (uploads.has(field) || names.length === 0) continue;
      const files: LoaderUpload[] = [];
      for (const name of names) files.push(await storage.read(ctx.workspaceId, scope, name));
      uploads.set(field, files);
    }
    return uploads;
  }

  /** Upserts the loader, waiting (up to ten minutes) while other work runs on the store. */
  async function insertWhenFree(ctx: AuthContext, body: VectorConfigBody) {
    const deadline = Date.now() + INSERT_WAIT_MS;
    for (;;) {
      try {
        return await vectors.insert(ctx, body);
      } catch (error) {
        const wait = deadline - Date.now();
        if (!(error instanceof AppError && error.code === 'CONFLICT') || wait <= 0) throw error;
        await state.locks.idle(body.storeId, wait);
      }
    }
  }

  /**
   * One upsert: the loader saved (or its settings replaced), processed and upserted. A call that
   * fails leaves no new store or loader behind; a replaced loader keeps its settings and files of
   * before when its processing fails.
   */
  async function upsertOne(ctx: AuthContext, storeId: string, body: UpsertApiBody, files: UploadedFile[]) {
    assertMay(ctx, body);
    const source = await state.load(ctx, storeId);
    const planned = await plan(ctx, source, body, files);
    const { existing, vectorStore, embedding, recordManager } = planned;
    const replacing = body.replaceExisting && existing && !body.createNewDocStore ? existing : undefined;
    const uploads = await uploadsOf(
      ctx,
      existing && !replacing ? { storeId: source.id, loader: existing } : undefined,
      planned.loader.loaderConfig,
      planned.byField,
    );

    // Everything is checked: only now is a new store made.
    const created = body.createNewDocStore
      ? await stores.create(ctx, {
          name: body.docStore?.name?.trim() || `Document Store ${Date.now()}`,
          description: body.docStore?.description ?? null,
        })
      : undefined;
    const id = created?.id ?? source.id;
    const loaderId = replacing?.id ?? randomUUID();
    try {
      if (replacing)
        await loaders.process(ctx, loaderId, { ...planned.loader, storeId: id, id: loaderId }, id, uploads);
      else {
        await loaders.saveLoader(ctx, { ...planned.loader, storeId: id }, uploads, loaderId);
        await loaders.process(ctx, loaderId, null, id);
      }
      const result = await insertWhenFree(ctx, {
        storeId: id,
        docId: loaderId,
        isStrictSave: false,
        embeddingName: embedding.name,
        embeddingConfig: embedding.config,
        vectorStoreName: vectorStore.name,
        vectorStoreConfig: vectorStore.config,
        recordManagerName: recordManager?.name ?? null,
        recordManagerConfig: recordManager?.config ?? null,
      });
      const { totalChars: _c, totalChunks: _t, whereUsed: _w, ...outcome } = result;
      return { ...outcome, docId: loaderId, ...(created && { storeId: id }) };
    } catch (error) {
      if (created) await stores.remove(ctx, created.id).catch(() => undefined);
      else if (!replacing) await loaders.deleteLoader(ctx, id, loaderId).catch(() => undefined);
      throw error;
    }
  }

  return {
    upsert: (ctx: AuthContext, storeId: string, body: UpsertApiBody, files: UploadedFile[]) =>
      upsertOne(ctx, storeId, body, files),

    /** Processes and upserts loaders again, one after the other: the items given, or every loader. */
    async refresh(ctx: AuthContext, storeId: string, body: z.infer<typeof refreshBody>) {
      if (body?.items?.some((item) => item.createNewDocStore))
        throw new AppError(
          'BAD_REQUEST',
          'A refresh works on the loaders of this store: createNewDocStore is not allowed',
        );
      const row = await state.load(ctx, storeId);
      const items = body?.items?.length
        ? body.items
        : parseLoaders(row).map((loader): UpsertApiBody => ({ docId: loader.id, metadata: undefined }));
      if (items.length === 0)
        throw new AppError('BAD_REQUEST', 'The document store has no loaders to refresh');
      const results = [];
      for (const item of items)
        results.push(await upsertOne(ctx, storeId, { ...item, replaceExisting: true }, []));
      return results;
    },
  };
}
export type UpsertApi = ReturnType<typeof createUpsertApi>;
