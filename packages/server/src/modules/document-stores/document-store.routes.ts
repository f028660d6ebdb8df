import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { GuardedFetch, NodeRegistry } from '@flowloom/engine';
import { fetchLinks } from '@flowloom/nodes';
import {
  chunkEditBody,
  createDocumentStoreBody,
  loaderBody,
  paginationQuery,
  updateDocumentStoreBody,
  vectorConfigBody,
  vectorQueryBody,
  vectorUpdateBody,
} from '@flowloom/shared';
import { AppError } from '../../errors.js';
import { can } from '../../http/access.js';
import { caller } from '../../http/auth-hook.js';
import { unsafeBodyError } from '../../http/body-guard.js';
import type { ZodTypeProvider } from '../../http/zod-type-provider.js';
import { describeNode } from '../nodes/node.routes.js';
import type { DocumentStoreService } from './document-store.service.js';
import type { DocumentStoreVectors } from './document-store.vectors.js';
import { storeConfigs } from './store-configs.js';
import { upsertApiBody, type UpsertApi, type UploadedFile } from './upsert-api.js';

const PREFIX = '/api/v1/document-store';
const VIEW = can('documentStores:view');
const UPSERT_CONFIG = can('documentStores:upsert-config');
const PREVIEW = can('documentStores:preview-process');
const tags = ['document-store'];

const id = z.string().min(1).max(100);

/** Loaders the store page offers (Flowise leaves out those that read stores, folders or vectors). */
const NOT_STORE_LOADERS = new Set([
  'documentStore',
  'vectorStoreToDocument',
  'unstructuredFolderLoader',
  'folderFiles',
]);
/** Vector stores the store page offers: not those that read a store or keep nothing. */
const NOT_STORE_VECTOR_STORES = new Set(['documentStoreVS', 'memoryVectorStore', 'faiss']);

/** Multipart upsert: files in memory (each within the file limit), other fields as text. */
async function readUpsertForm(
  request: FastifyRequest,
  limit: number,
): Promise<{ fields: Record<string, unknown>; files: UploadedFile[] }> {
  const fields: Record<string, unknown> = {};
  const files: UploadedFile[] = [];
  for await (const part of request.parts({ limits: { fileSize: limit, files: 50, fields: 100 } })) {
    if (part.type === 'file') {
      const data = await part.toBuffer().catch((error: unknown) => {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw new AppError(
            'PAYLOAD_TOO_LARGE',
            `${part.filename} is larger than ${Math.round(limit / 1024 / 1024)} MB, the most one file may be`,
          );
        throw error;
      });
      files.push({ name: Buffer.from(part.filename, 'latin1').toString('utf8'), mime: part.mimetype, data });
    } else {
      fields[part.fieldname] = part.value;
    }
  }
  return { fields, files };
}

