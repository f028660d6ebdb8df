import { useCallback } from 'react';
import { useNotify } from '../notifications/useNotify';
import type { ExecutedEntry, Execution } from './executionTypes';
import { executionsApi } from './executionsApi';

/**
 * Proceed / Reject for a STOPPED node: repeats the prediction on the execution's session, then
 * reloads the execution. Failures are toasted with the server's message and re-thrown so the
 * form keeps its text.
 */
export function useResume(execution: Execution | undefined, isPublic: boolean, reload: () => Promise<void>) {
  const notify = useNotify();
  return useCallback(
    async (entry: ExecutedEntry, type: 'proceed' | 'reject', feedback: string) => {
      if (!execution) return;
      try {
        await executionsApi.resume(
          {
            agentflowId: execution.agentflowId,
            sessionId: execution.sessionId,
            startNodeId: entry.nodeId,
            type,
            feedback,
          },
          isPublic,
        );
        notify.success(type === 'proceed' ? 'Execution resumed' : 'Rejected; the flow continued');
      } catch (error) {
        notify.error(error, { prefix: 'Failed to resume the execution: ' });
        throw error;
      } finally {
        await reload();
      }
    },
    [execution, isPublic, notify, reload],
  );
}
