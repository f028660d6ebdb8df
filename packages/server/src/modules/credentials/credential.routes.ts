import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  createCredentialBody,
  paginationQuery,
  updateCredentialBody,
  type CredentialDefinition,
} from '@flowloom/shared';
import { AppError } from '../../errors.js';
import { can } from '../../http/access.js';
import { caller } from '../../http/auth-hook.js';
import { registerBulkDelete } from '../../http/bulk-delete.js';
import { listOrPage } from '../../http/pagination.js';
import type { ZodTypeProvider } from '../../http/zod-type-provider.js';
import type { CredentialService } from './credential.service.js';

const idParams = z.object({ id: z.string().min(1) });
const listQuery = paginationQuery.extend({
  credentialName: z.union([z.string(), z.array(z.string())]).optional(),
});

export function registerCredentialRoutes(
  root: FastifyInstance,
  {
    credentials,
    definitions,
  }: { credentials: CredentialService; definitions: readonly CredentialDefinition[] },
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['credentials'];

  app.get(
    '/api/v1/credentials',
    {
      config: { access: can('credentials:view') },
      schema: { tags, summary: 'List credentials (never their secret data)', querystring: listQuery },
    },
    (request) => {
      const ctx = caller(request);
      const { credentialName } = request.query;
      const names = credentialName === undefined ? undefined : [credentialName].flat();
      return listOrPage(
        names ? {} : request.query,
        (range) => credentials.list(ctx, names, range),
        () => credentials.count(ctx),
      );
    },
  );

  app.get(
    '/api/v1/credentials/:id',
    {
      config: { access: can('credentials:view') },
      schema: { tags, summary: 'One credential, secret fields redacted', params: idParams },
    },
    (request) => credentials.get(caller(request), request.params.id),
  );

  app.post(
    '/api/v1/credentials',
    {
      config: { access: can('credentials:create') },
      schema: { tags, summary: 'Create a credential', body: createCredentialBody },
    },
    async (request, reply) => reply.status(201).send(await credentials.create(caller(request), request.body)),
  );

  app.put(
    '/api/v1/credentials/:id',
    {
      config: { access: can('credentials:update') },
      schema: {
        tags,
        summary: 'Update a credential; redacted placeholders keep the stored values',
        params: idParams,
        body: updateCredentialBody,
      },
    },
    (request) => credentials.update(caller(request), request.params.id, request.body),
  );

  app.delete(
    '/api/v1/credentials/:id',
    {
      config: { access: can('credentials:delete') },
      schema: { tags, summary: 'Delete a credential', params: idParams },
    },
    async (request) => {
      await credentials.remove(caller(request), request.params.id);
      return { message: 'deleted' };
    },
  );

  registerBulkDelete(app, {
    path: '/api/v1/credentials',
    tag: 'credentials',
    plural: 'credentials',
    permission: 'credentials:delete',
    removeAll: (ctx, ids) => credentials.removeAll(ctx, ids),
  });

  app.get(
    '/api/v1/components-credentials',
    {
      config: { access: can('credentials:view', 'credentials:create') },
      schema: { tags, summary: 'Every credential type and its fields' },
    },
    () => definitions,
  );

  app.get(
    '/api/v1/components-credentials/:name',
    {
      config: { access: can('credentials:view', 'credentials:create') },
      schema: {
        tags,
        summary: 'One credential type ("a&b" returns several)',
        params: z.object({ name: z.string().min(1) }),
      },
    },
    (request) => {
      const names = request.params.name.split('&').filter(Boolean);
      const found = definitions.filter((d) => names.includes(d.name));
      if (found.length === 0)
        throw new AppError('NOT_FOUND', `Credential type ${request.params.name} not found`);
      return names.length === 1 ? found[0] : found;
    },
  );
}
