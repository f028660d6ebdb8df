import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { stripCredentialIds } from '@flowloom/shared';
import { AppError } from '../../errors.js';
import { PUBLIC, can } from '../../http/access.js';
import { caller } from '../../http/auth-hook.js';
import type { ZodTypeProvider } from '../../http/zod-type-provider.js';
import type { ExecutionRepository, ExecutionRow } from './execution.repository.js';

const STATES = ['INPROGRESS', 'FINISHED', 'ERROR', 'TERMINATED', 'TIMEOUT', 'STOPPED'] as const;

/** An execution on the wire: the trace parsed, booleans as booleans, no credential ids. */
function toWire(row: ExecutionRow & { agentflowName?: string; agentflowType?: string }) {
  const { agentflowName, agentflowType, ...rest } = row;
  let executionData: unknown = [];
  try {
    executionData = JSON.parse(row.executionData) as unknown;
  } catch {
    executionData = [];
  }
  return {
    ...rest,
    executionData: stripCredentialIds(executionData),
    isPublic: row.isPublic === 1,
    ...(agentflowName !== undefined && {
      agentflow: { id: row.agentflowId, name: agentflowName, type: agentflowType },
    }),
  };
}

const listQuery = z.object({
  id: z.string().optional(),
  agentflowId: z.string().optional(),
  agentflowName: z.string().max(255).optional(),
  sessionId: z.string().optional(),
  state: z.enum(STATES, { message: `state must be one of ${STATES.join(', ')}` }).optional(),
  startDate: z.string().datetime({ message: 'startDate must be an ISO date-time' }).optional(),
  endDate: z.string().datetime({ message: 'endDate must be an ISO date-time' }).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(1000).default(12),
});

/** Agentflow executions: list, detail, share, delete (AGENTFLOW_V2.md §3). */
export function registerExecutionRoutes(
  root: FastifyInstance,
  { executions }: { executions: ExecutionRepository },
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['executions'];
  const idParams = z.object({ id: z.string() });

  app.get(
    '/api/v1/executions',
    {
      config: { access: can('executions:view') },
      schema: {
        tags,
        summary: 'Executions, newest change first, filtered and paginated',
        querystring: listQuery,
      },
    },
    async (request) => {
      const { page, limit, ...rest } = request.query;
      const filter = { workspaceId: caller(request).workspaceId, ...rest };
      const [rows, total] = await Promise.all([
        executions.list(filter, (page - 1) * limit, limit),
        executions.count(filter),
      ]);
      return { data: rows.map(toWire), total };
    },
  );

  app.get(
    '/api/v1/executions/:id',
    {
      config: { access: can('executions:view') },
      schema: { tags, summary: 'One execution with its trace', params: idParams },
    },
    async (request) => {
      const row = await executions.find(caller(request).workspaceId, request.params.id);
      if (!row) throw new AppError('NOT_FOUND', `Execution ${request.params.id} not found`);
      return toWire(row);
    },
  );

  app.put(
    '/api/v1/executions/:id',
    {
      config: { access: can('executions:update') },
      schema: {
        tags,
        summary: 'Share an execution publicly, or stop sharing it',
        params: idParams,
        body: z.object({ isPublic: z.boolean({ message: 'isPublic must be true or false' }) }),
      },
    },
    async (request) => {
      const ctx = caller(request);
      const row = await executions.find(ctx.workspaceId, request.params.id);
      if (!row) throw new AppError('NOT_FOUND', `Execution ${request.params.id} not found`);
      await executions.update(row.id, {
        isPublic: request.body.isPublic ? 1 : 0,
        updatedDate: new Date().toISOString(),
      });
      return toWire({ ...(await executions.find(ctx.workspaceId, row.id))! });
    },
  );

  app.delete(
    '/api/v1/executions/:id',
    {
      config: { access: can('executions:delete') },
      schema: { tags, summary: 'Delete an execution', params: idParams },
    },
    async (request) => {
      const deleted = await executions.remove(caller(request).workspaceId, [request.params.id]);
      if (deleted === 0) throw new AppError('NOT_FOUND', `Execution ${request.params.id} not found`);
      return { deleted };
    },
  );

  app.delete(
    '/api/v1/executions',
    {
      config: { access: can('executions:delete') },
      schema: {
        tags,
        summary: 'Delete several executions',
        body: z.object({
          executionIds: z.array(z.string()).min(1, 'executionIds must list at least one id').max(1000),
        }),
      },
    },
    async (request) => ({
      deleted: await executions.remove(caller(request).workspaceId, request.body.executionIds),
    }),
  );

  app.get(
    '/api/v1/public-executions/:id',
    {
      config: { access: PUBLIC },
      schema: { tags, summary: 'A shared execution (404 unless shared)', params: idParams },
    },
    async (request) => {
      const row = await executions.findPublic(request.params.id);
      if (!row) throw new AppError('NOT_FOUND', `Execution ${request.params.id} not found`);
      return toWire(row);
    },
  );
}
