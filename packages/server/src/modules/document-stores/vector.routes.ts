import type { FastifyRequest } from 'fastify';
import { vectorConfigBody, vectorQueryBody, vectorUpdateBody } from '@flowloom/shared';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import { can } from '../../http/access.js';
import { caller } from '../../http/auth-hook.js';
import { readMultipart, type UploadedFile } from '../../http/multipart.js';
import type { DocumentStoreVectors } from './document-store.vectors.js';
import {
  ROUTE_PREFIX as PREFIX,
  routeId as id,
  routeTags as tags,
  type DocumentStoreApp,
} from './route-kit.js';
import { refreshBody, upsertApiBody, type UpsertApi } from './upsert-api.js';

const UPSERT_CONFIG = can('documentStores:upsert-config');
/** The upsert API's route access; the service then asks for both permissions (it saves, processes, upserts). */
const UPSERT_API = can('documentStores:upsert-config', 'documentStores:preview-process');

/** The upsert API's fields, or a 400 saying which is wrong (Flowise's "Error: Invalid …" as it words them). */
function validUpsert(value: unknown) {
  const parsed = upsertApiBody.safeParse(value ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new AppError(
    'BAD_REQUEST',
    issue?.message.startsWith('Error:')
      ? issue.message
      : `${issue?.path.join('.') ?? 'body'}: ${issue?.message ?? 'invalid'}`,
  );
}

/** Vector configuration, upsert, retrieval playground, deletion, the knowledge wand, the upsert API. */
export function registerVectorRoutes(
  app: DocumentStoreApp,
  {
    vectors,
    upsertApi,
    fileSizeLimit,
    bodyLimit,
  }: {
    vectors: DocumentStoreVectors;
    upsertApi: UpsertApi;
    /** The most one uploaded file may weigh, and all of a request's files together. */
    fileSizeLimit: number;
    bodyLimit: number;
  },
) {
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
      config: { access: can('documentStores:view') },
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

  // The Agent node's wand: a sentence describing the store, for its knowledge description.
  app.post(
    `${PREFIX}/generate-tool-desc/:id`,
    {
      config: { access: can('documentStores:view') },
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

  const parseUpsert = async (request: FastifyRequest) => {
    if (!request.isMultipart()) return { body: validUpsert(request.body), files: [] as UploadedFile[] };
    const { fields, files } = await readMultipart(request, {
      fileLimit: fileSizeLimit,
      totalLimit: bodyLimit,
    });
    return { body: validUpsert(fields), files };
  };
  app.post(
    `${PREFIX}/upsert/:id`,
    {
      config: { access: UPSERT_API },
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
      config: { access: UPSERT_API },
      schema: { tags, summary: 'Process and upsert every loader of a store again', params: z.object({ id }) },
    },
    (request) => {
      const parsed = refreshBody.safeParse(request.body);
      if (!parsed.success)
        throw new AppError('BAD_REQUEST', parsed.error.issues[0]?.message ?? 'Invalid refresh body');
      return upsertApi.refresh(caller(request), request.params.id, parsed.data);
    },
  );
  for (const path of ['upsert', 'refresh'])
    app.post(
      `${PREFIX}/${path}/`,
      { config: { access: UPSERT_API }, schema: { tags, summary: 'Needs a store id' } },
      () => {
        throw new AppError(
          'PRECONDITION_FAILED',
          `Error: documentStoreController.${path === 'upsert' ? 'upsertDocStoreMiddleware' : 'refreshDocStoreMiddleware'} - storeId not provided!`,
        );
      },
    );
}
