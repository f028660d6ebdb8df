import type { DocumentStore } from '@flowloom/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useApiQuery, type ApiQuery } from '../../../api/useApiQuery';
import { documentStoresApi } from '../documentStoresApi';
import { POLL_INTERVAL_MS, shouldPoll, storeActivity } from './storePolling';

/** Failed reads in a row after which polling gives up (the page still shows the last answer). */
const MAX_FAILED_POLLS = 5;

/**
 * A document store, read again every {@link POLL_INTERVAL_MS} while it is busy (a loader being
 * processed, an upsert running) so the page shows progress, and left alone once it is idle.
 * `reload` reads it at once and starts watching again (after an action that makes it busy).
 */
export function useLiveStore(storeId: string): ApiQuery<DocumentStore> & {
  polling: boolean;
  /** Watches the store while `work` (a request that makes it busy) runs, and reads it once it ends. */
  track: <T>(work: Promise<T>) => Promise<T>;
} {
  const query = useApiQuery(() => documentStoresApi.get(storeId), [storeId]);
  const { data, setData, reload: load } = query;
  const waiting = useRef(0);
  const failures = useRef(0);
  const [retry, setRetry] = useState(0);
  const [polling, setPolling] = useState(false);
  const [tracking, setTracking] = useState(0);

  useEffect(() => {
    if (!data || data.id !== storeId) return;
    const activity = tracking > 0 ? 'working' : storeActivity(data);
    waiting.current = activity === 'waiting' ? waiting.current + 1 : 0;
    const again = shouldPoll(activity, waiting.current) && failures.current < MAX_FAILED_POLLS;
    setPolling(again);
    if (!again) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      documentStoresApi.get(storeId).then(
        (fresh) => {
          failures.current = 0;
          if (!cancelled) setData(fresh);
        },
        () => {
          failures.current += 1;
          if (!cancelled) setRetry((n) => n + 1);
        },
      );
    }, POLL_INTERVAL_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [data, storeId, setData, retry, tracking]);

  const reload = useCallback(async () => {
    waiting.current = 0;
    failures.current = 0;
    await load();
  }, [load]);

  const track = useCallback(
    async <T>(work: Promise<T>): Promise<T> => {
      setTracking((n) => n + 1);
      try {
        return await work;
      } finally {
        setTracking((n) => n - 1);
        void reload();
      }
    },
    [reload],
  );

  return { ...query, reload, polling, track };
}
