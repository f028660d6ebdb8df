import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { createMcpServerBody, updateMcpServerBody } from '@flowloom/shared';
import { can } from '../../http/access.js';
import { caller } from '../../http/auth-hook.js';
import type { ZodTypeProvider } from '../../http/zod-type-provider.js';
import type { McpServerService } from './mcp-server.service.js';

/** Configuring flows needs `chatflows:config` or `agentflows:config`; the service narrows it to the flow's family. */
const CONFIG = can('chatflows:config', 'agentflows:config');

/** `/api/v1/mcp-server/:id`: whether and how a flow is served over MCP (Flowise's routes and shapes). */
export function registerMcpServerRoutes(root: FastifyInstance, { mcp }: { mcp: McpServerService }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['mcp-server'];
  const params = z.object({ id: z.string().min(1) });

  app.get(
    '/api/v1/mcp-server/:id',
    {
      config: { access: CONFIG },
      schema: { tags, summary: 'How a flow is served over MCP (token masked)', params },
    },
    (request) => mcp.get(caller(request), request.params.id),
  );

  app.post(
    '/api/v1/mcp-server/:id',
    {
      config: { access: CONFIG },
      schema: {
        tags,
        summary: 'Serve a flow over MCP: answers its bearer token, in full this once',
        params,
        body: createMcpServerBody,
      },
    },
    async (request, reply) =>
      reply.code(201).send(await mcp.create(caller(request), request.params.id, request.body)),
  );

  app.put(
    '/api/v1/mcp-server/:id',
    {
      config: { access: CONFIG },
      schema: {
        tags,
        summary: 'Change the MCP tool name or description of a flow, or switch serving it on or off',
        params,
        body: updateMcpServerBody,
      },
    },
    (request) => mcp.update(caller(request), request.params.id, request.body),
  );

  app.delete(
    '/api/v1/mcp-server/:id',
    { config: { access: CONFIG }, schema: { tags, summary: 'Stop serving a flow over MCP', params } },
    async (request) => {
      await mcp.disable(caller(request), request.params.id);
      return { message: 'MCP server config disabled' };
    },
  );

  app.post(
    '/api/v1/mcp-server/:id/refresh',
    {
      config: { access: CONFIG },
      schema: {
        tags,
        summary: 'Rotate the bearer token of a flow served over MCP (the old one stops working)',
        params,
      },
    },
    (request) => mcp.refresh(caller(request), request.params.id),
  );
}
