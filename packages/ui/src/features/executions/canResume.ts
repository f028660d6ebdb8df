import type { Execution } from './executionTypes';

/**
 * Whether the server will accept a Proceed / Reject for this execution (AGENTFLOW_V2.md §2.7):
 * it is STOPPED, or it is ERROR because a resume failed (last entry ERROR right after a STOPPED one).
 */
export function canResume(execution: Pick<Execution, 'state' | 'executionData'>): boolean {
  if (execution.state === 'STOPPED') return true;
  if (execution.state !== 'ERROR' || !Array.isArray(execution.executionData)) return false;
  const [before, last] = execution.executionData.slice(-2);
  return last?.status === 'ERROR' && before?.status === 'STOPPED';
}
