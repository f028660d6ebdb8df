import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { ExecutionTable } from '../../db/schema.js';

export type ExecutionRow = Selectable<ExecutionTable>;

export interface ExecutionFilter {
  workspaceId: string;
  id?: string;
  agentflowId?: string;
  agentflowName?: string;
  sessionId?: string;
  state?: string;
  startDate?: string;
  endDate?: string;
}

export function createExecutionRepository(db: Db) {
  function filtered(filter: ExecutionFilter) {
    let query = db
      .selectFrom('execution as e')
      .innerJoin('chat_flow as f', 'f.id', 'e.agentflowId')
      .where('e.workspaceId', '=', filter.workspaceId);
    if (filter.id) query = query.where('e.id', '=', filter.id);
    if (filter.agentflowId) query = query.where('e.agentflowId', '=', filter.agentflowId);
    if (filter.agentflowName)
      query = query.where((eb) =>
        eb(eb.fn('lower', ['f.name']), 'like', `%${filter.agentflowName!.toLowerCase()}%`),
      );
    if (filter.sessionId) query = query.where('e.sessionId', '=', filter.sessionId);
    if (filter.state) query = query.where('e.state', '=', filter.state);
    if (filter.startDate) query = query.where('e.createdDate', '>=', filter.startDate);
    if (filter.endDate) query = query.where('e.createdDate', '<=', filter.endDate);
    return query;
  }

  return {
    /**
     * Executions left INPROGRESS by a server that stopped mid-run (nothing runs them any more): marked
     * TERMINATED with the reason. Called once at start-up, before any run can begin.
     */
    terminateInterrupted: async (reason: string, at: string): Promise<number> => {
      const result = await db
        .updateTable('execution')
        .set({ state: 'TERMINATED', stoppedDate: at, stoppedReason: reason, updatedDate: at })
        .where('state', '=', 'INPROGRESS')
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
    insert: (row: Insertable<ExecutionTable>) => db.insertInto('execution').values(row).execute(),
    update: (id: string, patch: Updateable<ExecutionTable>) =>
      db.updateTable('execution').set(patch).where('id', '=', id).execute(),
    find: (workspaceId: string, id: string) =>
      db
        .selectFrom('execution as e')
        .innerJoin('chat_flow as f', 'f.id', 'e.agentflowId')
        .selectAll('e')
        .select(['f.name as agentflowName', 'f.type as agentflowType'])
        .where('e.workspaceId', '=', workspaceId)
        .where('e.id', '=', id)
        .executeTakeFirst(),
    findPublic: (id: string) =>
      db
        .selectFrom('execution')
        .selectAll()
        .where('id', '=', id)
        .where('isPublic', '=', 1)
        .executeTakeFirst(),
    /** The session's newest execution of a flow: resume target and source of persisted state. */
    latestForSession: (workspaceId: string, agentflowId: string, sessionId: string) =>
      db
        .selectFrom('execution')
        .selectAll()
        .where('workspaceId', '=', workspaceId)
        .where('agentflowId', '=', agentflowId)
        .where('sessionId', '=', sessionId)
        .orderBy('createdDate', 'desc')
        .limit(1)
        .executeTakeFirst(),
    list: (filter: ExecutionFilter, offset: number, limit: number) =>
      filtered(filter)
        .selectAll('e')
        .select(['f.name as agentflowName', 'f.type as agentflowType'])
        .orderBy('e.updatedDate', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
    count: async (filter: ExecutionFilter) =>
      Number(
        (
          await filtered(filter)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    remove: async (workspaceId: string, ids: string[]) => {
      if (ids.length === 0) return 0;
      const result = await db
        .deleteFrom('execution')
        .where('workspaceId', '=', workspaceId)
        .where('id', 'in', ids)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
export type ExecutionRepository = ReturnType<typeof createExecutionRepository>;
