import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import { credentialIdsIn, openAIAssistantIdsIn } from '@flowloom/shared';
import type {
  Chatflow,
  ChatflowType,
  CreateChatflowBody,
  Permission,
  UpdateChatflowBody,
} from '@flowloom/shared';
import type { Db, DbKind } from '../../db/database.js';
import type { ChatFlowTable } from '../../db/schema.js';
import { workspaceTable } from '../../db/workspace-table.js';
import { createApiKeyRepository } from '../apikeys/apikey.repository.js';
import { createAssistantRepository } from '../assistants/assistant.repository.js';
import { createChatflowRepository } from './chatflow.repository.js';
import { AppError } from '../../errors.js';
import type { Clock } from '../../runtime.js';
import type { AuthContext } from '../auth/auth.service.js';
import type { FileStorage } from '../storage/file-storage.js';
import { createDocumentStoreRepository } from '../document-stores/document-store.repository.js';
import { updateWhereUsed } from '../document-stores/where-used.js';
import { createUpsertHistoryRepository } from '../upsert-history/upsert-history.repository.js';

type Row = Selectable<ChatFlowTable>;
type Action = 'view' | 'create' | 'update' | 'delete';

/** Which permission family governs a flow type: agent flows and assistants have their own. */
export function flowPermission(type: ChatflowType, action: Action): Permission {
  switch (type) {
    case 'AGENTFLOW':
    case 'MULTIAGENT':
      return `agentflows:${action}`;
    case 'ASSISTANT':
      return `assistants:${action}`;
    case 'CHATFLOW':
      return `chatflows:${action}`;
  }
}

const bool = (value: number | null) => (value === null ? null : value === 1);
const int = (value: boolean | null | undefined) =>
  value === undefined ? undefined : value === null ? null : value ? 1 : 0;

export function toChatflow(row: Row): Chatflow {
  const { webhookSecret: _secret, mcpServerConfig: _mcp, ...rest } = row;
  return {
    ...rest,
    type: row.type as ChatflowType,
    deployed: bool(row.deployed),
    isPublic: bool(row.isPublic),
  };
}

