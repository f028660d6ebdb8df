import {
  PARAM_TYPES,
  parseFlowData,
  sanitizeFlowForExport,
  type Chatflow,
  type FlowConfigParam,
  type UploadsConfig,
} from '@flowloom/shared';
import type { NodeRegistry } from '@flowloom/engine';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { AuthContext } from '../auth/auth.service.js';
import { createChatflowRepository } from '../chatflows/chatflow.repository.js';
import { toChatflow } from '../chatflows/chatflow.service.js';
import { createIdentityRepository } from '../identity/identity.repository.js';
import { assertFlowPermission } from '../chat-messages/flow-scope.js';
import { embedFlowData } from './embed-flow-data.js';
import { overridableParams } from './flow-config.js';
import { uploadsConfig } from './uploads-config.js';

const PARAM_TYPE_SET = new Set<string>(PARAM_TYPES);

function parseObject(text: string | null, what: string, id: string): Record<string, unknown> {
  if (!text) return {};
  try {
    const parsed = JSON.parse(text) as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    throw new AppError('INTERNAL', `Error parsing ${what} for Chatflow ${id}`);
  }
}

/** A provider of `speechToText`/`textToSpeech` other than "none" is switched on. */
function anyProviderOn(config: Record<string, unknown>): boolean {
  return Object.entries(config).some(
    ([name, provider]) =>
      name !== 'none' &&
      typeof provider === 'object' &&
      provider !== null &&
      (provider as { status?: unknown }).status === true,
  );
}

/**
 * What a flow shows about itself outside the canvas: to the chat embed and share page (public), and
 * the overridable parameters to the "API" dialog (members).
 */
export function createChatflowPublicService({ db, registry }: { db: Db; registry: NodeRegistry }) {
  const flows = createChatflowRepository(db);
  const identity = createIdentityRepository(db);
  async function load(id: string) {
    const row = await flows.findById(id);
    if (!row) throw new AppError('NOT_FOUND', `Chatflow ${id} not found`);
    return row;
  }

  const paramsOf = (name: string) =>
    registry.get(name)?.definition.inputs.filter((input) => PARAM_TYPE_SET.has(input.type));

  return {
    async uploads(id: string): Promise<UploadsConfig> {
      return uploadsConfig(parseFlowData((await load(id)).flowData).nodes);
    },

    async flowConfig(ctx: AuthContext, id: string): Promise<FlowConfigParam[]> {
      const row = await load(id);
      assertFlowPermission(ctx, row, 'view');
      return overridableParams(parseFlowData(row.flowData).nodes, paramsOf);
    },

    /**
     * The chat embed's settings (`GET /public-chatbotConfig/:id`), for any flow id, public or not (a
     * flow bound to an API key is still embedded, as in Flowise): the flow's chatbotConfig without its
     * origin allow-list, the uploads it accepts, whether text-to-speech is on, and — for a flow started
     * by a Start node — that node's input type and form (see `embedFlowData`). Nothing else of the flow
     * (issue 10: code, headers and prompts of other nodes were readable by anyone with the id).
     */
    async chatbotConfig(id: string): Promise<Record<string, unknown>> {
      const row = await load(id);
      const {
        allowedOrigins: _origins,
        allowedOriginsError: _error,
        flowData: _flowData,
        ...config
      } = parseObject(row.chatbotConfig, 'Chatbot Config', id);
      const { nodes } = parseFlowData(row.flowData);
      const flowData = embedFlowData(nodes);
      return {
        ...config,
        uploads: uploadsConfig(nodes),
        ...(flowData !== undefined && { flowData }),
        isTTSEnabled: anyProviderOn(parseObject(row.textToSpeech, 'Text To Speech Config', id)),
      };
    },

    /**
     * The share page's flow (`GET /public-chatflows/:id`): anyone's when the flow is public (secrets
     * removed from its flow data), otherwise only a member's of the owning workspace.
     */
    async publicChatflow(id: string, auth: AuthContext | null): Promise<Chatflow> {
      const row = await load(id);
      if (row.isPublic === 1) {
        return {
          ...toChatflow(row),
          flowData: JSON.stringify(sanitizeFlowForExport(parseFlowData(row.flowData))),
        };
      }
      if (!auth?.userId) throw new AppError('UNAUTHORIZED', 'Unauthorized');
      const member =
        auth.workspaceId === row.workspaceId ||
        (await identity.isWorkspaceMember(auth.userId, row.workspaceId));
      if (!member) throw new AppError('BAD_REQUEST', 'You are not in the workspace that owns this chatflow');
      return toChatflow(row);
    },
  };
}
export type ChatflowPublicService = ReturnType<typeof createChatflowPublicService>;
