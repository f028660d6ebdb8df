import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  assistantCredentialQuery,
  assistantVectorStoreBody,
  assistantVectorStoreFilesBody,
} from '@flowloom/shared';
import { AppError } from '../../errors.js';
import { can } from '../../http/access.js';
import { caller } from '../../http/auth-hook.js';
import { readMultipart } from '../../http/multipart.js';
import type { ZodTypeProvider } from '../../http/zod-type-provider.js';
import type { OpenAIAssistantsService } from './openai-assistants.service.js';

const idParams = z.object({ id: z.string().trim().min(1).max(100) });
/** Most files one upload may carry (OpenAI's file batches take up to 500; the dialog sends a few). */
const MAX_UPLOAD_FILES = 20;

/**
 * The OpenAI side of assistants, with a stored credential named by `?credential=` (Flowise's routes):
 * `/openai-assistants` (the account's assistants), `/openai-assistants-file/upload` (files for a code
 * interpreter) and `/openai-assistants-vector-store` (vector stores and their files).
 */
export function registerOpenAIAssistantRoutes(
  root: FastifyInstance,
  deps: {
    openAI: OpenAIAssistantsService;
    /** The most one uploaded file may weigh, and all of a request's files together. */
    fileSizeLimit: number;
    bodyLimit: number;
  },
) {
  const { openAI } = deps;
  const tags = ['assistants'];
  const VIEW = can('assistants:view');
  const SAVE = can('assistants:create', 'assistants:update');

  async function uploads(request: FastifyRequest) {
    if (!request.isMultipart())
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the files as multipart/form-data (field "files")');
    const { files } = await readMultipart(request, {
      fileLimit: deps.fileSizeLimit,
      totalLimit: deps.bodyLimit,
      maxFiles: MAX_UPLOAD_FILES,
    });
    return files;
  }

  void root.register(async (scope) => {
    // Only the two upload routes read multipart/form-data.
    await scope.register(fastifyMultipart, { limits: { fileSize: deps.fileSizeLimit } });
    const app = scope.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/api/v1/openai-assistants',
      {
        config: { access: VIEW },
        schema: {
          tags,
          summary: 'The assistants of the OpenAI account behind a credential',
          querystring: assistantCredentialQuery,
        },
      },
      (request) => openAI.list(caller(request), request.query.credential),
    );
    app.get(
      '/api/v1/openai-assistants/:id',
      {
        config: { access: VIEW },
        schema: {
          tags,
          summary: 'One assistant at OpenAI, with the files of its code interpreter and vector store',
          params: idParams,
          querystring: assistantCredentialQuery,
        },
      },
      (request) => openAI.get(caller(request), request.query.credential, request.params.id),
    );

    app.post(
      '/api/v1/openai-assistants-file/upload',
      {
        config: { access: SAVE },
        schema: {
          tags,
          summary: 'Upload files for assistants (multipart field "files"); answers OpenAI file objects',
          querystring: assistantCredentialQuery,
        },
      },
      async (request) =>
        openAI.uploadFiles(caller(request), request.query.credential, await uploads(request)),
    );

    const STORES = '/api/v1/openai-assistants-vector-store';
    app.get(
      STORES,
      {
        config: { access: VIEW },
        schema: {
          tags,
          summary: 'The vector stores of the OpenAI account',
          querystring: assistantCredentialQuery,
        },
      },
      (request) => openAI.vectorStores.list(caller(request), request.query.credential),
    );
    app.get(
      `${STORES}/:id`,
      {
        config: { access: VIEW },
        schema: {
          tags,
          summary: 'One vector store',
          params: idParams,
          querystring: assistantCredentialQuery,
        },
      },
      (request) => openAI.vectorStores.get(caller(request), request.query.credential, request.params.id),
    );
    app.post(
      STORES,
      {
        config: { access: can('assistants:create') },
        schema: {
          tags,
          summary: 'Create a vector store {name?, expires_after?}',
          querystring: assistantCredentialQuery,
          body: assistantVectorStoreBody,
        },
      },
      (request) => openAI.vectorStores.create(caller(request), request.query.credential, request.body),
    );
    app.put(
      `${STORES}/:id`,
      {
        config: { access: SAVE },
        schema: {
          tags,
          summary: 'Rename a vector store or change its expiry; answers it with its files',
          params: idParams,
          querystring: assistantCredentialQuery,
          body: assistantVectorStoreBody,
        },
      },
      (request) =>
        openAI.vectorStores.update(
          caller(request),
          request.query.credential,
          request.params.id,
          request.body,
        ),
    );
    app.delete(
      `${STORES}/:id`,
      {
        config: { access: can('assistants:delete') },
        schema: {
          tags,
          summary: 'Delete a vector store at OpenAI',
          params: idParams,
          querystring: assistantCredentialQuery,
        },
      },
      (request) => openAI.vectorStores.remove(caller(request), request.query.credential, request.params.id),
    );
    app.post(
      `${STORES}/:id`,
      {
        config: { access: SAVE },
        schema: {
          tags,
          summary:
            'Upload files into a vector store (multipart field "files"); answers the files once indexed',
          params: idParams,
          querystring: assistantCredentialQuery,
        },
      },
      async (request) =>
        openAI.vectorStores.upload(
          caller(request),
          request.query.credential,
          request.params.id,
          await uploads(request),
        ),
    );
    app.patch(
      `${STORES}/:id`,
      {
        config: { access: can('assistants:update') },
        schema: {
          tags,
          summary: 'Remove files from a vector store {file_ids}',
          params: idParams,
          querystring: assistantCredentialQuery,
          body: assistantVectorStoreFilesBody,
        },
      },
      (request) =>
        openAI.vectorStores.removeFiles(
          caller(request),
          request.query.credential,
          request.params.id,
          request.body.file_ids,
        ),
    );
  });
}
