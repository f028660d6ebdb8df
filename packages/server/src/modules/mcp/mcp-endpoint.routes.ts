import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { PUBLIC } from '../../http/access.js';
import type { ZodTypeProvider } from '../../http/zod-type-provider.js';
import type { PredictionService } from '../predictions/prediction.service.js';
import { flowMcpServer, type FlowToolDeps } from './flow-tool.js';
import type { McpServerService } from './mcp-server.service.js';

/** JSON-RPC messages to a flow are small: a question or a form (Flowise allows 1 MB too). */
const MCP_BODY_LIMIT = 1024 * 1024;

function bearerToken(request: FastifyRequest): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}

/** A refusal in JSON-RPC's shape, which MCP clients show (Flowise's codes and words). */
function rpcError(reply: FastifyReply, status: number, message: string, code = -32001) {
  return reply.code(status).send({ jsonrpc: '2.0', error: { code, message }, id: null });
}

/**
 * `/api/v1/mcp/:flowId`: a flow served as an MCP server over Streamable HTTP, stateless (a fresh
 * SDK server and transport per request), reached with the flow's own bearer token. A flow not served
 * (off, or never switched on) is 404; a missing or wrong token is 401.
 */
export function registerMcpEndpointRoutes(
  root: FastifyInstance,
  { mcp, predictions }: { mcp: McpServerService; predictions: PredictionService },
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['mcp'];
  const params = z.object({ flowId: z.string().min(1) });
  const deps: FlowToolDeps = { predictions, flowData: (id) => mcp.flowData(id), logger: root.log };

  app.post(
    '/api/v1/mcp/:flowId',
    {
      config: { access: PUBLIC },
      bodyLimit: MCP_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'A flow as an MCP server (Streamable HTTP JSON-RPC: initialize, tools/list, tools/call); Authorization: Bearer <its MCP token>',
        params,
      },
    },
    async (request, reply) => {
      const token = bearerToken(request);
      if (!token)
        return rpcError(
          reply,
          401,
          'Unauthorized: missing or invalid Authorization header. Use Bearer <token>.',
        );
      const served = await mcp.authenticate(request.params.flowId, token);
      if (served === 'missing') return rpcError(reply, 404, 'MCP server not found');
      if (served === 'unauthorized') return rpcError(reply, 401, 'Unauthorized');
      // The flow's own rate limit counts MCP requests too.
      const refused = predictions.rateLimit(await predictions.load(served.flow.id), request.ip);
      if (refused)
        return rpcError(reply.header('Retry-After', String(refused.retryAfter)), 429, refused.message);

      const server = await flowMcpServer(served, deps);
      const { StreamableHTTPServerTransport } =
        await import('@modelcontextprotocol/sdk/server/streamableHttp.js');
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      });
      reply.hijack();
      // Closing the server aborts a call still running: a client that goes away stops the flow it started.
      reply.raw.on('close', () => void server.close());
      try {
        await server.connect(transport);
        await transport.handleRequest(request.raw, reply.raw, request.body);
      } catch (error) {
        request.log.error({ err: error }, 'MCP request failed');
        if (!reply.raw.headersSent)
          reply.raw.writeHead(500, { 'content-type': 'application/json' }).end(
            JSON.stringify({
              jsonrpc: '2.0',
              error: { code: -32603, message: 'Internal error' },
              id: null,
            }),
          );
      }
      return reply;
    },
  );

  // Stateless: no server-sent stream to open, no session to end (the SDK client accepts 405 for both).
  for (const method of ['GET', 'DELETE'] as const) {
    app.route({
      method,
      url: '/api/v1/mcp/:flowId',
      config: { access: PUBLIC },
      schema: { tags, summary: `Not offered: the MCP endpoint is stateless (${method} answers 405)`, params },
      handler: (_request, reply) =>
        rpcError(
          reply.header('Allow', 'POST'),
          405,
          method === 'DELETE'
            ? 'Session termination is not supported in stateless mode.'
            : 'Method not allowed: this MCP endpoint is stateless; POST JSON-RPC messages to it.',
          -32000,
        ),
    });
  }
}
