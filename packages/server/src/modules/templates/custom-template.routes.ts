import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { createCustomTemplateBody } from '@flowloom/shared';
import { can } from '../../http/access.js';
import { caller } from '../../http/auth-hook.js';
import type { ZodTypeProvider } from '../../http/zod-type-provider.js';
import type { CustomTemplateService } from './custom-template.service.js';

export function registerCustomTemplateRoutes(
  root: FastifyInstance,
  { templates }: { templates: CustomTemplateService },
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['marketplaces'];

  app.get(
    '/api/v1/marketplaces/custom',
    {
      config: { access: can('templates:custom', 'templates:marketplace') },
      schema: { tags, summary: 'List custom templates' },
    },
    (request) => templates.list(caller(request)),
  );

  app.post(
    '/api/v1/marketplaces/custom',
    {
      config: { access: can('templates:flowexport', 'templates:toolexport') },
      schema: { tags, summary: 'Save a flow or a tool as a custom template', body: createCustomTemplateBody },
    },
    async (request, reply) => reply.status(201).send(await templates.create(caller(request), request.body)),
  );

  app.delete(
    '/api/v1/marketplaces/custom/:id',
    {
      config: { access: can('templates:custom-delete') },
      schema: { tags, summary: 'Delete a custom template', params: z.object({ id: z.string().min(1) }) },
    },
    async (request) => {
      await templates.remove(caller(request), request.params.id);
      return { message: 'deleted' };
    },
  );
}
