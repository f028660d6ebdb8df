/**
 * Which rows of a checked bundle an import writes, and under which ids: Flowise's rules
 * (FLOWISE_API.md §6.2, docs/decisions.md "Export and import"). Reads run in the import's
 * transaction, so what they see is what the writes land on.
 */
import { randomUUID } from 'node:crypto';
import type { ExportBundleKey } from '@flowloom/shared';
import { AppError } from '../../errors.js';
import { timeOrderedId } from '../../ids.js';
import type { ImportStore } from './export-import.repository.js';
import { remapIds } from './id-remap.js';
import type { ImportBundle } from './import-bundle.js';

/** Flow sections and the chat_flow type each holds (AssistantFlow rides on the assistantCustom flag). */
export const FLOW_SECTIONS = [
  { key: 'AgentFlow', flag: 'agentflow', type: 'MULTIAGENT' },
  { key: 'AgentFlowV2', flag: 'agentflowv2', type: 'AGENTFLOW' },
  { key: 'AssistantFlow', flag: 'assistantCustom', type: 'ASSISTANT' },
  { key: 'ChatFlow', flag: 'chatflow', type: 'CHATFLOW' },
] as const;

export const ASSISTANT_SECTIONS = [
  { key: 'AssistantCustom', flag: 'assistantCustom', type: 'CUSTOM' },
  { key: 'AssistantOpenAI', flag: 'assistantOpenAI', type: 'OPENAI' },
  { key: 'AssistantAzure', flag: 'assistantAzure', type: 'AZURE' },
] as const;

export type Counts = Partial<Record<ExportBundleKey, number>>;

/** The rows to write, after id changes and drops, and how many of each section were left out. */
export interface ImportPlan {
  bundle: ImportBundle;
  /** Assistants whose credential names one of the workspace's (the others are written without). */
  ownCredentials: ReadonlySet<string>;
  skipped: Counts;
}

/**
 * Two rows of one table with the same id cannot both be imported: the file is refused, naming the
 * id. Checked before anything is read or written.
 */
