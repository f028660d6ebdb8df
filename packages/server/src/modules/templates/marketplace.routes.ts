import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { createCustomTemplateBody } from '@flowloom/shared';
import { AppError } from '../../errors.js';
import { can } from '../../http/access.js';
import { caller } from '../../http/auth-hook.js';
import type { ZodTypeProvider } from '../../http/zod-type-provider.js';
import type { CustomTemplateService } from './custom-template.service.js';
import type { MarketplaceService } from './marketplace.service.js';

/** Marketplace routes (SHARING.md §1.1, §1.2): community templates and the workspace's own. */
export function registerMarketplaceRoutes(
  root: FastifyInstance,
  { templates, marketplace }: { templates: CustomTemplateService; marketplace: MarketplaceService },
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['marketplaces'];

  app.get(
    '/api/v1/marketplaces/templates',
    {
      config: { access: can('templates:marketplace') },
      schema: { tags, summary: 'List the community templates (flows and tools)' },
    },
    () => marketplace.list(),
  );

  app.get(
    '/api/v1/marketplaces/custom',
    {
      config: { access: can('templates:custom') },
      schema: { tags, summary: 'List the custom templates of the workspace' },
    },
    (request) => templates.list(caller(request)),
  );

  app.post(
    '/api/v1/marketplaces/custom',
    {
      config: { access: can('templates:flowexport', 'templates:toolexport') },
      schema: { tags, summary: 'Save a flow or a tool as a custom template', body: createCustomTemplateBody },
    },
    (request) => templates.create(caller(request), request.body ?? {}),
  );

  app.delete(
    '/api/v1/marketplaces/custom/:id',
    {
      config: { access: can('templates:custom-delete') },
      schema: {
        tags,
        summary: 'Delete a custom template',
        params: z.object({ id: z.string().max(100) }),
      },
    },
    (request) => {
      if (!request.params.id)
        throw new AppError(
          'PRECONDITION_FAILED',
          'Error: marketplacesController.deleteCustomTemplate - id not provided!',
        );
      return templates.remove(caller(request), request.params.id);
    },
  );

  app.delete(
    '/api/v1/marketplaces/custom',
    {
      config: { access: can('templates:custom-delete') },
      schema: { tags, summary: 'Delete a custom template (id missing: refused)' },
    },
    () => {
      throw new AppError(
        'PRECONDITION_FAILED',
        'Error: marketplacesController.deleteCustomTemplate - id not provided!',
      );
    },
  );
}
