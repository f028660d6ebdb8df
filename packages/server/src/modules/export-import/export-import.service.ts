import { randomUUID } from 'node:crypto';
import type { ExportBundleKey, ExportFlag, Permission } from '@flowloom/shared';
import type { Insertable, Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { timeOrderedId } from '../../ids.js';
import type { Clock } from '../../runtime.js';
import { holds, type AuthContext } from '../auth/auth.service.js';
import { flowPermission } from '../chatflows/chatflow.service.js';
import {
  sanitizeAssistants,
  sanitizeChatflows,
  sanitizeCustomTemplates,
  sanitizeDocumentStores,
  sanitizeExecutions,
  sanitizeTools,
  sanitizeVariables,
} from './export-sanitize.js';
import { remapIds } from './id-remap.js';
import { parseImportBundle, type FlowImportRow, type ImportBundle } from './import-bundle.js';

/** The export answer's file name (Flowise's). */
export const EXPORT_FILE_DEFAULT_NAME = 'ExportData.json';

type FlowType = 'CHATFLOW' | 'AGENTFLOW' | 'MULTIAGENT' | 'ASSISTANT';

/** Flow sections and the chat_flow type each holds (AssistantFlow rides on the assistantCustom flag). */
const FLOW_SECTIONS = [
  { key: 'AgentFlow', flag: 'agentflow', type: 'MULTIAGENT' },
  { key: 'AgentFlowV2', flag: 'agentflowv2', type: 'AGENTFLOW' },
  { key: 'AssistantFlow', flag: 'assistantCustom', type: 'ASSISTANT' },
  { key: 'ChatFlow', flag: 'chatflow', type: 'CHATFLOW' },
] as const satisfies readonly { key: ExportBundleKey; flag: ExportFlag; type: FlowType }[];

const ASSISTANT_SECTIONS = [
  { key: 'AssistantCustom', flag: 'assistantCustom', type: 'CUSTOM' },
  { key: 'AssistantOpenAI', flag: 'assistantOpenAI', type: 'OPENAI' },
  { key: 'AssistantAzure', flag: 'assistantAzure', type: 'AZURE' },
] as const satisfies readonly { key: ExportBundleKey; flag: ExportFlag; type: string }[];

const FLOW_FAMILIES = ['chatflows', 'agentflows', 'assistants'] as const;
const anyFamily = (action: 'view' | 'create'): Permission[] =>
  FLOW_FAMILIES.map((f) => `${f}:${action}` as const);

/**
 * What a section asks besides `workspace:export` / `workspace:import`: reading it needs its view
 * permission, writing it its create permission (any one of a list).
 */
const SECTION_ACCESS: Record<ExportBundleKey, { read: Permission[]; write: Permission[] }> = {
  AgentFlow: { read: ['agentflows:view'], write: ['agentflows:create'] },
  AgentFlowV2: { read: ['agentflows:view'], write: ['agentflows:create'] },
  AssistantFlow: { read: ['assistants:view'], write: ['assistants:create'] },
  AssistantCustom: { read: ['assistants:view'], write: ['assistants:create'] },
  AssistantOpenAI: { read: ['assistants:view'], write: ['assistants:create'] },
  AssistantAzure: { read: ['assistants:view'], write: ['assistants:create'] },
  ChatFlow: { read: ['chatflows:view'], write: ['chatflows:create'] },
  ChatMessage: { read: anyFamily('view'), write: anyFamily('create') },
  ChatMessageFeedback: { read: anyFamily('view'), write: anyFamily('create') },
  CustomTemplate: { read: ['templates:custom'], write: ['templates:flowexport', 'templates:toolexport'] },
  DocumentStore: { read: ['documentStores:view'], write: ['documentStores:create'] },
  DocumentStoreFileChunk: { read: ['documentStores:view'], write: ['documentStores:create'] },
  Execution: { read: ['executions:view'], write: ['executions:update'] },
  Tool: { read: ['tools:view'], write: ['tools:create'] },
  Variable: { read: ['variables:view'], write: ['variables:create'] },
};

/** The sections each export flag fills. */
const FLAG_SECTIONS: Record<ExportFlag, ExportBundleKey[]> = {
  agentflow: ['AgentFlow'],
  agentflowv2: ['AgentFlowV2'],
  assistantCustom: ['AssistantCustom', 'AssistantFlow'],
  assistantOpenAI: ['AssistantOpenAI'],
  assistantAzure: ['AssistantAzure'],
  chatflow: ['ChatFlow'],
  chat_message: ['ChatMessage'],
  chat_feedback: ['ChatMessageFeedback'],
  custom_template: ['CustomTemplate'],
  document_store: ['DocumentStore', 'DocumentStoreFileChunk'],
  execution: ['Execution'],
  tool: ['Tool'],
  variable: ['Variable'],
};

export type ExportFlags = Partial<Record<ExportFlag, boolean>>;

const mayAny = (ctx: AuthContext, permissions: readonly Permission[]) =>
  permissions.some((p) => holds(ctx, p));

/** Rows per INSERT: well under SQLite's and PostgreSQL's bound-parameter limits for the widest table. */
const INSERT_BATCH = 500;
/** Ids per `IN (…)` lookup. */
const LOOKUP_BATCH = 500;

/**
 * Workspace export and import (FLOWISE_API.md §6): one JSON bundle of the workspace's flows,
 * assistants, messages, feedback, templates, document stores, executions, tools and variables.
 */
export function createExportImportService({ db, clock }: { db: Db; clock: Clock }) {
  /** Flow types whose records (messages, feedback) the caller may read. */
  const readableFlowTypes = (ctx: AuthContext): FlowType[] =>
    (['CHATFLOW', 'AGENTFLOW', 'MULTIAGENT', 'ASSISTANT'] as const).filter((type) =>
      holds(ctx, flowPermission(type, 'view')),
    );

  async function exportData(ctx: AuthContext, flags: ExportFlags) {
    for (const [flag, sections] of Object.entries(FLAG_SECTIONS) as [ExportFlag, ExportBundleKey[]][]) {
      if (flags[flag] !== true) continue;
      const { read } = SECTION_ACCESS[sections[0]!];
      if (!mayAny(ctx, read))
        throw new AppError('FORBIDDEN', `Exporting ${sections[0]} needs the ${read.join(' or ')} permission`);
    }
    const workspaceId = ctx.workspaceId;
    const on = (flag: ExportFlag) => flags[flag] === true;
    try {
      const flows = async (type: FlowType) =>
        sanitizeChatflows(
          await db
            .selectFrom('chat_flow')
            .select(['id', 'name', 'flowData', 'type'])
            .where('workspaceId', '=', workspaceId)
            .where('type', '=', type)
            .orderBy('createdDate')
            .orderBy('id')
            .execute(),
        );
      const assistants = async (type: string) =>
        sanitizeAssistants(
          await db
            .selectFrom('assistant')
            .selectAll()
            .where('workspaceId', '=', workspaceId)
            .where('type', '=', type)
            .orderBy('createdDate')
            .orderBy('id')
            .execute(),
        );
      const out: Record<ExportBundleKey, unknown[]> = Object.fromEntries(
        Object.keys(SECTION_ACCESS).map((key) => [key, []]),
      ) as unknown as Record<ExportBundleKey, unknown[]>;
      for (const section of FLOW_SECTIONS) if (on(section.flag)) out[section.key] = await flows(section.type);
      for (const section of ASSISTANT_SECTIONS)
        if (on(section.flag)) out[section.key] = await assistants(section.type);

      const flowTypes = readableFlowTypes(ctx);
      if (on('chat_message') && flowTypes.length > 0)
        out.ChatMessage = await db
          .selectFrom('chat_message as m')
          .innerJoin('chat_flow as f', 'f.id', 'm.chatflowid')
          .selectAll('m')
          .where('f.workspaceId', '=', workspaceId)
          .where('f.type', 'in', flowTypes)
          .orderBy('m.createdDate')
          .orderBy('m.id')
          .execute();
      if (on('chat_feedback') && flowTypes.length > 0)
        out.ChatMessageFeedback = await db
          .selectFrom('chat_message_feedback as fb')
          .innerJoin('chat_flow as f', 'f.id', 'fb.chatflowid')
          .selectAll('fb')
          .where('f.workspaceId', '=', workspaceId)
          .where('f.type', 'in', flowTypes)
          .orderBy('fb.createdDate')
          .orderBy('fb.id')
          .execute();
      if (on('custom_template'))
        out.CustomTemplate = sanitizeCustomTemplates(
          await db
            .selectFrom('custom_template')
            .selectAll()
            .where('workspaceId', '=', workspaceId)
            .orderBy('createdDate')
            .orderBy('id')
            .execute(),
        );
      if (on('document_store')) {
        out.DocumentStore = sanitizeDocumentStores(
          await db
            .selectFrom('document_store')
            .selectAll()
            .where('workspaceId', '=', workspaceId)
            .orderBy('createdDate')
            .orderBy('id')
            .execute(),
        );
        out.DocumentStoreFileChunk = await db
          .selectFrom('document_store_file_chunk as c')
          .innerJoin('document_store as s', 's.id', 'c.storeId')
          .selectAll('c')
          .where('s.workspaceId', '=', workspaceId)
          .orderBy('c.storeId')
          .orderBy('c.docId')
          .orderBy('c.chunkNo')
          .orderBy('c.id')
          .execute();
      }
      if (on('execution'))
        out.Execution = sanitizeExecutions(
          await db
            .selectFrom('execution')
            .selectAll()
            .where('workspaceId', '=', workspaceId)
            .orderBy('createdDate')
            .orderBy('id')
            .execute(),
        );
      if (on('tool'))
        out.Tool = sanitizeTools(
          await db
            .selectFrom('tool')
            .selectAll()
            .where('workspaceId', '=', workspaceId)
            .orderBy('createdDate')
            .orderBy('id')
            .execute(),
        );
      if (on('variable'))
        out.Variable = sanitizeVariables(
          await db
            .selectFrom('variable')
            .selectAll()
            .where('workspaceId', '=', workspaceId)
            .orderBy('createdDate')
            .orderBy('id')
            .execute(),
        );
      return { FileDefaultName: EXPORT_FILE_DEFAULT_NAME, ...out };
    } catch (error) {
      if (error instanceof AppError) throw error;
      const message = error instanceof Error ? error.message : String(error);
      throw new AppError(
        'INTERNAL',
        message.startsWith('exportImport.') ? message : `exportImport.exportData ${message}`,
        { cause: error },
      );
    }
  }

  async function importData(ctx: AuthContext, body: unknown) {
    const parsed = parseImportBundle(body);
    for (const key of Object.keys(SECTION_ACCESS) as ExportBundleKey[]) {
      const { write } = SECTION_ACCESS[key];
      if (parsed[key].length > 0 && !mayAny(ctx, write))
        throw new AppError('FORBIDDEN', `Importing ${key} needs the ${write.join(' or ')} permission`);
    }
    assertUniqueIds(parsed);
    for (const [index, template] of parsed.CustomTemplate.entries())
      if (template.type !== 'Tool' && !template.flowData)
        throw new AppError(
          'BAD_REQUEST',
          `Invalid Imported File: CustomTemplate[${index}].flowData is required`,
        );
    return db.transaction().execute((trx) => importInto(trx, ctx.workspaceId, parsed));
  }

  async function importInto(trx: Transaction<Database>, workspaceId: string, parsed: ImportBundle) {
    const now = clock.now().toISOString();
    // Ids taken anywhere on this server get new ones; references in the bundle follow.
    const renamed = new Map<string, string>();
    const taken = async (table: RenamedTable, ids: string[]) => {
      for (const id of await existing(trx, table, ids)) renamed.set(id, randomUUID());
    };
    await taken(
      'chat_flow',
      FLOW_SECTIONS.flatMap((s) => parsed[s.key].map((r) => r.id)),
    );
    await taken(
      'assistant',
      ASSISTANT_SECTIONS.flatMap((s) => parsed[s.key].map((r) => r.id)),
    );
    await taken(
      'custom_template',
      parsed.CustomTemplate.map((r) => r.id),
    );
    await taken(
      'document_store',
      parsed.DocumentStore.map((r) => r.id),
    );
    await taken(
      'tool',
      parsed.Tool.map((r) => r.id),
    );
    await taken(
      'execution',
      parsed.Execution.map((r) => r.id),
    );
    await taken(
      'variable',
      parsed.Variable.map((r) => r.id),
    );
    const bundle = remapIds(parsed, renamed);

    const skipped: Partial<Record<ExportBundleKey, number>> = {};
    const skip = (key: ExportBundleKey, count: number) => {
      if (count > 0) skipped[key] = (skipped[key] ?? 0) + count;
    };

    // Flows: the bundle's, plus the workspace's own for records that point at them.
    const flowIds = new Set(FLOW_SECTIONS.flatMap((s) => bundle[s.key].map((r) => r.id)));
    const referenced = [
      ...bundle.ChatMessage.map((m) => m.chatflowid),
      ...bundle.ChatMessageFeedback.map((f) => f.chatflowid),
      ...bundle.Execution.map((e) => e.agentflowId),
    ].filter((id) => !flowIds.has(id));
    for (const id of await existing(trx, 'chat_flow', referenced, workspaceId)) flowIds.add(id);

    const executions = bundle.Execution.filter((e) => flowIds.has(e.agentflowId));
    skip('Execution', bundle.Execution.length - executions.length);
    const executionIds = new Set(executions.map((e) => e.id));
    const outsideExecutions = bundle.ChatMessage.map((m) => m.executionId).filter(
      (id): id is string => id !== null && !executionIds.has(id),
    );
    for (const id of await existing(trx, 'execution', outsideExecutions, workspaceId)) executionIds.add(id);

    // Messages of flows that are neither imported nor the workspace's are dropped; ids taken get new ones.
    const messages = bundle.ChatMessage.filter((m) => flowIds.has(m.chatflowid));
    skip('ChatMessage', bundle.ChatMessage.length - messages.length);
    const messageIdsTaken = new Set(
      await existing(
        trx,
        'chat_message',
        messages.map((m) => m.id),
      ),
    );
    const messageRenamed = new Map<string, string>();
    for (const message of messages) {
      if (messageIdsTaken.has(message.id)) {
        const id = timeOrderedId();
        messageRenamed.set(message.id, id);
        message.id = id;
      }
      if (message.executionId !== null && !executionIds.has(message.executionId)) message.executionId = null;
    }

    // Feedback needs its flow and its message; one per message, and never a second one for a message.
    const messageIds = new Set(messages.map((m) => m.id));
    const feedbackRows = bundle.ChatMessageFeedback.map((f) => ({
      ...f,
      messageId: messageRenamed.get(f.messageId) ?? f.messageId,
    }));
    const outsideMessages = feedbackRows.map((f) => f.messageId).filter((id) => !messageIds.has(id));
    for (const id of await existingMessages(trx, outsideMessages, workspaceId)) messageIds.add(id);
    const rated = new Set(
      await existingFeedback(
        trx,
        feedbackRows.map((f) => f.messageId),
      ),
    );
    const feedback = feedbackRows.filter((f) => {
      if (!flowIds.has(f.chatflowid) || !messageIds.has(f.messageId) || rated.has(f.messageId)) return false;
      rated.add(f.messageId);
      return true;
    });
    skip('ChatMessageFeedback', bundle.ChatMessageFeedback.length - feedback.length);
    const feedbackTaken = new Set(
      await existing(
        trx,
        'chat_message_feedback',
        feedback.map((f) => f.id),
      ),
    );
    for (const row of feedback) if (feedbackTaken.has(row.id)) row.id = randomUUID();

    // Chunks need their store.
    const storeIds = new Set(bundle.DocumentStore.map((s) => s.id));
    const outsideStores = bundle.DocumentStoreFileChunk.map((c) => c.storeId).filter(
      (id) => !storeIds.has(id),
    );
    for (const id of await existing(trx, 'document_store', outsideStores, workspaceId)) storeIds.add(id);
    const chunks = bundle.DocumentStoreFileChunk.filter((c) => storeIds.has(c.storeId));
    skip('DocumentStoreFileChunk', bundle.DocumentStoreFileChunk.length - chunks.length);
    const chunkTaken = new Set(
      await existing(
        trx,
        'document_store_file_chunk',
        chunks.map((c) => c.id),
      ),
    );
    for (const chunk of chunks) if (chunkTaken.has(chunk.id)) chunk.id = randomUUID();

    // A variable whose name the workspace already uses keeps the workspace's (its value is not exported).
    const names = new Set(
      (
        await lookup(
          bundle.Variable.map((v) => v.name),
          (batch) =>
            trx
              .selectFrom('variable')
              .select('name as id')
              .where('workspaceId', '=', workspaceId)
              .where('name', 'in', batch)
              .execute(),
        )
      ).map((r) => r.id),
    );
    const variables = bundle.Variable.filter((v) => {
      if (names.has(v.name)) return false;
      names.add(v.name);
      return true;
    });
    skip('Variable', bundle.Variable.length - variables.length);

    // An assistant keeps its credential only when it names one of this workspace's.
    const assistantRows = ASSISTANT_SECTIONS.flatMap((s) =>
      bundle[s.key].map((row) => ({ ...row, type: s.type })),
    );
    const credentials = new Set(
      await existing(
        trx,
        'credential',
        assistantRows.map((a) => a.credential).filter((c): c is string => c !== null),
        workspaceId,
      ),
    );

    const dated = (row: { createdDate: string | null; updatedDate?: string | null }) => ({
      createdDate: row.createdDate ?? now,
      updatedDate: row.updatedDate ?? row.createdDate ?? now,
    });
    const flowRow = (row: FlowImportRow, type: FlowType): Insertable<Database['chat_flow']> => ({
      id: row.id,
      name: row.name,
      flowData: JSON.stringify(JSON.parse(row.flowData)),
      deployed: null,
      isPublic: null,
      apikeyid: null,
      chatbotConfig: row.chatbotConfig,
      apiConfig: row.apiConfig,
      analytic: row.analytic,
      speechToText: row.speechToText,
      textToSpeech: row.textToSpeech,
      followUpPrompts: row.followUpPrompts,
      category: row.category,
      type,
      mcpServerConfig: null,
      webhookSecret: null,
      workspaceId,
      ...dated(row),
    });

    await insert(
      trx,
      'chat_flow',
      FLOW_SECTIONS.flatMap((s) => bundle[s.key].map((row) => flowRow(row, s.type))),
    );
    await insert(
      trx,
      'assistant',
      assistantRows.map((row) => ({
        id: row.id,
        details: row.details,
        credential: row.credential !== null && credentials.has(row.credential) ? row.credential : null,
        iconSrc: row.iconSrc,
        type: row.type,
        workspaceId,
        ...dated(row),
      })),
    );
    await insert(
      trx,
      'execution',
      executions.map((row) => ({ ...row, stoppedReason: row.stoppedReason, workspaceId, ...dated(row) })),
    );
    await insert(
      trx,
      'chat_message',
      messages.map((row) => ({ ...row, createdDate: row.createdDate ?? now })),
    );
    await insert(
      trx,
      'chat_message_feedback',
      feedback.map((row) => ({ ...row, createdDate: row.createdDate ?? now })),
    );
    await insert(
      trx,
      'custom_template',
      bundle.CustomTemplate.map(({ iconSrc, schema, func, ...row }) => ({
        ...row,
        flowData:
          row.type === 'Tool' && (iconSrc !== null || schema !== null || func !== null)
            ? JSON.stringify({ iconSrc, schema, func })
            : (row.flowData ?? ''),
        workspaceId,
        ...dated(row),
      })),
    );
    await insert(
      trx,
      'document_store',
      bundle.DocumentStore.map((row) => ({
        ...row,
        status: row.status ?? 'EMPTY',
        workspaceId,
        ...dated(row),
      })),
    );
    await insert(trx, 'document_store_file_chunk', chunks);
    await insert(
      trx,
      'tool',
      bundle.Tool.map((row) => ({
        ...row,
        description: row.description ?? '',
        color: row.color ?? '',
        workspaceId,
        ...dated(row),
      })),
    );
    await insert(
      trx,
      'variable',
      variables.map((row) => ({ ...row, type: row.type ?? 'static', workspaceId, ...dated(row) })),
    );

    const imported: Partial<Record<ExportBundleKey, number>> = {};
    const count = (key: ExportBundleKey, n: number) => {
      if (n > 0) imported[key] = n;
    };
    for (const s of FLOW_SECTIONS) count(s.key, bundle[s.key].length);
    for (const s of ASSISTANT_SECTIONS) count(s.key, bundle[s.key].length);
    count('ChatMessage', messages.length);
    count('ChatMessageFeedback', feedback.length);
    count('CustomTemplate', bundle.CustomTemplate.length);
    count('DocumentStore', bundle.DocumentStore.length);
    count('DocumentStoreFileChunk', chunks.length);
    count('Execution', executions.length);
    count('Tool', bundle.Tool.length);
    count('Variable', variables.length);
    return { message: 'success', imported, skipped };
  }

  return { exportData: (ctx: AuthContext, flags: ExportFlags) => exportData(ctx, flags), importData };
}
export type ExportImportService = ReturnType<typeof createExportImportService>;

type RenamedTable =
  | 'chat_flow'
  | 'assistant'
  | 'custom_template'
  | 'document_store'
  | 'tool'
  | 'execution'
  | 'variable'
  | 'credential'
  | 'chat_message'
  | 'chat_message_feedback'
  | 'document_store_file_chunk';

/** Runs a lookup over distinct values, a batch at a time, and joins the answers. */
async function lookup<T>(values: readonly string[], query: (batch: string[]) => Promise<T[]>): Promise<T[]> {
  const distinct = [...new Set(values)];
  const rows: T[] = [];
  for (let i = 0; i < distinct.length; i += LOOKUP_BATCH)
    rows.push(...(await query(distinct.slice(i, i + LOOKUP_BATCH))));
  return rows;
}

/** Which of `ids` exist in `table` (in any workspace, or in `workspaceId` only when given). */
async function existing(
  trx: Transaction<Database>,
  table: RenamedTable,
  ids: readonly string[],
  workspaceId?: string,
): Promise<string[]> {
  // The table is chosen at run time; every table named here has a text `id` (and those filtered by
  // workspace a `workspaceId`).
  const handle = trx as unknown as Transaction<{ rows: { id: string; workspaceId: string } }>;
  const rows = await lookup(ids, (batch) => {
    let query = handle
      .selectFrom(table as unknown as 'rows')
      .select('id')
      .where('id', 'in', batch);
    if (workspaceId !== undefined) query = query.where('workspaceId', '=', workspaceId);
    return query.execute();
  });
  return rows.map((r) => r.id);
}

/** Which of `ids` are messages of the workspace's flows. */
async function existingMessages(trx: Transaction<Database>, ids: readonly string[], workspaceId: string) {
  const rows = await lookup(ids, (batch) =>
    trx
      .selectFrom('chat_message as m')
      .innerJoin('chat_flow as f', 'f.id', 'm.chatflowid')
      .select('m.id')
      .where('f.workspaceId', '=', workspaceId)
      .where('m.id', 'in', batch)
      .execute(),
  );
  return rows.map((r) => r.id);
}

/** Which of the messages `ids` already have feedback (one per message). */
async function existingFeedback(trx: Transaction<Database>, ids: readonly string[]) {
  const rows = await lookup(ids, (batch) =>
    trx.selectFrom('chat_message_feedback').select('messageId').where('messageId', 'in', batch).execute(),
  );
  return rows.map((r) => r.messageId);
}

/** Inserts rows a batch at a time. */
async function insert<T extends keyof Database>(
  trx: Transaction<Database>,
  table: T,
  rows: Insertable<Database[T]>[],
): Promise<void> {
  const handle = trx as unknown as Transaction<{ rows: Record<string, unknown> }>;
  for (let i = 0; i < rows.length; i += INSERT_BATCH)
    await handle
      .insertInto(table as unknown as 'rows')
      .values(rows.slice(i, i + INSERT_BATCH))
      .execute();
}

/** Two rows of one table with the same id cannot both be imported: the file is refused, naming the id. */
function assertUniqueIds(bundle: ImportBundle): void {
  const groups: ExportBundleKey[][] = [
    FLOW_SECTIONS.map((s) => s.key),
    ASSISTANT_SECTIONS.map((s) => s.key),
    ['ChatMessage'],
    ['ChatMessageFeedback'],
    ['CustomTemplate'],
    ['DocumentStore'],
    ['DocumentStoreFileChunk'],
    ['Execution'],
    ['Tool'],
    ['Variable'],
  ];
  for (const group of groups) {
    const seen = new Set<string>();
    for (const key of group)
      for (const [index, row] of bundle[key].entries()) {
        if (seen.has(row.id))
          throw new AppError(
            'BAD_REQUEST',
            `Invalid Imported File: ${key}[${index}].id "${row.id}" appears more than once in the file`,
          );
        seen.add(row.id);
      }
  }
}
