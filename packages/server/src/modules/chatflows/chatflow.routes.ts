import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  createChatflowBody,
  listChatflowsQuery,
  paginationQuery,
  updateChatflowBody,
} from '@flowloom/shared';
import { can } from '../../http/access.js';
import { caller } from '../../http/auth-hook.js';
import { listOrPage } from '../../http/pagination.js';
import type { ZodTypeProvider } from '../../http/zod-type-provider.js';
import type { ChatflowService } from './chatflow.service.js';

const idParams = z.object({ id: z.string().min(1) });

/** Flow routes: the route checks "any flow family"; the service checks the family of the flow's type. */
export function registerChatflowRoutes(root: FastifyInstance, { chatflows }: { chatflows: ChatflowService }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['chatflows'];

  app.get(
    '/api/v1/chatflows',
    {
      config: { access: can('chatflows:view', 'agentflows:view', 'assistants:view') },
      schema: {
        tags,
        summary: 'List flows, newest change first',
        querystring: listChatflowsQuery.extend(paginationQuery.shape),
      },
    },
    (request) => {
      const ctx = caller(request);
      const { type } = request.query;
      return listOrPage(
        request.query,
        (range) => chatflows.list(ctx, type, range),
        () => chatflows.count(ctx, type),
      );
    },
  );

  app.get(
    '/api/v1/chatflows/:id',
    {
      config: { access: can('chatflows:view', 'agentflows:view', 'assistants:view') },
      schema: { tags, summary: 'One flow', params: idParams },
    },
    (request) => chatflows.get(caller(request), request.params.id),
  );

  app.post(
    '/api/v1/chatflows',
    {
      config: { access: can('chatflows:create', 'agentflows:create', 'assistants:create') },
      schema: { tags, summary: 'Create a flow', body: createChatflowBody },
    },
    async (request, reply) => reply.status(201).send(await chatflows.create(caller(request), request.body)),
  );

  app.put(
    '/api/v1/chatflows/:id',
    {
      config: { access: can('chatflows:update', 'agentflows:update', 'assistants:update') },
      schema: {
        tags,
        summary: 'Update a flow (fields not sent are kept)',
        params: idParams,
        body: updateChatflowBody,
      },
    },
    (request) => chatflows.update(caller(request), request.params.id, request.body),
  );

  app.delete(
    '/api/v1/chatflows/:id',
    {
      config: { access: can('chatflows:delete', 'agentflows:delete', 'assistants:delete') },
      schema: { tags, summary: 'Delete a flow and its messages', params: idParams },
    },
    async (request) => {
      await chatflows.remove(caller(request), request.params.id);
      return { message: 'deleted' };
    },
  );
}