export function createChatflowService({
  db,
  kind = 'sqlite',
  clock,
  storage,
}: {
  db: Db;
  /** PostgreSQL locks the document-store rows a flow save changes (SQLite has one writer anyway). */
  kind?: DbKind;
  clock: Clock;
  /** Where files uploaded to a flow (its vector upserts) are kept; they go with the flow. */
  storage?: Pick<FileStorage, 'removeFlowFiles'>;
}) {
  const table = workspaceTable(db, 'chat_flow', { column: 'updatedDate', direction: 'desc' });
  const documentStores = createDocumentStoreRepository(db, kind);
  const upsertHistory = createUpsertHistoryRepository(db);
  const flows = createChatflowRepository(db);
  const apiKeys = createApiKeyRepository(db);
  const credentials = workspaceTable(db, 'credential', { column: 'updatedDate', direction: 'desc' });
  const assistants = createAssistantRepository(db);

  function assertCan(ctx: AuthContext, type: ChatflowType, action: Action) {
    const permission = flowPermission(type, action);
    if (!ctx.isOrganizationAdmin && !ctx.permissions.has(permission))
      throw new AppError('FORBIDDEN', 'Forbidden');
  }

  async function load(ctx: AuthContext, id: string): Promise<Row> {
    const row = await table.find(ctx.workspaceId, id);
    if (!row) throw new AppError('NOT_FOUND', `Chatflow ${id} not found`);
    return row;
  }

  async function assertApiKeyInWorkspace(ctx: AuthContext, apikeyid: string | null | undefined) {
    if (!apikeyid) return;
    if (!(await apiKeys.find(ctx.workspaceId, apikeyid)))
      throw new AppError('BAD_REQUEST', `API key ${apikeyid} not found in this workspace`);
  }

  /**
   * A stored credential's secret goes wherever its flow sends it, so putting one into a flow needs
   * the permission to use credentials (issue 10): a caller without `credentials:view` may keep the
   * credentials a flow already had, but not add one of the workspace's. Ids of no credential here
   * (a flow imported from another server) are harmless: nothing resolves them.
   */
  async function assertMayUseCredentials(
    ctx: AuthContext,
    flowData: string | undefined,
    before: string | null,
  ) {
    if (flowData === undefined || ctx.isOrganizationAdmin || ctx.permissions.has('credentials:view')) return;
    const kept = credentialIdsIn(before);
    for (const id of credentialIdsIn(flowData)) {
      if (!kept.has(id) && (await credentials.find(ctx.workspaceId, id)))
        throw new AppError(
          'FORBIDDEN',
          'Using a stored credential in a flow needs the credentials:view permission',
        );
    }
    // An OpenAI assistant runs on its own stored credential: choosing one uses that credential.
    const keptAssistants = openAIAssistantIdsIn(before);
    for (const id of openAIAssistantIdsIn(flowData)) {
      if (!keptAssistants.has(id) && (await assistants.findOpenAI(ctx.workspaceId, id))?.credential)
        throw new AppError(
          'FORBIDDEN',
          "Using an OpenAI assistant in a flow needs the credentials:view permission (it runs on the assistant's stored credential)",
        );
    }
  }

  return {
    async list(ctx: AuthContext, type: ChatflowType | undefined, range?: { offset: number; limit: number }) {
      if (type) assertCan(ctx, type, 'view');
      const rows = await table.list(ctx.workspaceId, { where: type ? { type } : {}, ...range });
      // Without a type filter, list only the kinds the caller may view.
      return rows
        .filter(
          (r) =>
            type ||
            ctx.isOrganizationAdmin ||
            ctx.permissions.has(flowPermission(r.type as ChatflowType, 'view')),
        )
        .map(toChatflow);
    },
    /** Id, name and type of every flow of the workspace the caller may view, by name (Execute Flow). */
    async summaries(ctx: AuthContext): Promise<{ id: string; name: string; type: string }[]> {
      const rows = await flows.summaries(ctx.workspaceId);
      return rows.filter(
        (r) => ctx.isOrganizationAdmin || ctx.permissions.has(flowPermission(r.type as ChatflowType, 'view')),
      );
    },
    /** The names of some flows of a workspace, by id (for messages that name flows). */
    namesOf: (workspaceId: string, ids: readonly string[]) => flows.namesOf(workspaceId, ids),
    count: (ctx: AuthContext, type: ChatflowType | undefined) =>
      table.count(ctx.workspaceId, type ? { type } : {}),

    async get(ctx: AuthContext, id: string): Promise<Chatflow> {
      const row = await load(ctx, id);
      assertCan(ctx, row.type as ChatflowType, 'view');
      return toChatflow(row);
    },

    async create(ctx: AuthContext, body: CreateChatflowBody): Promise<Chatflow> {
      assertCan(ctx, body.type, 'create');
      await assertApiKeyInWorkspace(ctx, body.apikeyid);
      await assertMayUseCredentials(ctx, body.flowData, null);
      const at = clock.now().toISOString();
      const row: Row = {
        id: randomUUID(),
        name: body.name,
        flowData: body.flowData,
        deployed: int(body.deployed) ?? null,
        isPublic: int(body.isPublic) ?? null,
        apikeyid: body.apikeyid ?? null,
        chatbotConfig: body.chatbotConfig ?? null,
        apiConfig: body.apiConfig ?? null,
        analytic: body.analytic ?? null,
        speechToText: body.speechToText ?? null,
        textToSpeech: body.textToSpeech ?? null,
        followUpPrompts: body.followUpPrompts ?? null,
        category: body.category ?? null,
        type: body.type,
        mcpServerConfig: null,
        webhookSecret: null,
        workspaceId: ctx.workspaceId,
        createdDate: at,
        updatedDate: at,
      };
      await db.transaction().execute(async (trx) => {
        await table.insert(row, trx);
        await updateWhereUsed(documentStores, trx, ctx.workspaceId, row.id, row.flowData);
      });
      return toChatflow(row);
    },

    async update(ctx: AuthContext, id: string, body: UpdateChatflowBody): Promise<Chatflow> {
      const row = await load(ctx, id);
      assertCan(ctx, row.type as ChatflowType, 'update');
      if (body.type && body.type !== row.type) assertCan(ctx, body.type, 'create');
      await assertApiKeyInWorkspace(ctx, body.apikeyid);
      await assertMayUseCredentials(ctx, body.flowData, row.flowData);
      const { deployed, isPublic, ...rest } = body;
      const patch = {
        ...rest,
        ...(deployed !== undefined && { deployed: int(deployed) }),
        ...(isPublic !== undefined && { isPublic: int(isPublic) }),
        updatedDate: clock.now().toISOString(),
      };
      await db.transaction().execute(async (trx) => {
        await table.update(ctx.workspaceId, id, patch, trx);
        if (body.flowData !== undefined)
          await updateWhereUsed(documentStores, trx, ctx.workspaceId, id, body.flowData);
      });
      return toChatflow({ ...row, ...patch });
    },

    /**
     * Deletes the flow; its messages, feedback, leads and executions go with it (FK cascade), and its
     * upsert history, document-store usage and uploaded files here.
     */
    async remove(ctx: AuthContext, id: string): Promise<void> {
      const row = await load(ctx, id);
      assertCan(ctx, row.type as ChatflowType, 'delete');
      await db.transaction().execute(async (trx) => {
        await upsertHistory.removeOf(trx, id);
        await updateWhereUsed(documentStores, trx, ctx.workspaceId, id, null);
        await table.remove(ctx.workspaceId, id, trx);
      });
      await storage?.removeFlowFiles(ctx.workspaceId, id);
    },
  };
}
export type ChatflowService = ReturnType<typeof createChatflowService>;
