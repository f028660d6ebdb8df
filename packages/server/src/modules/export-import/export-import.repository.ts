import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';

/** Ids per `IN (…)` lookup. */
const LOOKUP_BATCH = 500;
/** Rows per INSERT: well under SQLite's and PostgreSQL's bound-parameter limits for the widest table (20 columns). */
const INSERT_BATCH = 500;

/** Tables whose ids an import looks up. */
export type IdTable =
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

/** The reads of a workspace export: every table ordered by creation, then id (stable files). */
export function createExportImportRepository(db: Db) {
  const byWorkspace = <
    T extends 'assistant' | 'custom_template' | 'document_store' | 'execution' | 'tool' | 'variable',
  >(
    table: T,
    workspaceId: string,
  ) =>
    (db as unknown as Kysely<{ rows: { workspaceId: string; createdDate: string; id: string } }>)
      .selectFrom(table as unknown as 'rows')
      .selectAll()
      .where('workspaceId', '=', workspaceId)
      .orderBy('createdDate')
      .orderBy('id');

  return {
    flows: (workspaceId: string, type: string) =>
      db
        .selectFrom('chat_flow')
        .select(['id', 'name', 'flowData', 'type'])
        .where('workspaceId', '=', workspaceId)
        .where('type', '=', type)
        .orderBy('createdDate')
        .orderBy('id')
        .execute(),

    assistants: (workspaceId: string, type: string) =>
      db
        .selectFrom('assistant')
        .selectAll()
        .where('workspaceId', '=', workspaceId)
        .where('type', '=', type)
        .orderBy('createdDate')
        .orderBy('id')
        .execute(),

    /** Messages of the workspace's flows of these types. */
    messages: (workspaceId: string, flowTypes: readonly string[]) =>
      db
        .selectFrom('chat_message as m')
        .innerJoin('chat_flow as f', 'f.id', 'm.chatflowid')
        .selectAll('m')
        .where('f.workspaceId', '=', workspaceId)
        .where('f.type', 'in', flowTypes)
        .orderBy('m.createdDate')
        .orderBy('m.id')
        .execute(),

    feedback: (workspaceId: string, flowTypes: readonly string[]) =>
      db
        .selectFrom('chat_message_feedback as fb')
        .innerJoin('chat_flow as f', 'f.id', 'fb.chatflowid')
        .selectAll('fb')
        .where('f.workspaceId', '=', workspaceId)
        .where('f.type', 'in', flowTypes)
        .orderBy('fb.createdDate')
        .orderBy('fb.id')
        .execute(),

    customTemplates: (workspaceId: string) =>
      byWorkspace('custom_template', workspaceId).execute() as Promise<Database['custom_template'][]>,
    documentStores: (workspaceId: string) =>
      byWorkspace('document_store', workspaceId).execute() as Promise<Database['document_store'][]>,
    executions: (workspaceId: string) =>
      byWorkspace('execution', workspaceId).execute() as Promise<Database['execution'][]>,
    tools: (workspaceId: string) => byWorkspace('tool', workspaceId).execute() as Promise<Database['tool'][]>,
    variables: (workspaceId: string) =>
      byWorkspace('variable', workspaceId).execute() as Promise<Database['variable'][]>,

    /** Chunks of the workspace's document stores. */
    chunks: (workspaceId: string) =>
      db
        .selectFrom('document_store_file_chunk as c')
        .innerJoin('document_store as s', 's.id', 'c.storeId')
        .selectAll('c')
        .where('s.workspaceId', '=', workspaceId)
        .orderBy('c.storeId')
        .orderBy('c.docId')
        .orderBy('c.chunkNo')
        .orderBy('c.id')
        .execute(),

    /** Runs an import's reads and writes in one transaction. */
    transaction: <T>(work: (tx: ImportStore) => Promise<T>) =>
      db.transaction().execute((trx) => work(importStore(trx))),
  };
}
export type ExportImportRepository = ReturnType<typeof createExportImportRepository>;

/** What an import reads and writes inside its transaction. */
function importStore(trx: Transaction<Database>) {
  return {
    /** Which of `ids` exist in `table`: in any workspace, or in `workspaceId` only when given. */
    async existing(table: IdTable, ids: readonly string[], workspaceId?: string): Promise<string[]> {
      // The table is chosen at run time; every table named here has a text `id` (and those filtered
      // by workspace a `workspaceId`).
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
    },

    /** Which of `ids` are messages of the workspace's flows. */
    async workspaceMessages(ids: readonly string[], workspaceId: string): Promise<string[]> {
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
    },

    /** Which of the messages `ids` already have feedback (a message has at most one). */
    async ratedMessages(ids: readonly string[]): Promise<string[]> {
      const rows = await lookup(ids, (batch) =>
        trx.selectFrom('chat_message_feedback').select('messageId').where('messageId', 'in', batch).execute(),
      );
      return rows.map((r) => r.messageId);
    },

    /** Which of `names` the workspace's variables already use. */
    async variableNames(names: readonly string[], workspaceId: string): Promise<string[]> {
      const rows = await lookup(names, (batch) =>
        trx
          .selectFrom('variable')
          .select('name')
          .where('workspaceId', '=', workspaceId)
          .where('name', 'in', batch)
          .execute(),
      );
      return rows.map((r) => r.name);
    },

    /** Inserts rows a batch at a time. */
    async insert<T extends keyof Database>(table: T, rows: Insertable<Database[T]>[]): Promise<void> {
      const handle = trx as unknown as Transaction<{ rows: Record<string, unknown> }>;
      for (let i = 0; i < rows.length; i += INSERT_BATCH)
        await handle
          .insertInto(table as unknown as 'rows')
          .values(rows.slice(i, i + INSERT_BATCH))
          .execute();
    },
  };
}
export type ImportStore = ReturnType<typeof importStore>;

/** Runs a lookup over the distinct values, a batch at a time, and joins the answers. */
async function lookup<T>(values: readonly string[], query: (batch: string[]) => Promise<T[]>): Promise<T[]> {
  const distinct = [...new Set(values)];
  const rows: T[] = [];
  for (let i = 0; i < distinct.length; i += LOOKUP_BATCH)
    rows.push(...(await query(distinct.slice(i, i + LOOKUP_BATCH))));
  return rows;
}
