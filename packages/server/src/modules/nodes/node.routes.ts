import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AgentflowRegistry, NodeRegistry, NodeType } from '@flowloom/engine';
import type { FlowNodeData, NodeDefinition } from '@flowloom/shared';
import { AppError } from '../../errors.js';
import { PUBLIC, can } from '../../http/access.js';
import { caller } from '../../http/auth-hook.js';
import type { ZodTypeProvider } from '../../http/zod-type-provider.js';
import type { CredentialService } from '../credentials/credential.service.js';
import type { ToolRepository } from '../resources/tool.repository.js';

const VIEW = can('chatflows:view', 'agentflows:view');

export function describeNode(type: Pick<NodeType, 'definition'>): NodeDefinition {
  return { ...type.definition, icon: `/api/v1/node-icon/${type.definition.name}` };
}

const loadMethodBody = z.object({
  loadMethod: z.string().min(1, 'loadMethod is required'),
  inputs: z.record(z.string(), z.unknown()).default({}),
  credential: z.string().optional(),
});

/** The node catalogue the canvas shows (`GET /nodes`), icons, and async option loaders. */
export function registerNodeRoutes(
  root: FastifyInstance,
  {
    registry,
    agentflowRegistry,
    tools,
    credentials,
  }: {
    registry: NodeRegistry;
    agentflowRegistry: AgentflowRegistry;
    tools: ToolRepository;
    credentials: CredentialService;
  },
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['nodes'];
  // One catalogue: chatflow nodes, then the agentflow (v2) nodes (category "Agent Flows").
  const catalogue = [...registry.values(), ...agentflowRegistry.values()].map(describeNode);

  function find(name: string): NodeType {
    const type = registry.get(name);
    if (!type) throw new AppError('NOT_FOUND', `Node ${name} not found`);
    return type;
  }

  function findAny(name: string): Pick<NodeType, 'definition' | 'icon'> {
    const type = registry.get(name) ?? agentflowRegistry.get(name);
    if (!type) throw new AppError('NOT_FOUND', `Node ${name} not found`);
    return type;
  }

  app.get(
    '/api/v1/nodes',
    { config: { access: VIEW }, schema: { tags, summary: 'Every node type' } },
    () => catalogue,
  );

  app.get(
    '/api/v1/nodes/:name',
    {
      config: { access: VIEW },
      schema: { tags, summary: 'One node type', params: z.object({ name: z.string() }) },
    },
    (request) => describeNode(findAny(request.params.name)),
  );

  app.get(
    '/api/v1/nodes/category/:name',
    {
      config: { access: VIEW },
      schema: { tags, summary: 'Node types of one category', params: z.object({ name: z.string() }) },
    },
    (request) => catalogue.filter((n) => n.category === request.params.name),
  );

  app.get(
    '/api/v1/node-icon/:name',
    {
      config: { access: PUBLIC },
      schema: { tags, summary: 'A node type icon (SVG)', params: z.object({ name: z.string() }) },
    },
    (request, reply) =>
      reply
        .type('image/svg+xml')
        .header('Cache-Control', 'public, max-age=86400')
        .send(findAny(request.params.name).icon),
  );

  app.post(
    '/api/v1/node-load-method/:name',
    {
      config: { access: VIEW },
      schema: {
        tags,
        summary: 'Options of an asyncOptions input (e.g. model names)',
        params: z.object({ name: z.string() }),
        body: loadMethodBody,
      },
    },
    async (request) => {
      const ctx = caller(request);
      const type = find(request.params.name);
      const method = type.loadMethods?.[request.body.loadMethod];
      if (!method)
        throw new AppError(
          'NOT_FOUND',
          `Node ${request.params.name} has no load method ${request.body.loadMethod}`,
        );
      const credentialId = request.body.credential;
      const listTools = () => tools.list(ctx.workspaceId);
      try {
        return await method({
          node: {
            ...type.definition,
            id: '',
            inputParams: [],
            inputAnchors: [],
            inputs: request.body.inputs,
            outputAnchors: [],
            outputs: {},
          } as FlowNodeData,
          inputs: request.body.inputs,
          credential: async () =>
            credentialId ? (await credentials.decryptForRun(ctx.workspaceId, credentialId)).data : {},
          services: {
            tools: { get: (id) => tools.find(ctx.workspaceId, id) },
            listTools,
            logger: { debug() {}, warn: (m) => request.log.warn(m), error: (m) => request.log.error(m) },
          },
        });
      } catch (error) {
        // Flowise answers an empty list when options cannot be loaded; the canvas then offers free text.
        request.log.warn({ err: error, node: request.params.name }, 'load method failed');
        return [];
      }
    },
  );
}
