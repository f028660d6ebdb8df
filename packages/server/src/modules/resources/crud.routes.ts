import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { paginationQuery, type Permission } from '@flowloom/shared';
import { can } from '../../http/access.js';
import { caller } from '../../http/auth-hook.js';
import { registerBulkDelete } from '../../http/bulk-delete.js';
import { listOrPage } from '../../http/pagination.js';
import type { ZodTypeProvider } from '../../http/zod-type-provider.js';
import type { AuthContext } from '../auth/auth.service.js';

interface CrudService<Create, Update> {
  list(ctx: AuthContext, range?: { offset: number; limit: number }): Promise<unknown[]>;
  count(ctx: AuthContext): Promise<number>;
  get(ctx: AuthContext, id: string): Promise<unknown>;
  create(ctx: AuthContext, body: Create): Promise<unknown>;
  update(ctx: AuthContext, id: string, body: Update): Promise<unknown>;
  remove(ctx: AuthContext, id: string): Promise<void>;
  removeAll(ctx: AuthContext, ids: readonly string[]): Promise<{ deleted: number; missing: number }>;
}

/**
 * The routes of a plain workspace resource: list (paginated), get, create, update, delete, and
 * delete several at once.
 */
export function registerCrudRoutes<CreateSchema extends z.ZodType, UpdateSchema extends z.ZodType>(
  root: FastifyInstance,
  options: {
    path: string;
    tag: string;
    noun: string;
    permissions: { view: Permission; create: Permission; update: Permission; delete: Permission };
    createBody: CreateSchema;
    updateBody: UpdateSchema;
    service: CrudService<z.output<CreateSchema>, z.output<UpdateSchema>>;
  },
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { path, permissions, service, noun } = options;
  const tags = [options.tag];
  const idParams = z.object({ id: z.string().min(1) });

  app.get(
    path,
    {
      config: { access: can(permissions.view) },
      schema: { tags, summary: `List ${noun}s`, querystring: paginationQuery },
    },
    (request) => {
      const ctx = caller(request);
      return listOrPage(
        request.query,
        (range) => service.list(ctx, range),
        () => service.count(ctx),
      );
    },
  );
  app.get(
    `${path}/:id`,
    { config: { access: can(permissions.view) }, schema: { tags, summary: `One ${noun}`, params: idParams } },
    (request) => service.get(caller(request), request.params.id),
  );
  app.post(
    path,
    {
      config: { access: can(permissions.create) },
      schema: { tags, summary: `Create a ${noun}`, body: options.createBody },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(caller(request), request.body as z.output<CreateSchema>)),
  );
  app.put(
    `${path}/:id`,
    {
      config: { access: can(permissions.update) },
      schema: { tags, summary: `Update a ${noun}`, params: idParams, body: options.updateBody },
    },
    (request) => service.update(caller(request), request.params.id, request.body as z.output<UpdateSchema>),
  );
  app.delete(
    `${path}/:id`,
    {
      config: { access: can(permissions.delete) },
      schema: { tags, summary: `Delete a ${noun}`, params: idParams },
    },
    async (request) => {
      await service.remove(caller(request), request.params.id);
      return { message: 'deleted' };
    },
  );
  registerBulkDelete(root, {
    path,
    tag: options.tag,
    plural: `${noun}s`,
    permission: permissions.delete,
    removeAll: (ctx, ids) => service.removeAll(ctx, ids),
  });
}
