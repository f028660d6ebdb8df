import { randomUUID } from 'node:crypto';
import { quietRun, type NodeRegistry } from '@flowloom/engine';
import { askChatModel } from '@flowloom/nodes';
import {
  credentialIdsIn,
  type Assistant,
  type AssistantStoreOption,
  type AssistantType,
  customAssistantDetailsBody,
  openAIAssistantDetailsBody,
  type CreateAssistantBody,
  type CustomAssistantDetails,
  type OpenAIAssistantDetails,
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
import type { OpenAIAssistantsService, OpenAIAssistantType } from './openai-assistants.service.js';

export interface AssistantServiceDeps {
  db: Db;
  /** PostgreSQL locks the document-store rows a flow save changes (SQLite has one writer anyway). */
  kind?: DbKind;
  registry: NodeRegistry;
  clock: Clock;
  /** What a one-off model call of a workspace may reach (writing instructions). */
  servicesFor: EngineServicesFor;
  /** The OpenAI side of OpenAI and Azure assistants. */
  openAI: OpenAIAssistantsService;
  /** Where files uploaded to a flow are kept; they go with the assistant's flow. */
  storage?: Pick<FileStorage, 'removeFlowFiles'>;
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

/** Details sent as JSON text or an object, read with the schema of the assistant's type (400 if wrong). */
function parseDetails<T>(
  schema: {
    safeParse(
      value: unknown,
    ): { success: true; data: T } | { success: false; error: { issues: { message: string }[] } };
  },
  value: unknown,
): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success)
    throw new AppError('BAD_REQUEST', parsed.error.issues[0]?.message ?? 'Invalid details');
  return parsed.data;
}

const isOpenAIType = (type: string | null): type is OpenAIAssistantType =>
  type === 'OPENAI' || type === 'AZURE';

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

  /**
   * An OpenAI or Azure assistant: created at OpenAI with the credential (or, when the details name
   * an assistant already there, "loaded": changed to the details), then kept here with its id there.
   */
  async function createOpenAI(
    ctx: AuthContext,
    body: Extract<CreateAssistantBody, { type: OpenAIAssistantType }>,
  ): Promise<Assistant> {
    const client = await deps.openAI.clientFor(ctx, body.credential, body.type);
    const details: OpenAIAssistantDetails = { ...body.details };
    const existing = details.id;
    if (existing) await deps.openAI.update(client, existing, details);
    else details.id = await deps.openAI.create(client, details);
    const at = clock.now().toISOString();
    const row: AssistantRow = {
      id: randomUUID(),
      details: JSON.stringify(details),
      credential: body.credential,
      iconSrc: body.iconSrc ?? null,
      type: body.type,
      workspaceId: ctx.workspaceId,
      createdDate: at,
      updatedDate: at,
    };
    try {
      await db.transaction().execute((trx) => repo.insert(row, trx));
    } catch (error) {
      // Nothing here refers to the assistant just made at OpenAI: it goes too.
      if (!existing) await deps.openAI.remove(client, details.id!).catch(() => undefined);
      throw error;
    }
    return toAssistant(row);
  }

  /** Changes an OpenAI or Azure assistant at OpenAI first, then here (its id there stays). */
  async function updateOpenAI(
    ctx: AuthContext,
    row: AssistantRow,
    type: OpenAIAssistantType,
    body: UpdateAssistantBody,
  ): Promise<Assistant> {
    const credential = body.credential ?? row.credential;
    if (!credential) throw new AppError('BAD_REQUEST', 'Choose the credential of the assistant');
    const client = await deps.openAI.clientFor(ctx, credential, type);
    const at = clock.now().toISOString();
    const patch: Partial<Pick<AssistantRow, 'details' | 'credential' | 'iconSrc' | 'updatedDate'>> = {
      credential,
      ...(body.iconSrc !== undefined && { iconSrc: body.iconSrc }),
      updatedDate: at,
    };
    if (body.details !== undefined) {
      const details = parseDetails(openAIAssistantDetailsBody, body.details);
      const openAIId = detailsOf(row).id;
      if (typeof openAIId === 'string' && openAIId) {
        await deps.openAI.update(client, openAIId, details);
        details.id = openAIId;
      } else details.id = await deps.openAI.create(client, details);
      patch.details = JSON.stringify(details);
    }
    await db.transaction().execute((trx) => repo.update(ctx.workspaceId, row.id, patch, trx));
    return toAssistant({ ...row, ...patch });
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
      if (body.type !== 'CUSTOM') return createOpenAI(ctx, body);
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
      if (isOpenAIType(row.type)) return updateOpenAI(ctx, row, row.type, body);
      const details: CustomAssistantDetails | undefined =
        body.details === undefined ? undefined : parseDetails(customAssistantDetailsBody, body.details);
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

    /**
     * Deletes the assistant and its flow; the flow's messages, feedback and leads go with it. An
     * OpenAI or Azure assistant is deleted at OpenAI too when `alsoAtOpenAI` (Flowise's isDeleteBoth).
     */
    async remove(ctx: AuthContext, id: string, alsoAtOpenAI = false): Promise<void> {
      const row = await load(ctx, id);
      if (alsoAtOpenAI && isOpenAIType(row.type)) {
        const openAIId = detailsOf(row).id;
        if (typeof openAIId === 'string' && openAIId) {
          if (!row.credential)
            throw new AppError('BAD_REQUEST', 'The assistant has no credential to delete it at OpenAI with');
          const client = await deps.openAI.clientFor(ctx, row.credential, row.type);
          await deps.openAI.remove(client, openAIId);
        }
      }
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
      if (flowId) await deps.storage?.removeFlowFiles(ctx.workspaceId, flowId);
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