export function registerDocumentStoreRoutes(
  root: FastifyInstance,
  {
    stores,
    vectors,
    upsertApi,
    registry,
    fileSizeLimit,
    http,
  }: {
    stores: DocumentStoreService;
    vectors: DocumentStoreVectors;
    upsertApi: UpsertApi;
    registry: NodeRegistry;
    fileSizeLimit: number;
    /** The guarded client flows use: web pages are read as a loader would read them. */
    http: GuardedFetch;
  },
) {
  void root.register(async (scope) => {
    // Only the upsert routes take multipart/form-data (files with their fields).
    await scope.register(fastifyMultipart, { limits: { fileSize: fileSizeLimit } });
    const app = scope.withTypeProvider<ZodTypeProvider>();

    const components = (category: string, skip: Set<string> = new Set()) =>
      [...registry.values()]
        .filter(
          (t) =>
            t.definition.category === category &&
            !skip.has(t.definition.name) &&
            !t.definition.tags?.includes('LlamaIndex'),
        )
        .map(describeNode);

    // ---- stores
    app.post(
      `${PREFIX}/store`,
      {
        config: { access: can('documentStores:create') },
        schema: { tags, summary: 'Create a document store', body: createDocumentStoreBody },
      },
      async (request, reply) => reply.status(201).send(await stores.create(caller(request), request.body)),
    );
    app.get(
      `${PREFIX}/store`,
      {
        config: { access: VIEW },
        schema: { tags, summary: 'List document stores', querystring: paginationQuery },
      },
      (request) => {
        const { page, limit } = request.query;
        return stores.list(
          caller(request),
          page !== undefined && limit !== undefined ? { offset: (page - 1) * limit, limit } : undefined,
        );
      },
    );
    app.get(
      `${PREFIX}/store/:id`,
      {
        config: { access: can('documentStores:view', 'documentStores:update', 'documentStores:delete') },
        schema: { tags, summary: 'One document store, with the flows that use it', params: z.object({ id }) },
      },
      (request) => stores.get(caller(request), request.params.id),
    );
    app.put(
      `${PREFIX}/store/:id`,
      {
        config: { access: can('documentStores:create', 'documentStores:update') },
        schema: {
          tags,
          summary: 'Rename or reconfigure a document store',
          params: z.object({ id }),
          body: updateDocumentStoreBody,
        },
      },
      (request) => stores.update(caller(request), request.params.id, request.body),
    );
    app.delete(
      `${PREFIX}/store/:id`,
      {
        config: { access: can('documentStores:delete') },
        schema: {
          tags,
          summary: 'Delete a document store with its chunks and files',
          params: z.object({ id }),
        },
      },
      async (request) => {
        const ctx = caller(request);
        const row = await stores.load(ctx, request.params.id);
        const result = await stores.remove(ctx, request.params.id);
        await vectors.dropOwnCollection(ctx, row);
        return result;
      },
    );
    app.get(
      `${PREFIX}/store-configs/:id/:loaderId`,
      {
        config: { access: VIEW },
        schema: {
          tags,
          summary: 'Settings a caller of the upsert API may override',
          params: z.object({ id, loaderId: id }),
        },
      },
      async (request) => {
        const ctx = caller(request);
        const row = await stores.load(ctx, request.params.id);
        return storeConfigs(registry, row, stores.findLoader(row, request.params.loaderId));
      },
    );

    // ---- component lists
    app.get(
      `${PREFIX}/components/loaders`,
      {
        config: { access: can('documentStores:add-loader', 'documentStores:view') },
        schema: { tags, summary: 'Document loaders a store can use' },
      },
      () => components('Document Loaders', NOT_STORE_LOADERS),
    );
    app.get(
      `${PREFIX}/components/embeddings`,
      {
        config: { access: can('documentStores:upsert-config', 'documentStores:view') },
        schema: { tags, summary: 'Embeddings a store can use' },
      },
      () => components('Embeddings'),
    );
    app.get(
      `${PREFIX}/components/vectorstore`,
      {
        config: { access: can('documentStores:upsert-config', 'documentStores:view') },
        schema: { tags, summary: 'Vector stores a store can use' },
      },
      () => components('Vector Stores', NOT_STORE_VECTOR_STORES),
    );
    app.get(
      `${PREFIX}/components/recordmanager`,
      {
        config: { access: can('documentStores:upsert-config', 'documentStores:view') },
        schema: { tags, summary: 'Record managers a store can use' },
      },
      () => components('Record Manager'),
    );

    // ---- loaders
    app.delete(
      `${PREFIX}/loader/:id/:loaderId`,
      {
        config: { access: can('documentStores:delete-loader') },
        schema: {
          tags,
          summary: 'Delete a loader with its chunks and files',
          params: z.object({ id, loaderId: id }),
        },
      },
      (request) => stores.deleteLoader(caller(request), request.params.id, request.params.loaderId),
    );
    app.post(
      `${PREFIX}/loader/preview`,
      {
        config: { access: PREVIEW },
        schema: { tags, summary: 'Load and split without saving: the first chunks', body: loaderBody },
      },
      (request) => stores.preview(caller(request), request.body),
    );
    app.post(
      `${PREFIX}/loader/save`,
      {
        config: { access: PREVIEW },
        schema: { tags, summary: "Save a loader's settings (processed next)", body: loaderBody },
      },
      (request) => stores.saveLoader(caller(request), request.body),
    );
    app.post(
      `${PREFIX}/loader/process/:loaderId`,
      {
        config: { access: PREVIEW },
        schema: {
          tags,
          summary: 'Load, split and save the chunks of a loader (answers the first page when done)',
          params: z.object({ loaderId: id }),
          body: loaderBody.optional(),
          querystring: z.object({ storeId: id.optional() }),
        },
      },
      (request) =>
        stores.process(caller(request), request.params.loaderId, request.body, request.query.storeId),
    );

    // ---- chunks
    app.get(
      `${PREFIX}/chunks/:storeId/:fileId/:pageNo`,
      {
        config: { access: VIEW },
        schema: {
          tags,
          summary: 'A page of chunks (50), of a loader or of the whole store ("all")',
          params: z.object({
            storeId: id,
            fileId: id,
            pageNo: z.coerce.number().int().min(1).max(1_000_000),
          }),
        },
      },
      (request) =>
        stores.chunkPage(
          caller(request).workspaceId,
          request.params.storeId,
          request.params.fileId,
          request.params.pageNo,
        ),
    );
    app.put(
      `${PREFIX}/chunks/:storeId/:loaderId/:chunkId`,
      {
        config: { access: can('documentStores:update') },
        schema: {
          tags,
          summary: "Edit a chunk's text and metadata",
          params: z.object({ storeId: id, loaderId: id, chunkId: id }),
          body: chunkEditBody,
        },
      },
      (request) =>
        stores.editChunk(
          caller(request),
          request.params.storeId,
          request.params.loaderId,
          request.params.chunkId,
          request.body,
        ),
    );
    app.delete(
      `${PREFIX}/chunks/:storeId/:loaderId/:chunkId`,
      {
        config: { access: can('documentStores:update', 'documentStores:delete') },
        schema: {
          tags,
          summary: 'Delete a chunk',
          params: z.object({ storeId: id, loaderId: id, chunkId: id }),
        },
      },
      (request) =>
        stores.deleteChunk(
          caller(request),
          request.params.storeId,
          request.params.loaderId,
          request.params.chunkId,
        ),
    );

    // ---- vector store
    app.post(
      `${PREFIX}/vectorstore/save`,
      {
        config: { access: UPSERT_CONFIG },
        schema: {
          tags,
          summary: 'Save the embeddings, vector store and record manager',
          body: vectorConfigBody,
        },
      },
      (request) => vectors.saveConfig(caller(request), request.body),
    );
    app.post(
      `${PREFIX}/vectorstore/insert`,
      {
        config: { access: UPSERT_CONFIG },
        schema: { tags, summary: "Embed the store's chunks into its vector store", body: vectorConfigBody },
      },
      (request) => vectors.insert(caller(request), request.body),
    );
    app.post(
      `${PREFIX}/vectorstore/update`,
      {
        config: { access: UPSERT_CONFIG },
        schema: { tags, summary: 'Replace the vector store settings', body: vectorUpdateBody },
      },
      (request) => vectors.updateVectorStore(caller(request), request.body),
    );
    app.post(
      `${PREFIX}/vectorstore/query`,
      {
        config: { access: VIEW },
        schema: { tags, summary: 'Retrieval playground: nearest chunks to a query', body: vectorQueryBody },
      },
      (request) => vectors.query(caller(request), request.body),
    );
    app.delete(
      `${PREFIX}/vectorstore/:storeId`,
      {
        config: { access: UPSERT_CONFIG },
        schema: {
          tags,
          summary: "Delete the store's vectors (one loader's with docId)",
          params: z.object({ storeId: id }),
          querystring: z.object({ docId: id.optional() }),
        },
      },
      (request) => vectors.deleteVectors(caller(request), request.params.storeId, request.query.docId),
    );

    // ---- knowledge description (the Agent node's wand)
    app.post(
      `${PREFIX}/generate-tool-desc/:id`,
      {
        config: { access: VIEW },
        schema: {
          tags,
          summary: "A sentence describing the store's contents, written by the chosen chat model",
          params: z.object({ id }),
          body: z.object({
            selectedChatModel: z.object({
              name: z.string().min(1, 'Choose a chat model').max(200),
              inputs: z.record(z.string(), z.unknown()).default({}),
              credential: z.string().max(100).optional(),
            }),
          }),
        },
      },
      (request) => vectors.describe(caller(request), request.params.id, request.body.selectedChatModel),
    );

    // ---- web scraper links (Manage Links)
    app.get(
      '/api/v1/fetch-links',
      {
        config: { access: can('documentStores:preview-process', 'chatflows:view', 'agentflows:view') },
        schema: {
          tags,
          summary: 'The pages of a site a web scraper would load (crawl or sitemap)',
          querystring: z.object({
            url: z.string().min(1, 'url is required').max(2000),
            relativeLinksMethod: z.enum(['webCrawl', 'scrapeXMLSitemap']).default('webCrawl'),
            limit: z.coerce.number().int().min(0).max(500).default(10),
          }),
        },
      },
      async (request) => {
        const { url, relativeLinksMethod, limit } = request.query;
        try {
          const links = await fetchLinks(http, url, relativeLinksMethod, limit);
          return { status: 'OK', links };
        } catch (error) {
          throw new AppError('BAD_REQUEST', error instanceof Error ? error.message : String(error));
        }
      },
    );

    // ---- upsert API
    const validUpsert = (value: unknown) => {
      const parsed = upsertApiBody.safeParse(value ?? {});
      if (parsed.success) return parsed.data;
      const issue = parsed.error.issues[0];
      throw new AppError(
        'BAD_REQUEST',
        issue?.message.startsWith('Error:')
          ? issue.message
          : `${issue?.path.join('.') ?? 'body'}: ${issue?.message ?? 'invalid'}`,
      );
    };
    const parseUpsert = async (request: FastifyRequest) => {
      if (!request.isMultipart()) return { body: validUpsert(request.body), files: [] as UploadedFile[] };
      const { fields, files } = await readUpsertForm(request, fileSizeLimit);
      const error = unsafeBodyError(fields);
      if (error) throw error;
      return { body: validUpsert(fields), files };
    };
    app.post(
      `${PREFIX}/upsert/:id`,
      {
        config: { access: can('documentStores:upsert-config', 'documentStores:preview-process') },
        schema: {
          tags,
          summary: 'Load, split and upsert documents into a store (JSON, or multipart with files)',
          params: z.object({ id }),
        },
      },
      async (request) => {
        const { body, files } = await parseUpsert(request);
        return upsertApi.upsert(caller(request), request.params.id, body, files);
      },
    );
    app.post(
      `${PREFIX}/refresh/:id`,
      {
        config: { access: can('documentStores:upsert-config', 'documentStores:preview-process') },
        schema: {
          tags,
          summary: 'Process and upsert every loader of a store again',
          params: z.object({ id }),
        },
      },
      (request) => upsertApi.refresh(caller(request), request.params.id, request.body),
    );
    for (const path of ['upsert', 'refresh'])
      app.post(
        `${PREFIX}/${path}/`,
        {
          config: { access: can('documentStores:upsert-config', 'documentStores:preview-process') },
          schema: { tags, summary: 'Needs a store id' },
        },
        () => {
          throw new AppError(
            'PRECONDITION_FAILED',
            `Error: documentStoreController.${path === 'upsert' ? 'upsertDocStoreMiddleware' : 'refreshDocStoreMiddleware'} - storeId not provided!`,
          );
        },
      );
  });
}
