import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import { preparedQuery } from '../../db/prepared.js';
import type { ChatFlowTable } from '../../db/schema.js';

/** The settings of a flow the run API reads before running it (its flow JSON is read on demand). */
export type FlowRunSettings = Pick<
  Selectable<ChatFlowTable>,
  | 'id'
  | 'type'
  | 'workspaceId'
  | 'apikeyid'
  | 'apiConfig'
  | 'chatbotConfig'
  | 'followUpPrompts'
  | 'speechToText'
  | 'updatedDate'
>;

/** A value computed on first use, then kept. */
function lazy<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

/**
 * Reads of `chat_flow` made outside the workspace CRUD of the chatflow service: by the run API on
 * every request (compiled once, on first use), by public routes and by checks of other modules.
 */
export function createChatflowRepository(db: Db) {
  const settings = lazy(() =>
    preparedQuery(db, 1, (id: string) =>
      db
        .selectFrom('chat_flow')
        .select([
          'id',
          'type',
          'workspaceId',
          'apikeyid',
          'apiConfig',
          'chatbotConfig',
          'followUpPrompts',
          'speechToText',
          'updatedDate',
        ])
        .where('id', '=', id),
    ),
  );
  const flowData = lazy(() =>
    preparedQuery(db, 1, (id: string) => db.selectFrom('chat_flow').select('flowData').where('id', '=', id)),
  );
  const variables = lazy(() =>
    preparedQuery(db, 1, (workspaceId: string) =>
      db.selectFrom('variable').select(['name', 'value', 'type']).where('workspaceId', '=', workspaceId),
    ),
  );

  return {
    /** The flow's run settings, or undefined when no flow has this id. */
    runSettings: async (id: string): Promise<FlowRunSettings | undefined> => (await settings()(id))[0],
    /** The saved flow JSON (text) of a flow known to exist. */
    async flowData(id: string): Promise<string> {
      const [row] = await flowData()(id);
      if (!row) throw new Error(`Chatflow ${id} disappeared while it was being run`);
      return row.flowData;
    },
    /** The workspace's variables, for `$vars`. */
    variables: (workspaceId: string) => variables()(workspaceId),

    /** The whole row, whatever its workspace (public routes decide what to show). */
    findById: (id: string) => db.selectFrom('chat_flow').selectAll().where('id', '=', id).executeTakeFirst(),
    /** The workspace a flow belongs to, if there is such a flow. */
    async workspaceOf(id: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('chat_flow')
        .select('workspaceId')
        .where('id', '=', id)
        .executeTakeFirst();
      return row?.workspaceId;
    },
    async exists(id: string): Promise<boolean> {
      const row = await db.selectFrom('chat_flow').select('id').where('id', '=', id).executeTakeFirst();
      return row !== undefined;
    },
    /** Id, name and type of every flow of a workspace, by name. */
    summaries: (workspaceId: string) =>
      db
        .selectFrom('chat_flow')
        .select(['id', 'name', 'type'])
        .where('workspaceId', '=', workspaceId)
        .orderBy('name')
        .execute(),
    /** Names of some flows of a workspace, by id. */
    async namesOf(workspaceId: string, ids: readonly string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectFrom('chat_flow')
        .select(['id', 'name'])
        .where('workspaceId', '=', workspaceId)
        .where('id', 'in', [...ids])
        .execute();
      return new Map(rows.map((r) => [r.id, r.name]));
    },
  };
}
export type ChatflowRepository = ReturnType<typeof createChatflowRepository>;
