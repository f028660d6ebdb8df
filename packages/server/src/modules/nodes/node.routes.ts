import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { credentialForNode } from '@flowloom/engine';
import type {
  AgentflowRegistry,
  GuardedFetch,
  LoadMethod,
  McpStdioServer,
  NodeRegistry,
  NodeType,
} from '@flowloom/engine';
import {
  nodeLoadMethodBody,
  toLoadMethodNode,
  type FlowNodeData,
  type NodeDefinition,
} from '@flowloom/shared';
import { AppError } from '../../errors.js';
import { PUBLIC, can } from '../../http/access.js';
import { caller } from '../../http/auth-hook.js';
import { holds, type AuthContext } from '../auth/auth.service.js';
import type { ZodTypeProvider } from '../../http/zod-type-provider.js';
import type { ChatflowService } from '../chatflows/chatflow.service.js';
import type { OAuth2Service } from '../oauth2/oauth2.service.js';
import type { CredentialService } from '../credentials/credential.service.js';
import type { AssistantRepository } from '../assistants/assistant.repository.js';
import type { DocumentStoreRepository } from '../document-stores/document-store.repository.js';
import type { ToolRepository } from '../resources/tool.repository.js';

// The assistant builder fills the same node forms (model lists, custom tool lists) as the canvases.
const VIEW = can('chatflows:view', 'agentflows:view', 'assistants:view');

/**
 * Who may have `{{$vars.x}}` filled in while options load: whoever may see the variables, or write a
 * flow that reads them (and so read them by running it). A viewer sending a config of their own
 * must not learn a variable's value through the server it names.
 */
const READS_VARIABLES = [
  'variables:view',
  'chatflows:create',
  'chatflows:update',
  'agentflows:create',
  'agentflows:update',
  'assistants:create',
  'assistants:update',
] as const;
const mayReadVariables = (ctx: AuthContext) => READS_VARIABLES.some((p) => holds(ctx, p));

export function describeNode(type: Pick<NodeType, 'definition'>): NodeDefinition {
  return { ...type.definition, icon: `/api/v1/node-icon/${type.definition.name}` };
}

/** The node catalogue the canvas shows (`GET /nodes`), icons, and async option loaders. */
export function registerNodeRoutes(
  root: FastifyInstance,
  {
    registry,
    agentflowRegistry,
    tools,
    credentials,
    chatflows,
    documentStores,
    assistants,
    http,
    mcpStdioServers,
    variables,
    providerBaseUrls,
    oauth2,
  }: {
    registry: NodeRegistry;
    agentflowRegistry: AgentflowRegistry;
    tools: ToolRepository;
    credentials: CredentialService;
    chatflows: Pick<ChatflowService, 'summaries'>;
    documentStores: DocumentStoreRepository;
    assistants: Pick<AssistantRepository, 'listOpenAI'>;
    /** The guarded client, for options read from remote servers (Custom MCP's actions). */
    http: GuardedFetch;
    /** The stdio MCP servers the operator allows. */
    mcpStdioServers: readonly McpStdioServer[];
    /** A workspace's `$vars` as runs read them (runtime variables under the operator's policy). */
    variables: (workspaceId: string) => Promise<Record<string, string>>;
    /** The operator's provider addresses (Slack MCP lists the actions of the Slack MCP server there). */
    providerBaseUrls: Partial<Record<string, string>>;
    /** Renews an OAuth2 credential's access token (listing with an expired one). */
    oauth2?: Pick<OAuth2Service, 'refresh'>;
  },
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['nodes'];
  // One catalogue: chatflow nodes, then the agentflow (v2) nodes (category "Agent Flows").
  const catalogue = [...registry.values(), ...agentflowRegistry.values()].map(describeNode);

  function findAny(name: string): Pick<NodeType, 'definition' | 'icon' | 'loadMethods'> {
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

  /*
   * POST /api/v1/node-load-method/:nodeName — the options of an `asyncOptions` input, for chatflow
   * and agentflow (v2) nodes alike (FLOWISE_API.md "node-load-method").
   *   body: {loadMethod, inputs?, credential?, previousNodes?, currentNode?, searchOptions?}
   *         previousNodes / currentNode: [{id, name, label, inputs}] (extra node fields are ignored)
   *   answer: [{label, name, description?, imageSrc?}]; [] when the method fails while loading.
   * 404 for an unknown node or method; 400 for a body of the wrong shape.
   */
  app.post(
    '/api/v1/node-load-method/:name',
    {
      config: { access: VIEW },
      schema: {
        tags,
        summary: 'Options of an asyncOptions input (models, tools, flows, upstream nodes…)',
        params: z.object({ name: z.string() }),
        body: nodeLoadMethodBody,
      },
    },
    async (request) => {
      const ctx = caller(request);
      const { name } = request.params;
      const body = request.body;
      const type = findAny(name);
      const method: LoadMethod | undefined = type.loadMethods?.[body.loadMethod];
      if (!method) throw new AppError('NOT_FOUND', `Node ${name} has no load method ${body.loadMethod}`);
      const inputs = body.inputs ?? {};
      const credentialId = body.credential || undefined;
      const decrypt = (id: string) => credentials.decryptForRun(ctx.workspaceId, id);
      try {
        return await method({
          node: {
            ...type.definition,
            id: body.currentNode?.id ?? '',
            inputParams: [],
            inputAnchors: [],
            inputs,
            outputAnchors: [],
            outputs: {},
            ...(credentialId && { credential: credentialId }),
          } as FlowNodeData,
          inputs,
          credential: async () =>
            credentialId ? credentialForNode(type.definition, await decrypt(credentialId)) : {},
          ...(credentialId &&
            oauth2 && {
              refreshCredential: async () => (await oauth2.refresh(ctx.workspaceId, credentialId)).data,
            }),
          previousNodes: (body.previousNodes ?? []).map(toLoadMethodNode),
          currentNode: body.currentNode ? toLoadMethodNode(body.currentNode) : undefined,
          searchOptions: body.searchOptions ?? undefined,
          services: {
            tools: { get: (id) => tools.find(ctx.workspaceId, id) },
            credentials: { get: decrypt },
            listTools: () => tools.list(ctx.workspaceId),
            listFlows: () => chatflows.summaries(ctx),
            listDocumentStores: () => documentStores.list(ctx.workspaceId),
            listAssistants: () => assistants.listOpenAI(ctx.workspaceId),
            http,
            mcpStdioServers,
            providerBaseUrls,
            ...(mayReadVariables(ctx) && { variables: () => variables(ctx.workspaceId) }),
            logger: { debug() {}, warn: (m) => request.log.warn(m), error: (m) => request.log.error(m) },
          },
        });
      } catch (error) {
        // Flowise answers an empty list when options cannot be loaded; the canvas then offers free text.
        request.log.warn({ err: error, node: name, loadMethod: body.loadMethod }, 'load method failed');
        return [];
      }
    },
  );
}
