import type { NodeRegistry } from '@flowloom/engine';
import { createDocumentStoreBody, paginationQuery, updateDocumentStoreBody } from '@flowloom/shared';
import { z } from 'zod';
import { can } from '../../http/access.js';
import { caller } from '../../http/auth-hook.js';
import { describeNode } from '../nodes/node.routes.js';
import { ROUTE_PREFIX, routeId as id, routeTags as tags, type DocumentStoreApp } from './route-kit.js';
import type { DocumentStoreService } from './document-store.service.js';
import { storeConfigs } from './store-configs.js';
import type { StoreState } from './store-state.js';

const PREFIX = ROUTE_PREFIX;
const VIEW = can('documentStores:view');

/** Loaders the store page offers (Flowise leaves out those that read stores, folders or vectors). */
const NOT_STORE_LOADERS = new Set([
  'documentStore',
  'vectorStoreToDocument',
  'unstructuredFolderLoader',
  'folderFiles',
]);
/** Vector stores the store page offers: not those that read a store or keep nothing. */
const NOT_STORE_VECTOR_STORES = new Set(['documentStoreVS', 'memoryVectorStore', 'faiss']);

/** The stores themselves, what the upsert API may override, and the components a store can use. */
export function registerStoreRoutes(
  app: DocumentStoreApp,
  { stores, state, registry }: { stores: DocumentStoreService; state: StoreState; registry: NodeRegistry },
) {
  const components = (category: string, skip: Set<string> = new Set()) =>
    [...registry.values()]
      .filter(
        (t) =>
          t.definition.category === category &&
          !skip.has(t.definition.name) &&
          !t.definition.tags?.includes('LlamaIndex'),
      )
      .map(describeNode);

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
        summary: 'Delete a document store with its chunks, files and own vectors',
        params: z.object({ id }),
      },
    },
    (request) => stores.remove(caller(request), request.params.id),
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
      const row = await state.load(caller(request), request.params.id);
      return storeConfigs(registry, row, state.findLoader(row, request.params.loaderId));
    },
  );

  app.get(
    `${PREFIX}/components/loaders`,
    {
      config: { access: can('documentStores:add-loader', 'documentStores:view') },
      schema: { tags, summary: 'Document loaders a store can use' },
    },
    () => components('Document Loaders', NOT_STORE_LOADERS),
  );
  for (const [path, category, skip] of [
    ['embeddings', 'Embeddings', undefined],
    ['vectorstore', 'Vector Stores', NOT_STORE_VECTOR_STORES],
    ['recordmanager', 'Record Manager', undefined],
  ] as const)
    app.get(
      `${PREFIX}/components/${path}`,
      {
        config: { access: can('documentStores:upsert-config', 'documentStores:view') },
        schema: { tags, summary: `${category} a store can use` },
      },
      () => components(category, skip),
    );
}
