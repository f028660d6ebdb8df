import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { can } from '../../http/access.js';
import { caller } from '../../http/auth-hook.js';
import type { ZodTypeProvider } from '../../http/zod-type-provider.js';
import type { UpsertHistoryService } from './upsert-history.service.js';

const ACCESS = can('chatflows:view', 'agentflows:view', 'assistants:view', 'documentStores:view');

/** A date query parameter, as the ISO text the history is compared with; a 400 when it is not a date. */
const isoDate = (name: string) =>
  z
    .string()
    .max(40)
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return undefined;
      const date = new Date(value);
      if (Number.isNaN(date.getTime())) {
        ctx.addIssue({
          code: 'custom',
          message: `${name} must be a date, like 2026-01-31 or 2026-01-31T12:00:00Z`,
        });
        return z.NEVER;
      }
      return date.toISOString();
    });

/** The upsert history of a flow or of a document store: read, and delete entries. */
export function registerUpsertHistoryRoutes(
  root: FastifyInstance,
  { history }: { history: UpsertHistoryService },
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['upsert-history'];

  app.get(
    '/api/v1/upsert-history/:id',
    {
      config: { access: ACCESS },
      schema: {
        tags,
        summary: 'Upserts of a flow or a document store: counts and the settings used',
        params: z.object({ id: z.string().min(1).max(100) }),
        querystring: z.object({
          order: z.enum(['ASC', 'DESC']).optional(),
          startDate: isoDate('startDate'),
          endDate: isoDate('endDate'),
        }),
      },
    },
    (request) => {
      const { order = 'ASC', startDate, endDate } = request.query;
      return history.list(caller(request), request.params.id, { order, startDate, endDate });
    },
  );

  app.patch(
    '/api/v1/upsert-history',
    {
      config: { access: can('chatflows:update', 'agentflows:update', 'documentStores:upsert-config') },
      schema: {
        tags,
        summary: 'Delete upsert history entries',
        body: z.object({
          ids: z.array(z.string().min(1).max(100)).min(1, 'Give the ids to delete').max(1000),
        }),
      },
    },
    (request) => history.remove(caller(request), request.body.ids),
  );
}
