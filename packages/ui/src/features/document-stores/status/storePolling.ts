import type { DocumentStore } from '@flowloom/shared';

/** How often a busy store is read again. */
export const POLL_INTERVAL_MS = 1500;
/**
 * How many reads in a row a loader may wait in SYNCING without any progress before the page stops
 * asking (its processing never started, e.g. the request was lost): about 30 s.
 */
export const MAX_WAITING_POLLS = 20;

/**
 * What a store is doing, for polling: `working` while a loader shows progress or the store is
 * being upserted; `waiting` while a saved loader is SYNCING with no progress and no error yet
 * (its processing is about to start); `idle` otherwise.
 */
export type StoreActivity = 'working' | 'waiting' | 'idle';

export function storeActivity(
  store: Pick<DocumentStore, 'status' | 'loaders' | 'upsertProgress'>,
): StoreActivity {
  if (store.status === 'UPSERTING' || store.upsertProgress) return 'working';
  const loaders = store.loaders ?? [];
  if (loaders.some((loader) => loader.progress)) return 'working';
  if (loaders.some((loader) => loader.status === 'SYNCING' && !loader.error)) return 'waiting';
  return 'idle';
}

/** Whether to read the store again, given its activity and how many reads in a row found it waiting. */
export function shouldPoll(activity: StoreActivity, waitingPolls: number): boolean {
  if (activity === 'working') return true;
  if (activity === 'waiting') return waitingPolls < MAX_WAITING_POLLS;
  return false;
}
