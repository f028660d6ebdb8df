import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { can } from '../../http/access.js';
import { caller } from '../../http/auth-hook.js';
import type { ZodTypeProvider } from '../../http/zod-type-provider.js';
import type { AuthContext } from '../auth/auth.service.js';
import { assertFlowAccess, type FlowAction } from '../chat-messages/flow-scope.js';

const ACCESS = can('chatflows:view', 'agentflows:view', 'assistants:view', 'documentStores:view');

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
async function assertOwnerAccess(db: Db, ctx: AuthContext, id: string, action: FlowAction) {
  const store = await db
    .selectFrom('document_store')
    .select('workspaceId')
    .where('id', '=', id)
    .executeTakeFirst();
  if (store?.workspaceId === ctx.workspaceId) {
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
          startDate: z.string().max(40).optional(),
          endDate: z.string().max(40).optional(),
        }),
      },
    },
    async (request) => {
      const ctx = caller(request);
      await assertOwnerAccess(db, ctx, request.params.id, 'view');
      const { order = 'ASC', startDate, endDate } = request.query;
      let query = db.selectFrom('upsert_history').selectAll().where('chatflowid', '=', request.params.id);
      if (startDate) query = query.where('date', '>=', new Date(startDate).toISOString());
      if (endDate) query = query.where('date', '<=', new Date(endDate).toISOString());
      const rows = await query.orderBy('date', order === 'DESC' ? 'desc' : 'asc').execute();
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
      const rows = await db
        .selectFrom('upsert_history')
        .select(['id', 'chatflowid'])
        .where('id', 'in', ids)
        .execute();
      if (rows.length < ids.length)
        throw new AppError(
          'NOT_FOUND',
          `${ids.length - rows.length} of the upsert history entries were not found`,
        );
      for (const owner of new Set(rows.map((r) => r.chatflowid)))
        await assertOwnerAccess(db, ctx, owner, 'update');
      const result = await db.deleteFrom('upsert_history').where('id', 'in', ids).executeTakeFirst();
      return { raw: [], affected: Number(result.numDeletedRows) };
    },
  );
}
