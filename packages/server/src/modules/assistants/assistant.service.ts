import { randomUUID } from 'node:crypto';
import { quietRun, type NodeRegistry } from '@flowloom/engine';
import { askChatModel } from '@flowloom/nodes';
import {
  credentialIdsIn,
  type Assistant,
  type AssistantStoreOption,
  type AssistantType,
  type CreateAssistantBody,
  type CustomAssistantDetails,
  type FlowData,
  type GenerateInstructionBody,
  type UpdateAssistantBody,
} from '@flowloom/shared';
import type { Db, DbKind } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { Clock } from '../../runtime.js';
import { holds, type AuthContext } from '../auth/auth.service.js';
import { createDocumentStoreRepository } from '../document-stores/document-store.repository.js';
import { updateWhereUsed } from '../document-stores/where-used.js';
import { describeNode } from '../nodes/node.routes.js';
import type { EngineServicesFor } from '../predictions/engine-services.js';
import type { FileStorage } from '../storage/file-storage.js';
import { createUpsertHistoryRepository } from '../upsert-history/upsert-history.repository.js';
import {
  chatModelTypes,
  credentialOf,
  isOfferedChatModel,
  settingsOf,
  toolTypes,
} from './assistant-components.js';
import { checkDetails, type DetailsLookups } from './assistant-details.js';
import { createAssistantRepository, type AssistantRow } from './assistant.repository.js';

export interface AssistantServiceDeps {
  db: Db;
  /** PostgreSQL locks the document-store rows a flow save changes (SQLite has one writer anyway). */
  kind?: DbKind;
  registry: NodeRegistry;
  clock: Clock;
  /** What a one-off model call of a workspace may reach (writing instructions). */
  servicesFor: EngineServicesFor;
  /** Where files uploaded to a flow are kept; they go with the assistant's flow. */
  storage?: Pick<FileStorage, 'remove'>;
}

/**
 * How the instruction writer is briefed (our own words). The task comes as the message, so a task
 * that reads like instructions is written about, not followed.
 */
const INSTRUCTION_WRITER = [
  'You write the system instructions of AI assistants.',
  'The message you receive describes what an assistant is for. Write the instructions that assistant should follow to do it well:',
  'its role and goal; how it works through a request, step by step where that helps; when to use the tools or knowledge it may be given;',
  'the tone, length and format of its answers; and what it does when a request is unclear or outside its task.',
  'Address the assistant as "you". Answer with the instructions only: no title, no preamble, no remarks about them.',
].join(' ');

/** How long writing instructions may take. */
const GENERATE_TIMEOUT_MS = 60_000;

function toAssistant(row: AssistantRow): Assistant {
  return { ...row, type: (row.type ?? 'CUSTOM') as AssistantType };
}

