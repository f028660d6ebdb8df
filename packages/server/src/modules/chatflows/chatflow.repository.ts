import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import { preparedQuery } from '../../db/prepared.js';
import type { ChatFlowTable } from '../../db/schema.js';

/** The settings of a flow the run API reads before running it (its flow JSON is read on demand). */
export type FlowRunSettings = Pick<
  Selectable<ChatFlowTable>,
  'id' | 'type' | 'workspaceId' | 'apikeyid' | 'apiConfig' | 'chatbotConfig' | 'updatedDate'
>;

/** The reads the run API makes on every request, compiled once. */
export function createChatflowRunRepository(db: Db) {
  const settings = preparedQuery(db, 1, (id: string) =>
    db
      .selectFrom('chat_flow')
      .select(['id', 'type', 'workspaceId', 'apikeyid', 'apiConfig', 'chatbotConfig', 'updatedDate'])
      .where('id', '=', id),
  );
  const flowData = preparedQuery(db, 1, (id: string) =>
    db.selectFrom('chat_flow').select('flowData').where('id', '=', id),
  );
  const variables = preparedQuery(db, 1, (workspaceId: string) =>
    db.selectFrom('variable').select(['name', 'value', 'type']).where('workspaceId', '=', workspaceId),
  );

  return {
    /** The flow's run settings, or undefined when no flow has this id. */
    settings: async (id: string): Promise<FlowRunSettings | undefined> => (await settings(id))[0],
    /** The saved flow JSON (text) of a flow known to exist. */
    async flowData(id: string): Promise<string> {
      const [row] = await flowData(id);
      if (!row) throw new Error(`Chatflow ${id} disappeared while it was being run`);
      return row.flowData;
    },
    /** The workspace's variables, for `$vars`. */
    variables: (workspaceId: string) => variables(workspaceId),
  };
}
export type ChatflowRunRepository = ReturnType<typeof createChatflowRunRepository>;
