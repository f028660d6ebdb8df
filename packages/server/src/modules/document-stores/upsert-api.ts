import type { NodeRegistry } from '@flowloom/engine';
import type { ComponentSettings, LoaderBody } from '@flowloom/shared';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import type { AuthContext } from '../auth/auth.service.js';
import { parseConfig, parseLoaders } from './document-store.dto.js';
import type { DocumentStoreService } from './document-store.service.js';
import type { DocumentStoreVectors } from './document-store.vectors.js';

/** A file sent with an upsert (multipart). */
export interface UploadedFile {
  name: string;
  mime: string;
  data: Buffer;
}

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

const refreshBody = z
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

const merged = (
  base: ComponentSettings | null,
  override: { name?: string; config?: Record<string, unknown> } | undefined,
) => {
  if (!override) return base;
  const name = override.name ?? base?.name;
  if (!name) return base;
  const sameComponent = base?.name === name;
  return { name, config: { ...(sameComponent ? base?.config : {}), ...override.config } };
};

/**
 * The upsert and refresh API: documents into a store in one call, reusing a loader's settings (and
 * the store's vector settings) with any part overridden, files included.
 */
export function createUpsertApi({
  stores,
  vectors,
  registry,
}: {
  stores: DocumentStoreService;
  vectors: DocumentStoreVectors;
  registry: NodeRegistry;
}) {
  async function upsertOne(ctx: AuthContext, storeId: string, body: UpsertApiBody, files: UploadedFile[]) {
    let id = storeId;
    if (body.createNewDocStore) {
      const created = await stores.create(ctx, {
        name: body.docStore?.name?.trim() || `Document Store ${Date.now()}`,
        description: body.docStore?.description ?? null,
      });
      id = created.id;
    }
    const row = await stores.load(ctx, id);
    const existing = body.docId ? parseLoaders(row).find((l) => l.id === body.docId) : undefined;
    if (body.docId && !existing) throw new AppError('NOT_FOUND', `Document loader ${body.docId} not found`);

    const loaderName = body.loader?.name ?? existing?.loaderId;
    if (!loaderName)
      throw new AppError(
        'BAD_REQUEST',
        'Loader not configured: give loader.name (e.g. "plainText") or the docId of a loader of this store',
      );
    const loaderType = registry.get(loaderName);
    if (!loaderType) throw new AppError('BAD_REQUEST', `"${loaderName}" is not an available document loader`);
    const loaderConfig: Record<string, unknown> = {
      ...(existing && existing.loaderId === loaderName ? existing.loaderConfig : {}),
      ...body.loader?.config,
    };
    if (files.length > 0) {
      // Files go to the loader's own file input; a loader with several picks by extension (Flowise).
      const fileInputs = loaderType.definition.inputs.filter((input) => input.type === 'file');
      const byField = new Map<string, string[]>();
      for (const file of files) {
        const field = fileInputs.length === 1 ? fileInputs[0]!.name : fieldByExtension(file.name);
        const uri = `data:${file.mime || 'application/octet-stream'};base64,${file.data.toString('base64')},filename:${file.name}`;
        byField.set(field, [...(byField.get(field) ?? []), uri]);
      }
      for (const [field, uris] of byField) loaderConfig[field] = JSON.stringify(uris);
    }
    if (body.metadata) loaderConfig.metadata = body.metadata;

    const splitter = merged(
      existing?.splitterId ? { name: existing.splitterId, config: existing.splitterConfig ?? {} } : null,
      body.splitter,
    );
    const vectorStore = merged(parseConfig(row.vectorStoreConfig), body.vectorStore);
    const embedding = merged(parseConfig(row.embeddingConfig), body.embedding);
    const recordManager = merged(parseConfig(row.recordManagerConfig), body.recordManager);
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

    const loaderBody: LoaderBody = {
      storeId: id,
      ...(body.replaceExisting && existing && { id: existing.id }),
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
    const saved = await stores.saveLoader(ctx, loaderBody);
    await stores.process(ctx, saved.id, { ...loaderBody, id: saved.id, loaderConfig: saved.loaderConfig });
    const result = await vectors.insert(ctx, {
      storeId: id,
      docId: saved.id,
      isStrictSave: false,
      embeddingName: embedding.name,
      embeddingConfig: embedding.config,
      vectorStoreName: vectorStore.name,
      vectorStoreConfig: vectorStore.config,
      recordManagerName: recordManager?.name ?? null,
      recordManagerConfig: recordManager?.config ?? null,
    });
    const { totalChars: _c, totalChunks: _t, whereUsed: _w, ...outcome } = result;
    return { ...outcome, docId: saved.id };
  }

  return {
    upsert: (ctx: AuthContext, storeId: string, body: UpsertApiBody, files: UploadedFile[]) =>
      upsertOne(ctx, storeId, body, files),

    /** Processes and upserts loaders again, one after the other: the items given, or every loader. */
    async refresh(ctx: AuthContext, storeId: string, rawBody: unknown) {
      const parsed = refreshBody.safeParse(rawBody);
      if (!parsed.success)
        throw new AppError('BAD_REQUEST', parsed.error.issues[0]?.message ?? 'Invalid refresh body');
      const row = await stores.load(ctx, storeId);
      const items = parsed.data?.items?.length
        ? parsed.data.items
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
