import type { GuardedFetch } from '@flowloom/engine';
import { fetchLinks } from '@flowloom/nodes';
import { chunkEditBody, loaderBody } from '@flowloom/shared';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import { can } from '../../http/access.js';
import { caller } from '../../http/auth-hook.js';
import type { ChunkService } from './chunk.service.js';
import type { LoaderService } from './loader.service.js';
import {
  ROUTE_PREFIX as PREFIX,
  routeId as id,
  routeTags as tags,
  type DocumentStoreApp,
} from './route-kit.js';
import type { StoreState } from './store-state.js';

const PREVIEW = can('documentStores:preview-process');
/** How long Manage Links may crawl a site. */
const FETCH_LINKS_TIMEOUT_MS = 120_000;

/** A store's loaders (preview, save, process, delete), its chunks, and a web scraper's links. */
export function registerLoaderRoutes(
  app: DocumentStoreApp,
  {
    loaders,
    chunks,
    state,
    http,
  }: {
    loaders: LoaderService;
    chunks: ChunkService;
    state: StoreState;
    /** The guarded client flows use: web pages are read as a loader would read them. */
    http: GuardedFetch;
  },
) {
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
    (request) => loaders.deleteLoader(caller(request), request.params.id, request.params.loaderId),
  );
  app.post(
    `${PREFIX}/loader/preview`,
    {
      config: { access: PREVIEW },
      schema: { tags, summary: 'Load and split without saving: the first chunks', body: loaderBody },
    },
    (request) => loaders.preview(caller(request), request.body),
  );
  app.post(
    `${PREFIX}/loader/save`,
    {
      config: { access: PREVIEW },
      schema: { tags, summary: "Save a loader's settings (processed next)", body: loaderBody },
    },
    (request) => loaders.saveLoader(caller(request), request.body),
  );
  app.post(
    `${PREFIX}/loader/process/:loaderId`,
    {
      config: { access: PREVIEW },
      schema: {
        tags,
        summary: 'Load, split and save the chunks of a loader (answers the first page when done)',
        params: z.object({ loaderId: id }),
        body: loaderBody.nullish(),
        querystring: z.object({ storeId: id.optional() }),
      },
    },
    (request) =>
      loaders.process(caller(request), request.params.loaderId, request.body, request.query.storeId),
  );

  app.get(
    `${PREFIX}/chunks/:storeId/:fileId/:pageNo`,
    {
      config: { access: can('documentStores:view') },
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
      state.chunkPage(
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
      chunks.editChunk(
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
      chunks.deleteChunk(
        caller(request),
        request.params.storeId,
        request.params.loaderId,
        request.params.chunkId,
      ),
  );

  // Manage Links: from the store's loader dialog, or a web scraper node being edited on a canvas.
  app.get(
    '/api/v1/fetch-links',
    {
      config: { access: can('documentStores:preview-process', 'chatflows:update', 'agentflows:update') },
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
    async (request, reply) => {
      const { url, relativeLinksMethod, limit } = request.query;
      // The crawl stops when the caller leaves, or after two minutes.
      const left = new AbortController();
      reply.raw.once('close', () => left.abort());
      const signal = AbortSignal.any([left.signal, AbortSignal.timeout(FETCH_LINKS_TIMEOUT_MS)]);
      try {
        const links = await fetchLinks(http, url, relativeLinksMethod, limit, { signal });
        return { status: 'OK', links };
      } catch (error) {
        if (signal.aborted && left.signal.aborted) throw error;
        throw new AppError('BAD_REQUEST', error instanceof Error ? error.message : String(error));
      }
    },
  );
}
