import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { createApiKeyBody, paginationQuery, updateApiKeyBody } from '@flowloom/shared';
import { AppError } from '../../errors.js';
import { PUBLIC, can } from '../../http/access.js';
import { caller } from '../../http/auth-hook.js';
import { registerBulkDelete } from '../../http/bulk-delete.js';
import type { ZodTypeProvider } from '../../http/zod-type-provider.js';
import type { ApiKeyService } from './apikey.service.js';

const idParams = z.object({ id: z.string().min(1) });

export function registerApiKeyRoutes(root: FastifyInstance, { apiKeys }: { apiKeys: ApiKeyService }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['apikeys'];

  app.get(
    '/api/v1/apikey',
    {
      config: { access: can('apikeys:view') },
      schema: { tags, summary: 'List API keys (masked)', querystring: paginationQuery },
    },
    (request) => {
      const { page, limit } = request.query;
      return page !== undefined && limit !== undefined
        ? apiKeys.page(caller(request), page, limit)
        : apiKeys.list(caller(request));
    },
  );

  app.post(
    '/api/v1/apikey',
    {
      config: { access: can('apikeys:create') },
      schema: {
        tags,
        summary: 'Create an API key: the answer is the key list, with the new key in full (shown this once)',
        body: createApiKeyBody,
      },
    },
    async (request, reply) =>
      reply.status(201).send((await apiKeys.create(caller(request), request.body)).list),
  );

  app.put(
    '/api/v1/apikey/:id',
    {
      config: { access: can('apikeys:update') },
      schema: {
        tags,
        summary: 'Rename a key or change its permissions',
        params: idParams,
        body: updateApiKeyBody,
      },
    },
    (request) => apiKeys.update(caller(request), request.params.id, request.body),
  );

  app.delete(
    '/api/v1/apikey/:id',
    {
      config: { access: can('apikeys:delete') },
      schema: { tags, summary: 'Delete an API key', params: idParams },
    },
    async (request) => {
      await apiKeys.remove(caller(request), request.params.id);
      return apiKeys.list(caller(request));
    },
  );
  registerBulkDelete(app, {
    path: '/api/v1/apikey',
    tag: 'apikeys',
    plural: 'API keys',
    permission: 'apikeys:delete',
    removeAll: (ctx, ids) => apiKeys.removeAll(ctx, ids),
  });

  app.get(
    '/api/v1/verify/apikey/:apikey',
    {
      config: { access: PUBLIC, rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Check an API key: "OK", or 401',
        params: z.object({ apikey: z.string().min(1) }),
      },
    },
    async (request) => {
      if (!(await apiKeys.verify(request.params.apikey)))
        throw new AppError('UNAUTHORIZED', 'Unauthorized Access', {
          extra: { error: 'Unauthorized Access' },
        });
      return 'OK';
    },
  );
}