export function assertUniqueIds(bundle: ImportBundle): void {
  const groups: ExportBundleKey[][] = [
    FLOW_SECTIONS.map((s) => s.key),
    ASSISTANT_SECTIONS.map((s) => s.key),
    ...(
      [
        'ChatMessage',
        'ChatMessageFeedback',
        'CustomTemplate',
        'DocumentStore',
        'DocumentStoreFileChunk',
        'Execution',
        'Tool',
        'Variable',
      ] as const
    ).map((key) => [key]),
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

/**
 * Plans an import into `workspaceId`:
 * - flows, assistants, templates, stores, tools, executions and variables whose id exists anywhere
 *   on the server get a new id, and every reference to it in the bundle follows (Flowise's rule);
 * - messages, feedback and chunks whose id is taken get a new id for that row only (feedback follows
 *   its message's new id);
 * - records pointing at a flow, execution, message or store that is neither in the bundle nor the
 *   workspace's are left out (an execution id on a message is cleared instead);
 * - a message keeps at most one feedback; a variable whose name the workspace uses is left out.
 */
export async function planImport(
  store: ImportStore,
  workspaceId: string,
  parsed: ImportBundle,
): Promise<ImportPlan> {
  const bundle = remapIds(parsed, await takenIds(store, parsed));
  const skipped: Counts = {};
  const keep = <T>(key: ExportBundleKey, rows: T[], kept: T[]) => {
    if (kept.length < rows.length) skipped[key] = rows.length - kept.length;
    return kept;
  };

  const flowIds = new Set(FLOW_SECTIONS.flatMap((s) => bundle[s.key].map((r) => r.id)));
  const pointedAt = [
    ...bundle.ChatMessage.map((m) => m.chatflowid),
    ...bundle.ChatMessageFeedback.map((f) => f.chatflowid),
    ...bundle.Execution.map((e) => e.agentflowId),
  ].filter((id) => !flowIds.has(id));
  for (const id of await store.existing('chat_flow', pointedAt, workspaceId)) flowIds.add(id);

  bundle.Execution = keep(
    'Execution',
    bundle.Execution,
    bundle.Execution.filter((e) => flowIds.has(e.agentflowId)),
  );
  bundle.ChatMessage = keep(
    'ChatMessage',
    bundle.ChatMessage,
    bundle.ChatMessage.filter((m) => flowIds.has(m.chatflowid)),
  );
  const messageRenamed = await planMessages(store, workspaceId, bundle);
  bundle.ChatMessageFeedback = keep(
    'ChatMessageFeedback',
    bundle.ChatMessageFeedback,
    await planFeedback(store, workspaceId, bundle, flowIds, messageRenamed),
  );
  bundle.DocumentStoreFileChunk = keep(
    'DocumentStoreFileChunk',
    bundle.DocumentStoreFileChunk,
    await planChunks(store, workspaceId, bundle),
  );
  const names = new Set(
    await store.variableNames(
      bundle.Variable.map((v) => v.name),
      workspaceId,
    ),
  );
  bundle.Variable = keep(
    'Variable',
    bundle.Variable,
    bundle.Variable.filter((v) => !names.has(v.name) && Boolean(names.add(v.name))),
  );
  const credentialIds = ASSISTANT_SECTIONS.flatMap((s) => bundle[s.key].map((a) => a.credential)).filter(
    (c): c is string => c !== null,
  );
  const ownCredentials = new Set(await store.existing('credential', credentialIds, workspaceId));
  return { bundle, ownCredentials, skipped };
}

/** Old → new ids for the rows whose id exists anywhere on the server (renamed everywhere in the bundle). */
async function takenIds(store: ImportStore, bundle: ImportBundle): Promise<Map<string, string>> {
  const renamed = new Map<string, string>();
  const tables = [
    ['chat_flow', FLOW_SECTIONS.flatMap((s) => bundle[s.key].map((r) => r.id))],
    ['assistant', ASSISTANT_SECTIONS.flatMap((s) => bundle[s.key].map((r) => r.id))],
    ['custom_template', bundle.CustomTemplate.map((r) => r.id)],
    ['document_store', bundle.DocumentStore.map((r) => r.id)],
    ['tool', bundle.Tool.map((r) => r.id)],
    ['execution', bundle.Execution.map((r) => r.id)],
    ['variable', bundle.Variable.map((r) => r.id)],
  ] as const;
  for (const [table, ids] of tables)
    for (const id of await store.existing(table, ids)) renamed.set(id, randomUUID());
  return renamed;
}

/** Gives taken message ids new ones and clears execution ids that point nowhere; old → new ids. */
async function planMessages(store: ImportStore, workspaceId: string, bundle: ImportBundle) {
  const executionIds = new Set(bundle.Execution.map((e) => e.id));
  const elsewhere = bundle.ChatMessage.map((m) => m.executionId).filter(
    (id): id is string => id !== null && !executionIds.has(id),
  );
  for (const id of await store.existing('execution', elsewhere, workspaceId)) executionIds.add(id);
  const taken = new Set(
    await store.existing(
      'chat_message',
      bundle.ChatMessage.map((m) => m.id),
    ),
  );
  const renamed = new Map<string, string>();
  for (const message of bundle.ChatMessage) {
    if (taken.has(message.id)) {
      const id = timeOrderedId();
      renamed.set(message.id, id);
      message.id = id;
    }
    if (message.executionId !== null && !executionIds.has(message.executionId)) message.executionId = null;
  }
  return renamed;
}

/** Feedback that keeps its flow and message, one per message and none for an already rated one. */
async function planFeedback(
  store: ImportStore,
  workspaceId: string,
  bundle: ImportBundle,
  flowIds: ReadonlySet<string>,
  messageRenamed: ReadonlyMap<string, string>,
) {
  const rows = bundle.ChatMessageFeedback.map((f) => ({
    ...f,
    messageId: messageRenamed.get(f.messageId) ?? f.messageId,
  }));
  const messageIds = new Set(bundle.ChatMessage.map((m) => m.id));
  const elsewhere = rows.map((f) => f.messageId).filter((id) => !messageIds.has(id));
  for (const id of await store.workspaceMessages(elsewhere, workspaceId)) messageIds.add(id);
  const rated = new Set(await store.ratedMessages(rows.map((f) => f.messageId)));
  const kept = rows.filter((f) => {
    if (!flowIds.has(f.chatflowid) || !messageIds.has(f.messageId) || rated.has(f.messageId)) return false;
    rated.add(f.messageId);
    return true;
  });
  const taken = new Set(
    await store.existing(
      'chat_message_feedback',
      kept.map((f) => f.id),
    ),
  );
  for (const row of kept) if (taken.has(row.id)) row.id = randomUUID();
  return kept;
}

/** Chunks whose store is imported or the workspace's; taken chunk ids get new ones. */
async function planChunks(store: ImportStore, workspaceId: string, bundle: ImportBundle) {
  const storeIds = new Set(bundle.DocumentStore.map((s) => s.id));
  const elsewhere = bundle.DocumentStoreFileChunk.map((c) => c.storeId).filter((id) => !storeIds.has(id));
  for (const id of await store.existing('document_store', elsewhere, workspaceId)) storeIds.add(id);
  const kept = bundle.DocumentStoreFileChunk.filter((c) => storeIds.has(c.storeId));
  const taken = new Set(
    await store.existing(
      'document_store_file_chunk',
      kept.map((c) => c.id),
    ),
  );
  for (const chunk of kept) if (taken.has(chunk.id)) chunk.id = randomUUID();
  return kept;
}
