import { randomBytes } from 'node:crypto';
import type { CreateMcpServerBody, McpServerConfig, Permission, UpdateMcpServerBody } from '@flowloom/shared';
import { AppError } from '../../errors.js';
import type { Clock } from '../../runtime.js';
import { hashToken, safeEqual, type Keys } from '../../security/crypto.js';
import { maskKey } from '../apikeys/apikey.service.js';
import type { AuthContext } from '../auth/auth.service.js';
import type { McpFlowRow, McpServerRepository } from './mcp-server.repository.js';

/** What `chat_flow.mcpServerConfig` holds: the token only as a keyed hash, and a preview to show. */
interface StoredConfig {
  enabled: boolean;
  toolName: string;
  description: string;
  tokenHash: string;
  tokenPreview: string;
}

const NO_CONFIG: McpServerConfig = { enabled: false, token: '', description: '', toolName: '' };

function parseStored(text: string | null): StoredConfig | undefined {
  if (!text) return undefined;
  try {
    const value = JSON.parse(text) as Partial<StoredConfig>;
    if (typeof value.tokenHash !== 'string' || typeof value.tokenPreview !== 'string') return undefined;
    return {
      enabled: value.enabled === true,
      toolName: typeof value.toolName === 'string' ? value.toolName : '',
      description: typeof value.description === 'string' ? value.description : '',
      tokenHash: value.tokenHash,
      tokenPreview: value.tokenPreview,
    };
  } catch {
    return undefined;
  }
}

const toWire = (stored: StoredConfig, token = stored.tokenPreview): McpServerConfig => ({
  enabled: stored.enabled,
  token,
  toolName: stored.toolName,
  description: stored.description,
});

/** The permission that configures a flow of this type; assistants are not served over MCP. */
function configPermission(flow: McpFlowRow): Permission {
  switch (flow.type) {
    case 'CHATFLOW':
      return 'chatflows:config';
    case 'AGENTFLOW':
    case 'MULTIAGENT':
      return 'agentflows:config';
    default:
      throw new AppError('BAD_REQUEST', 'Only chatflows and agentflows can be served as MCP servers');
  }
}

/** A flow that can be called over MCP, with the tool it is offered as. */
export interface ServedFlow {
  flow: McpFlowRow;
  toolName: string;
  description: string;
}

/**
 * Serving a flow as an MCP server (Flowise's `/mcp-server/:id`): off by default; switching it on
 * makes a random bearer token, returned in full by that answer and by a rotation only. Only a keyed
 * hash is stored (unlike Flowise, which keeps and shows the token in clear), as for API keys.
 */
export function createMcpServerService({
  repo,
  keys,
  clock,
}: {
  repo: McpServerRepository;
  keys: Keys;
  clock: Clock;
}) {
  /** The caller's flow, checked against the permission that configures flows of its family. */
  async function ownFlow(ctx: AuthContext, id: string): Promise<McpFlowRow> {
    const flow = await repo.find(id);
    if (!flow || flow.workspaceId !== ctx.workspaceId)
      throw new AppError('NOT_FOUND', `Chatflow ${id} not found`);
    const permission = configPermission(flow);
    if (!ctx.isOrganizationAdmin && !ctx.permissions.has(permission))
      throw new AppError('FORBIDDEN', `Serving this flow over MCP needs the ${permission} permission`);
    return flow;
  }

  const save = (flow: McpFlowRow, stored: StoredConfig) =>
    repo.saveConfig(flow.id, JSON.stringify(stored), clock.now().toISOString());

  /** A new token: 32 hex characters (128 random bits), as Flowise's. */
  function newToken(): { token: string; tokenHash: string; tokenPreview: string } {
    const token = randomBytes(16).toString('hex');
    return { token, tokenHash: hashToken(keys.tokenHash, token), tokenPreview: maskKey(token) };
  }

  function existing(flow: McpFlowRow): StoredConfig {
    const stored = parseStored(flow.mcpServerConfig);
    if (!stored) throw new AppError('NOT_FOUND', `MCP server config not found for ID: ${flow.id}`);
    return stored;
  }

  return {
    async get(ctx: AuthContext, id: string): Promise<McpServerConfig> {
      const stored = parseStored((await ownFlow(ctx, id)).mcpServerConfig);
      return stored ? toWire(stored) : NO_CONFIG;
    },

    /** Serves the flow with a new token; a flow already served keeps its config (and token). */
    async create(ctx: AuthContext, id: string, body: CreateMcpServerBody): Promise<McpServerConfig> {
      const flow = await ownFlow(ctx, id);
      const current = parseStored(flow.mcpServerConfig);
      if (current?.enabled) return toWire(current);
      const { token, ...hashed } = newToken();
      const stored: StoredConfig = {
        enabled: true,
        toolName: body.toolName,
        description: body.description,
        ...hashed,
      };
      await save(flow, stored);
      return toWire(stored, token);
    },

    async update(ctx: AuthContext, id: string, body: UpdateMcpServerBody): Promise<McpServerConfig> {
      const flow = await ownFlow(ctx, id);
      const stored = existing(flow);
      if (body.toolName !== undefined) stored.toolName = body.toolName;
      if (body.description !== undefined) stored.description = body.description;
      if (body.enabled !== undefined) stored.enabled = body.enabled;
      await save(flow, stored);
      return toWire(stored);
    },

    /** Stops serving the flow; its settings and token stay for switching it on again. */
    async disable(ctx: AuthContext, id: string): Promise<void> {
      const flow = await ownFlow(ctx, id);
      const stored = parseStored(flow.mcpServerConfig);
      if (!stored) return;
      await save(flow, { ...stored, enabled: false });
    },

    /** A new token; the old one stops working at once. */
    async refresh(ctx: AuthContext, id: string): Promise<McpServerConfig> {
      const flow = await ownFlow(ctx, id);
      const { token, ...hashed } = newToken();
      const stored = { ...existing(flow), ...hashed };
      await save(flow, stored);
      return toWire(stored, token);
    },

    /**
     * The flow behind `/mcp/:id` for a bearer token: `missing` when no such flow is served (off,
     * never configured, or no flow), `unauthorized` when the token is not its token.
     */
    async authenticate(id: string, token: string): Promise<ServedFlow | 'missing' | 'unauthorized'> {
      const flow = await repo.find(id);
      const stored = parseStored(flow?.mcpServerConfig ?? null);
      if (!flow || !stored?.enabled) return 'missing';
      if (!safeEqual(hashToken(keys.tokenHash, token), stored.tokenHash)) return 'unauthorized';
      return { flow, toolName: stored.toolName, description: stored.description };
    },

    flowData: (id: string) => repo.flowData(id),
  };
}
export type McpServerService = ReturnType<typeof createMcpServerService>;
