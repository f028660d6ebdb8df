import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/database.js';
import { createUpsertHistoryRepository, type UpsertHistoryRepository } from './upsert-history.repository.js';
import { AppError } from '../../errors.js';
import { can } from '../../http/access.js';
import { caller } from '../../http/auth-hook.js';
import type { ZodTypeProvider } from '../../http/zod-type-provider.js';
import type { AuthContext } from '../auth/auth.service.js';
import { assertFlowAccess, type FlowAction } from '../chat-messages/flow-scope.js';

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

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * The upsert history of a flow or of a document store (Flowise keeps both under `chatflowid`; its
 * own read route only finds flows). A store needs `documentStores:view`, a flow its family's
 * permission; an id of another workspace is not found.
 */
async function assertOwnerAccess(
  db: Db,
  history: UpsertHistoryRepository,
  ctx: AuthContext,
  id: string,
  action: FlowAction,
) {
  if ((await history.storeWorkspace(id)) === ctx.workspaceId) {
    const permission = action === 'view' ? 'documentStores:view' : 'documentStores:upsert-config';
    if (!ctx.isOrganizationAdmin && !ctx.permissions.has(permission))
      throw new AppError('FORBIDDEN', 'Forbidden');
    return;
  }
  await assertFlowAccess(db, ctx, id, action);
}

export function registerUpsertHistoryRoutes(root: FastifyInstance, { db }: { db: Db }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['upsert-history'];
  const history = createUpsertHistoryRepository(db);

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
    async (request) => {
      const ctx = caller(request);
      await assertOwnerAccess(db, history, ctx, request.params.id, 'view');
      const { order = 'ASC', startDate, endDate } = request.query;
      const rows = await history.list(request.params.id, { order, startDate, endDate });
      return rows.map((row) => ({ ...row, result: parse(row.result), flowData: parse(row.flowData) }));
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
    async (request) => {
      const ctx = caller(request);
      const ids = [...new Set(request.body.ids)];
      const rows = await history.owners(ids);
      if (rows.length < ids.length)
        throw new AppError(
          'NOT_FOUND',
          `${ids.length - rows.length} of the upsert history entries were not found`,
        );
      for (const owner of new Set(rows.map((r) => r.chatflowid)))
        await assertOwnerAccess(db, history, ctx, owner, 'update');
      return { raw: [], affected: await history.remove(ids) };
    },
  );
}
