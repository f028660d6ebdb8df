import type { CheckpointStore, GraphCheckpoint } from '@flowloom/engine';
import type { Db } from '../../db/database.js';

/** Checkpoints longer than this are refused: a conversation that large should be a new chat. */
export const MAX_CHECKPOINT_CHARS = 5_000_000;

/** The flow a thread belongs to (`<flowId>:<session>`). */
function flowOf(threadId: string): string {
  const at = threadId.indexOf(':');
  return at < 0 ? '' : threadId.slice(0, at);
}

/** Agent graph checkpoints in the app database, one workspace's view (table `agent_checkpoint`). */
export function createCheckpointStore(db: Db, workspaceId: string, clock: { now(): Date }): CheckpointStore {
  return {
    async load(threadId) {
      const row = await db
        .selectFrom('agent_checkpoint')
        .select('checkpoint')
        .where('workspaceId', '=', workspaceId)
        .where('threadId', '=', threadId)
        .executeTakeFirst();
      if (!row) return undefined;
      try {
        const parsed = JSON.parse(row.checkpoint) as GraphCheckpoint;
        return parsed.version === 1 ? parsed : undefined;
      } catch {
        return undefined;
      }
    },
    async save(threadId, checkpoint) {
      const text = JSON.stringify(checkpoint);
      if (text.length > MAX_CHECKPOINT_CHARS)
        throw new Error(
          `This conversation's agent state is larger than ${MAX_CHECKPOINT_CHARS / 1_000_000} MB; start a new chat`,
        );
      const updatedDate = clock.now().toISOString();
      await db
        .insertInto('agent_checkpoint')
        .values({ workspaceId, threadId, flowId: flowOf(threadId), checkpoint: text, updatedDate })
        .onConflict((oc) =>
          oc.columns(['workspaceId', 'threadId']).doUpdateSet({ checkpoint: text, updatedDate }),
        )
        .execute();
    },
    async clear(threadId) {
      await db
        .deleteFrom('agent_checkpoint')
        .where('workspaceId', '=', workspaceId)
        .where('threadId', '=', threadId)
        .execute();
    },
  };
}
