import type { Db } from '../../db/database.js';

/** What serving a flow over MCP reads of it. */
export interface McpFlowRow {
  id: string;
  name: string;
  type: string;
  workspaceId: string;
  mcpServerConfig: string | null;
}

/** The `mcpServerConfig` column of `chat_flow` (Flowise keeps the per-flow MCP settings there too). */
export function createMcpServerRepository(db: Db) {
  return {
    find: (id: string): Promise<McpFlowRow | undefined> =>
      db
        .selectFrom('chat_flow')
        .select(['id', 'name', 'type', 'workspaceId', 'mcpServerConfig'])
        .where('id', '=', id)
        .executeTakeFirst(),
    async flowData(id: string): Promise<string | undefined> {
      const row = await db.selectFrom('chat_flow').select('flowData').where('id', '=', id).executeTakeFirst();
      return row?.flowData;
    },
    async saveConfig(id: string, config: string, updatedDate: string): Promise<void> {
      await db
        .updateTable('chat_flow')
        .set({ mcpServerConfig: config, updatedDate })
        .where('id', '=', id)
        .execute();
    },
  };
}
export type McpServerRepository = ReturnType<typeof createMcpServerRepository>;
