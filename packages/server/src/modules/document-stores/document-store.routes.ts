import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { GuardedFetch, NodeRegistry } from '@flowloom/engine';
import type { ZodTypeProvider } from '../../http/zod-type-provider.js';
import type { ChunkService } from './chunk.service.js';
import type { DocumentStoreService } from './document-store.service.js';
import type { DocumentStoreVectors } from './document-store.vectors.js';
import { registerLoaderRoutes } from './loader.routes.js';
import type { LoaderService } from './loader.service.js';
import type { StoreState } from './store-state.js';
import { registerStoreRoutes } from './store.routes.js';
import type { UpsertApi } from './upsert-api.js';
import { registerVectorRoutes } from './vector.routes.js';

export interface DocumentStoreRoutesDeps {
  stores: DocumentStoreService;
  loaders: LoaderService;
  chunks: ChunkService;
  vectors: DocumentStoreVectors;
  upsertApi: UpsertApi;
  state: StoreState;
  registry: NodeRegistry;
  fileSizeLimit: number;
  bodyLimit: number;
  http: GuardedFetch;
}

/** Every document-store route (SPEC §2 Document Stores), in one scope that accepts multipart uploads. */
export function registerDocumentStoreRoutes(root: FastifyInstance, deps: DocumentStoreRoutesDeps) {
  void root.register(async (scope) => {
    // Only the upsert API reads multipart/form-data (files with their fields).
    await scope.register(fastifyMultipart, { limits: { fileSize: deps.fileSizeLimit } });
    const app = scope.withTypeProvider<ZodTypeProvider>();
    registerStoreRoutes(app, deps);
    registerLoaderRoutes(app, deps);
    registerVectorRoutes(app, deps);
  });
}
