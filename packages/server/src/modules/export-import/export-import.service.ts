import type { ExportBundleKey, ExportFlag, Permission } from '@flowloom/shared';
import { AppError } from '../../errors.js';
import type { Clock } from '../../runtime.js';
import { holds, type AuthContext } from '../auth/auth.service.js';
import { flowPermission } from '../chatflows/chatflow.service.js';
import type { ExportImportRepository, ImportStore } from './export-import.repository.js';
import {
  sanitizeAssistants,
  sanitizeChatflows,
  sanitizeCustomTemplates,
  sanitizeDocumentStores,
  sanitizeExecutions,
  sanitizeTools,
  sanitizeVariables,
} from './export-sanitize.js';
import { parseImportBundle, type ImportBundle } from './import-bundle.js';
import {
  ASSISTANT_SECTIONS,
  FLOW_SECTIONS,
  assertUniqueIds,
  planImport,
  type Counts,
  type ImportPlan,
} from './import-plan.js';

/** The export answer's file name (Flowise's). */
export const EXPORT_FILE_DEFAULT_NAME = 'ExportData.json';

const FLOW_FAMILIES = ['chatflows', 'agentflows', 'assistants'] as const;
const anyFamily = (action: 'view' | 'create'): Permission[] =>
  FLOW_FAMILIES.map((family) => `${family}:${action}` as const);

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

/** The first section each export flag fills (the one its permission is named after). */
const FLAG_SECTION: Record<ExportFlag, ExportBundleKey> = {
  agentflow: 'AgentFlow',
  agentflowv2: 'AgentFlowV2',
  assistantCustom: 'AssistantCustom',
  assistantOpenAI: 'AssistantOpenAI',
  assistantAzure: 'AssistantAzure',
  chatflow: 'ChatFlow',
  chat_message: 'ChatMessage',
  chat_feedback: 'ChatMessageFeedback',
  custom_template: 'CustomTemplate',
  document_store: 'DocumentStore',
  execution: 'Execution',
  tool: 'Tool',
  variable: 'Variable',
};

export type ExportFlags = Partial<Record<ExportFlag, boolean>>;

const mayAny = (ctx: AuthContext, permissions: readonly Permission[]) =>
  permissions.some((permission) => holds(ctx, permission));

/**
 * Workspace export and import (FLOWISE_API.md §6): one JSON bundle of the workspace's flows,
 * assistants, messages, feedback, templates, document stores, executions, tools and variables.
 */
export function createExportImportService({ repo, clock }: { repo: ExportImportRepository; clock: Clock }) {
  /** Each chosen section, sanitised; a section the caller may not read is refused, naming the permission. */
  async function exportData(ctx: AuthContext, flags: ExportFlags) {
    const on = (flag: ExportFlag) => flags[flag] === true;
    for (const [flag, section] of Object.entries(FLAG_SECTION) as [ExportFlag, ExportBundleKey][]) {
      const { read } = SECTION_ACCESS[section];
      if (on(flag) && !mayAny(ctx, read))
        throw new AppError('FORBIDDEN', `Exporting ${section} needs the ${read.join(' or ')} permission`);
    }
    const ws = ctx.workspaceId;
    // Messages and feedback of the flow families the caller may read.
    const flowTypes = (['CHATFLOW', 'AGENTFLOW', 'MULTIAGENT', 'ASSISTANT'] as const).filter((type) =>
      holds(ctx, flowPermission(type, 'view')),
    );
    const out = Object.fromEntries(
      Object.keys(SECTION_ACCESS).map((key) => [key, [] as unknown[]]),
    ) as Record<ExportBundleKey, unknown[]>;
    try {
      for (const { key, flag, type } of FLOW_SECTIONS)
        if (on(flag)) out[key] = sanitizeChatflows(await repo.flows(ws, type));
      for (const { key, flag, type } of ASSISTANT_SECTIONS)
        if (on(flag)) out[key] = sanitizeAssistants(await repo.assistants(ws, type));
      if (on('chat_message') && flowTypes.length > 0) out.ChatMessage = await repo.messages(ws, flowTypes);
      if (on('chat_feedback') && flowTypes.length > 0)
        out.ChatMessageFeedback = await repo.feedback(ws, flowTypes);
      if (on('custom_template')) out.CustomTemplate = sanitizeCustomTemplates(await repo.customTemplates(ws));
      if (on('document_store')) {
        out.DocumentStore = sanitizeDocumentStores(await repo.documentStores(ws));
        out.DocumentStoreFileChunk = await repo.chunks(ws);
      }
      if (on('execution')) out.Execution = sanitizeExecutions(await repo.executions(ws));
      if (on('tool')) out.Tool = sanitizeTools(await repo.tools(ws));
      if (on('variable')) out.Variable = sanitizeVariables(await repo.variables(ws));
    } catch (error) {
      // SPEC §8: a failing stage names itself (`exportImport.sanitizeTool …`); anything else is exportData's.
      const message = error instanceof Error ? error.message : String(error);
      throw new AppError(
        'INTERNAL',
        message.startsWith('exportImport.') ? message : `exportImport.exportData ${message}`,
        {
          cause: error,
        },
      );
    }
    return { FileDefaultName: EXPORT_FILE_DEFAULT_NAME, ...out };
  }

  /**
   * Checks the whole file first (shape, permissions, duplicate ids), then plans and writes it in one
   * transaction: a refused file, or a failing write, leaves the database as it was.
   */
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
    const now = clock.now().toISOString();
    return repo.transaction(async (store) => {
      const plan = await planImport(store, ctx.workspaceId, parsed);
      await writeRows(store, ctx.workspaceId, plan, now);
      return { message: 'success', imported: importedCounts(plan.bundle), skipped: plan.skipped };
    });
  }

  return { exportData, importData };
}
export type ExportImportService = ReturnType<typeof createExportImportService>;

