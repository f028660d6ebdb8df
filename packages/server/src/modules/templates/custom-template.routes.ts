import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { createCustomTemplateBody, type CustomTemplate } from '@flowloom/shared';
import type { Db } from '../../db/database.js';
import { workspaceTable } from '../../db/workspace-table.js';
import { AppError } from '../../errors.js';
import { can } from '../../http/access.js';
import { caller } from '../../http/auth-hook.js';
import type { ZodTypeProvider } from '../../http/zod-type-provider.js';
import type { Clock } from '../../runtime.js';

/** Templates saved by users from their own flows and tools ("Save as template"). */
export function registerCustomTemplateRoutes(root: FastifyInstance, { db, clock }: { db: Db; clock: Clock }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const table = workspaceTable(db, 'custom_template', { column: 'updatedDate', direction: 'desc' });
  const tags = ['marketplaces'];

  app.get(
    '/api/v1/marketplaces/custom',
    {
      config: { access: can('templates:custom', 'templates:marketplace') },
      schema: { tags, summary: 'List custom templates' },
    },
    (request) => table.list(caller(request).workspaceId),
  );

  app.post(
    '/api/v1/marketplaces/custom',
    {
      config: { access: can('templates:flowexport', 'templates:toolexport') },
      schema: { tags, summary: 'Save a flow or a tool as a custom template', body: createCustomTemplateBody },
    },
    async (request, reply) => {
      const ctx = caller(request);
      const body = request.body;
      const isTool = body.type === 'Tool' || body.tool !== undefined;
      const needed = isTool ? 'templates:toolexport' : 'templates:flowexport';
      if (!ctx.isOrganizationAdmin && !ctx.permissions.has(needed))
        throw new AppError('FORBIDDEN', 'Forbidden');
      const at = clock.now().toISOString();
      const row: CustomTemplate = {
        id: randomUUID(),
        name: body.name,
        flowData: isTool
          ? JSON.stringify({
              iconSrc: body.tool?.iconSrc ?? null,
              schema: body.tool?.schema ?? null,
              func: body.tool?.func ?? null,
            })
          : body.flowData!,
        description: body.description ?? null,
        badge: body.badge ?? null,
        framework: body.framework ?? null,
        usecases: body.usecases ?? null,
        type: isTool ? 'Tool' : (body.type ?? 'Chatflow'),
        workspaceId: ctx.workspaceId,
        createdDate: at,
        updatedDate: at,
      };
      await table.insert(row);
      return reply.status(201).send(row);
    },
  );

  app.delete(
    '/api/v1/marketplaces/custom/:id',
    {
      config: { access: can('templates:custom-delete') },
      schema: { tags, summary: 'Delete a custom template', params: z.object({ id: z.string().min(1) }) },
    },
    async (request) => {
      if (!(await table.remove(caller(request).workspaceId, request.params.id))) {
        throw new AppError('NOT_FOUND', `Custom template ${request.params.id} not found`);
      }
      return { message: 'deleted' };
    },
  );
}