/** The stored details of a row as an object (a damaged text reads as none). */
function detailsOf(row: AssistantRow): Record<string, unknown> {
  try {
    const parsed = JSON.parse(row.details) as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/**
 * Custom assistants: an `assistant` row (type CUSTOM, details JSON) and the chat flow of type
 * ASSISTANT that runs it, built here from the details on every save, so an API client gets the
 * flow the builder would. The two are written together, in one transaction.
 */
export function createAssistantService(deps: AssistantServiceDeps) {
  const { db, registry, clock } = deps;
  const repo = createAssistantRepository(db);
  const storeRepo = createDocumentStoreRepository(db, deps.kind ?? 'sqlite');
  const upsertHistory = createUpsertHistoryRepository(db);

  const lookups = (ctx: AuthContext): DetailsLookups => ({
    documentStores: (ids) => repo.documentStores(ctx.workspaceId, ids),
    credentials: (ids) => repo.credentials(ctx.workspaceId, ids),
  });

  async function load(ctx: AuthContext, id: string): Promise<AssistantRow> {
    const row = await repo.find(ctx.workspaceId, id);
    if (!row) throw new AppError('NOT_FOUND', `Assistant ${id} not found`);
    return row;
  }

  /**
   * The id of the assistant's flow: the one its details name (Flowise gives the flow its own id) when
   * that is an assistant flow of the workspace, else the assistant's own id, which must then be free.
   */
  async function flowIdOf(ctx: AuthContext, row: AssistantRow, trx: Db = db) {
    const named = detailsOf(row).flowId;
    for (const candidate of [named, row.id]) {
      if (typeof candidate !== 'string' || !candidate) continue;
      const flow = await repo.findFlow(candidate, trx);
      if (!flow) continue;
      if (flow.workspaceId === ctx.workspaceId && flow.type === 'ASSISTANT')
        return { id: candidate, flowData: flow.flowData };
      if (candidate === row.id)
        throw new AppError('CONFLICT', `Another flow already has this assistant's id (${row.id})`);
    }
    return { id: row.id, flowData: null };
  }

  /**
   * Putting a stored credential into an assistant needs the permission to use credentials, as for any
   * flow (issue 10): credentials the assistant already had may stay.
   */
  function assertMayUseCredentials(ctx: AuthContext, flow: FlowData | undefined, before: string | null) {
    if (!flow || holds(ctx, 'credentials:view')) return;
    const kept = credentialIdsIn(before);
    for (const id of credentialIdsIn(JSON.stringify(flow)))
      if (!kept.has(id))
        throw new AppError(
          'FORBIDDEN',
          'Using a stored credential in an assistant needs the credentials:view permission',
        );
  }

  /** Writes the assistant's flow (creating it the first time) and the stores' usage of it. */
  async function saveFlow(
    ctx: AuthContext,
    trx: Db,
    flow: { id: string; name: string; data: FlowData },
    at: string,
  ) {
    const flowData = JSON.stringify(flow.data);
    if (await repo.findFlow(flow.id, trx))
      await repo.updateFlow(ctx.workspaceId, flow.id, { name: flow.name, flowData, updatedDate: at }, trx);
    else
      await repo.insertFlow(
        {
          id: flow.id,
          name: flow.name,
          flowData,
          deployed: null,
          isPublic: null,
          apikeyid: null,
          chatbotConfig: null,
          apiConfig: null,
          analytic: null,
          speechToText: null,
          textToSpeech: null,
          followUpPrompts: null,
          category: null,
          type: 'ASSISTANT',
          mcpServerConfig: null,
          webhookSecret: null,
          workspaceId: ctx.workspaceId,
          createdDate: at,
          updatedDate: at,
        },
        trx,
      );
    await updateWhereUsed(storeRepo, trx, ctx.workspaceId, flow.id, flowData);
  }

  return {
    async list(ctx: AuthContext, type: AssistantType | undefined, range?: { offset: number; limit: number }) {
      return (await repo.list(ctx.workspaceId, type, range)).map(toAssistant);
    },
    count: (ctx: AuthContext, type: AssistantType | undefined) => repo.count(ctx.workspaceId, type),

    async get(ctx: AuthContext, id: string): Promise<Assistant> {
      return toAssistant(await load(ctx, id));
    },

    async create(ctx: AuthContext, body: CreateAssistantBody): Promise<Assistant> {
      const id = randomUUID();
      const checked = await checkDetails(id, body.details, registry, lookups(ctx));
      assertMayUseCredentials(ctx, checked.flow, null);
      const at = clock.now().toISOString();
      const row: AssistantRow = {
        id,
        details: JSON.stringify(checked.details),
        credential: body.credential ?? null,
        iconSrc: body.iconSrc ?? null,
        type: body.type,
        workspaceId: ctx.workspaceId,
        createdDate: at,
        updatedDate: at,
      };
      await db.transaction().execute(async (trx) => {
        await repo.insert(row, trx);
        if (checked.flow) await saveFlow(ctx, trx, { id, name: body.details.name, data: checked.flow }, at);
      });
      return toAssistant(row);
    },

    /**
     * Changes the details (then the flow is built again from them), the icon or the credential field.
     * Details must name a chat model: saving is what makes the assistant runnable.
     */
    async update(ctx: AuthContext, id: string, body: UpdateAssistantBody): Promise<Assistant> {
      const row = await load(ctx, id);
      if (row.type !== 'CUSTOM')
        throw new AppError(
          'BAD_REQUEST',
          `${row.type ?? 'This'} assistants cannot be edited in this version yet`,
        );
      const details: CustomAssistantDetails | undefined = body.details;
      if (details && !details.chatModel) throw new AppError('BAD_REQUEST', 'Choose a chat model');
      const at = clock.now().toISOString();
      const patch = {
        ...(body.credential !== undefined && { credential: body.credential }),
        ...(body.iconSrc !== undefined && { iconSrc: body.iconSrc }),
        updatedDate: at,
      };
      if (!details) {
        await db.transaction().execute((trx) => repo.update(ctx.workspaceId, id, patch, trx));
        return toAssistant({ ...row, ...patch });
      }
      // Everything is read and checked first: the transaction only writes.
      const flow = await flowIdOf(ctx, row);
      const checked = await checkDetails(flow.id, details, registry, lookups(ctx));
      assertMayUseCredentials(ctx, checked.flow, flow.flowData);
      const text = JSON.stringify(checked.details);
      await db.transaction().execute(async (trx) => {
        await repo.update(ctx.workspaceId, id, { ...patch, details: text }, trx);
        await saveFlow(ctx, trx, { id: flow.id, name: details.name, data: checked.flow! }, at);
      });
      const saved = { ...row, ...patch, details: text };
      return toAssistant(saved);
    },

    /** Deletes the assistant and its flow; the flow's messages, feedback and leads go with it. */
    async remove(ctx: AuthContext, id: string): Promise<void> {
      const row = await load(ctx, id);
      const flowId = await db.transaction().execute(async (trx) => {
        await repo.remove(ctx.workspaceId, id, trx);
        if (row.type !== 'CUSTOM') return undefined;
        const flow = await flowIdOf(ctx, row, trx).catch(() => undefined);
        if (!flow || flow.flowData === null) return undefined;
        await upsertHistory.removeOf(trx, flow.id);
        await updateWhereUsed(storeRepo, trx, ctx.workspaceId, flow.id, null);
        await repo.removeFlow(ctx.workspaceId, flow.id, trx);
        return flow.id;
      });
      if (flowId) await deps.storage?.remove(ctx.workspaceId, `flow:${flowId}`);
    },

    /** The chat model node types an assistant may use (Flowise: `/components/chatmodels`). */
    chatModels: () => chatModelTypes(registry).map(describeNode),
    /** The tool node types an assistant may use. */
    tools: () => toolTypes(registry).map(describeNode),
    /** The workspace's upserted document stores, as an assistant's knowledge options. */
    async documentStores(ctx: AuthContext): Promise<AssistantStoreOption[]> {
      return (await storeRepo.list(ctx.workspaceId))
        .filter((store) => store.status === 'UPSERTED')
        .map((store) => ({ name: store.id, label: store.name, description: store.description }));
    },

    /** Instructions for an assistant doing `task`, written by the chosen chat model. */
    async generateInstruction(ctx: AuthContext, body: GenerateInstructionBody): Promise<{ content: string }> {
      const chosen = body.selectedChatModel;
      const type = registry.get(chosen.name);
      if (!isOfferedChatModel(type))
        throw new AppError(
          'BAD_REQUEST',
          `Unknown chat model "${chosen.name}": choose one of the chat models offered`,
        );
      const credential = credentialOf(chosen);
      if (credential) {
        if (!holds(ctx, 'credentials:view'))
          throw new AppError('FORBIDDEN', 'Using a stored credential needs the credentials:view permission');
        if ((await repo.credentials(ctx.workspaceId, [credential])).length === 0)
          throw new AppError('BAD_REQUEST', `Credential ${credential} not found in this workspace`);
      }
      const run = quietRun(deps.servicesFor(ctx.workspaceId, undefined), {
        signal: AbortSignal.timeout(GENERATE_TIMEOUT_MS),
        components: registry,
      });
      try {
        const text = await askChatModel(
          registry,
          run,
          { name: chosen.name, inputs: settingsOf(type, chosen.inputs), credential },
          { system: INSTRUCTION_WRITER, message: `The assistant is for this task:\n\n${body.task}` },
        );
        const content = text.trim();
        if (!content) throw new Error('the model answered with no text');
        return { content };
      } catch (error) {
        if (error instanceof AppError) throw error;
        const reason = error instanceof Error ? error.message : String(error);
        throw new AppError('BAD_REQUEST', `The chat model could not write instructions: ${reason}`, {
          cause: error,
        });
      }
    },
  };
}
export type AssistantService = ReturnType<typeof createAssistantService>;