/** Writes a planned import into the workspace (parents before the rows that point at them). */
async function writeRows(store: ImportStore, workspaceId: string, plan: ImportPlan, now: string) {
  const { bundle, ownCredentials } = plan;
  const dated = (row: { createdDate: string | null; updatedDate?: string | null }) => ({
    createdDate: row.createdDate ?? now,
    updatedDate: row.updatedDate ?? row.createdDate ?? now,
  });
  await store.insert(
    'chat_flow',
    FLOW_SECTIONS.flatMap(({ key, type }) =>
      bundle[key].map((row) => ({
        ...row,
        // Stored minified, as Flowise does; imported flows start private, unbound and undeployed.
        flowData: JSON.stringify(JSON.parse(row.flowData)),
        type,
        deployed: null,
        isPublic: null,
        apikeyid: null,
        mcpServerConfig: null,
        webhookSecret: null,
        workspaceId,
        ...dated(row),
      })),
    ),
  );
  await store.insert(
    'assistant',
    ASSISTANT_SECTIONS.flatMap(({ key, type }) =>
      bundle[key].map((row) => ({
        ...row,
        credential: row.credential !== null && ownCredentials.has(row.credential) ? row.credential : null,
        type,
        workspaceId,
        ...dated(row),
      })),
    ),
  );
  await store.insert(
    'execution',
    bundle.Execution.map((row) => ({ ...row, workspaceId, ...dated(row) })),
  );
  await store.insert(
    'chat_message',
    bundle.ChatMessage.map((row) => ({ ...row, createdDate: row.createdDate ?? now })),
  );
  await store.insert(
    'chat_message_feedback',
    bundle.ChatMessageFeedback.map((row) => ({ ...row, createdDate: row.createdDate ?? now })),
  );
  await store.insert(
    'custom_template',
    bundle.CustomTemplate.map(({ iconSrc, schema, func, ...row }) => ({
      ...row,
      // A tool template's flowData is its tool, rebuilt from the listed fields as Flowise does.
      flowData:
        row.type === 'Tool' && (iconSrc !== null || schema !== null || func !== null)
          ? JSON.stringify({ iconSrc, schema, func })
          : (row.flowData ?? ''),
      workspaceId,
      ...dated(row),
    })),
  );
  await store.insert(
    'document_store',
    bundle.DocumentStore.map((row) => ({
      ...row,
      status: row.status ?? 'EMPTY',
      workspaceId,
      ...dated(row),
    })),
  );
  await store.insert('document_store_file_chunk', bundle.DocumentStoreFileChunk);
  await store.insert(
    'tool',
    bundle.Tool.map((row) => ({
      ...row,
      description: row.description ?? '',
      color: row.color ?? '',
      workspaceId,
      ...dated(row),
    })),
  );
  await store.insert(
    'variable',
    bundle.Variable.map((row) => ({ ...row, type: row.type ?? 'static', workspaceId, ...dated(row) })),
  );
}

function importedCounts(bundle: ImportBundle): Counts {
  const counts: Counts = {};
  for (const [key, rows] of Object.entries(bundle) as [ExportBundleKey, unknown[]][])
    if (rows.length > 0) counts[key] = rows.length;
  return counts;
}
