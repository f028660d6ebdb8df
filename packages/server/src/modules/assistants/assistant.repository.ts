import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { AssistantTable, ChatFlowTable } from '../../db/schema.js';
import { workspaceTable } from '../../db/workspace-table.js';

export type AssistantRow = Selectable<AssistantTable>;

/** Assistants and the chat flows (type ASSISTANT) that run them: SQL only, scoped to a workspace. */
export function createAssistantRepository(db: Db) {
  const assistants = workspaceTable(db, 'assistant', { column: 'updatedDate', direction: 'desc' });
  const flows = workspaceTable(db, 'chat_flow', { column: 'updatedDate', direction: 'desc' });

  return {
    list: (workspaceId: string, type: string | undefined, range?: { offset: number; limit: number }) =>
      assistants.list(workspaceId, { where: type ? { type } : {}, ...range }),
    count: (workspaceId: string, type: string | undefined) =>
      assistants.count(workspaceId, type ? { type } : {}),
    find: (workspaceId: string, id: string, trx?: Db) => assistants.find(workspaceId, id, trx),
    /** An OpenAI or Azure assistant of the workspace, as the OpenAI Assistant node reads it. */
    findOpenAI: (workspaceId: string, id: string) =>
      db
        .selectFrom('assistant')
        .select(['id', 'type', 'details', 'credential'])
        .where('workspaceId', '=', workspaceId)
        .where('id', '=', id)
        .where('type', 'in', ['OPENAI', 'AZURE'])
        .executeTakeFirst()
        .then((row) => (row ? { ...row, type: row.type ?? 'OPENAI' } : undefined)),
    /** The workspace's OpenAI and Azure assistants, newest change first. */
    listOpenAI: (workspaceId: string) =>
      db
        .selectFrom('assistant')
        .select(['id', 'type', 'details', 'credential'])
        .where('workspaceId', '=', workspaceId)
        .where('type', 'in', ['OPENAI', 'AZURE'])
        .orderBy('updatedDate', 'desc')
        .limit(500)
        .execute()
        .then((rows) => rows.map((row) => ({ ...row, type: row.type ?? 'OPENAI' }))),
    insert: (row: Insertable<AssistantTable>, trx: Db) => assistants.insert(row, trx),
    update: (
      workspaceId: string,
      id: string,
      patch: Partial<Pick<AssistantRow, 'details' | 'credential' | 'iconSrc' | 'updatedDate'>>,
      trx: Db,
    ) => assistants.update(workspaceId, id, patch, trx),
    remove: (workspaceId: string, id: string, trx: Db) => assistants.remove(workspaceId, id, trx),

    /** The chat flow of this id, whatever its workspace or type (ids are shared by all flows). */
    findFlow: (id: string, trx: Db = db) =>
      trx
        .selectFrom('chat_flow')
        .select(['id', 'type', 'workspaceId', 'flowData'])
        .where('id', '=', id)
        .executeTakeFirst(),
    insertFlow: (row: Insertable<ChatFlowTable>, trx: Db) => flows.insert(row, trx),
    updateFlow: (
      workspaceId: string,
      id: string,
      patch: Pick<ChatFlowTable, 'name' | 'flowData' | 'updatedDate'>,
      trx: Db,
    ) => flows.update(workspaceId, id, patch, trx),
    removeFlow: (workspaceId: string, id: string, trx: Db) => flows.remove(workspaceId, id, trx),

    /** The stores of a workspace among `ids`, with their names. */
    documentStores: (workspaceId: string, ids: readonly string[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('document_store')
            .select(['id', 'name'])
            .where('workspaceId', '=', workspaceId)
            .where('id', 'in', [...ids])
            .execute(),
    /** The credentials of a workspace among `ids`, with their type. */
    credentials: (workspaceId: string, ids: readonly string[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('credential')
            .select(['id', 'name', 'credentialName'])
            .where('workspaceId', '=', workspaceId)
            .where('id', 'in', [...ids])
            .execute(),
  };
}
export type AssistantRepository = ReturnType<typeof createAssistantRepository>;
