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
import { speechToTextOf } from '../speech/speech-to-text.js';
import { embedFlowData } from './embed-flow-data.js';
import { overridableParams } from './flow-config.js';
import { uploadsConfig } from './uploads-config.js';

const PARAM_TYPE_SET = new Set<string>(PARAM_TYPES);

/** The flow turns a recorded question into text (a speech to text provider is on). */
const transcribes = (row: { speechToText: string | null }) => speechToTextOf(row.speechToText) !== undefined;

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
 * A flow's chatbot settings as a visitor's chat gets them: without the sites it may run on and their
 * refusal message, and without the owner's post-processing code (SHARING.md §4 leaves out the
 * first two; the widget never reads the third).
 */
function visitorChatbotConfig(text: string | null, id: string): Record<string, unknown> {
  const {
    allowedOrigins: _origins,
    allowedOriginsError: _error,
    postProcessing: _code,
    flowData: _flowData,
    ...config
  } = parseObject(text, 'Chatbot Config', id);
  return config;
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
      const row = await load(id);
      return uploadsConfig(parseFlowData(row.flowData).nodes, transcribes(row));
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
      const { nodes } = parseFlowData(row.flowData);
      const flowData = embedFlowData(nodes);
      return {
        ...visitorChatbotConfig(row.chatbotConfig, id),
        uploads: uploadsConfig(nodes, transcribes(row)),
        ...(flowData !== undefined && { flowData }),
        isTTSEnabled: anyProviderOn(parseObject(row.textToSpeech, 'Text To Speech Config', id)),
      };
    },

    /**
     * The share page's flow (`GET /public-chatflows/:id`): a public flow to anyone — to a visitor
     * only what the chat page needs (its name, type, key binding and the visitor's chatbot
     * settings; the Start node's form as flow data), to a member the flow with its secrets removed
     * — and any flow to a member of the owning workspace.
     */
    async publicChatflow(id: string, auth: AuthContext | null): Promise<Chatflow> {
      const row = await load(id);
      const member =
        auth?.userId !== undefined &&
        auth.userId !== null &&
        (auth.workspaceId === row.workspaceId ||
          (await identity.isWorkspaceMember(auth.userId, row.workspaceId)));
      if (row.isPublic === 1) {
        const flow = toChatflow(row);
        if (member)
          return { ...flow, flowData: JSON.stringify(sanitizeFlowForExport(parseFlowData(row.flowData))) };
        const { nodes } = parseFlowData(row.flowData);
        return {
          ...flow,
          flowData: embedFlowData(nodes) ?? JSON.stringify({ nodes: [], edges: [] }),
          chatbotConfig: JSON.stringify(visitorChatbotConfig(row.chatbotConfig, id)),
          apiConfig: null,
          analytic: null,
          speechToText: null,
          textToSpeech: null,
          followUpPrompts: null,
        };
      }
      if (!auth?.userId) throw new AppError('UNAUTHORIZED', 'Unauthorized');
      if (!member) throw new AppError('BAD_REQUEST', 'You are not in the workspace that owns this chatflow');
      return toChatflow(row);
    },
  };
}
export type ChatflowPublicService = ReturnType<typeof createChatflowPublicService>;
