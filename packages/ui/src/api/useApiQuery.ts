import { useCallback, useEffect, useRef, useState } from 'react';

export interface ApiQuery<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  /** Runs the request again (after a create, update or delete). */
  reload: () => Promise<void>;
  /** Replaces the data locally (e.g. with the list a POST answered). */
  setData: (data: T) => void;
}

/**
 * Loads data on mount and when `deps` change. Answers of stale requests are ignored, so a quick
 * type switch never shows the previous list.
 */
export function useApiQuery<T>(load: () => Promise<T>, deps: readonly unknown[]): ApiQuery<T> {
  const [data, setData] = useState<T>();
  const [error, setError] = useState<unknown>();
  const [loading, setLoading] = useState(true);
  const generation = useRef(0);
  const loader = useRef(load);
  loader.current = load;

  const run = useCallback(async () => {
    const mine = ++generation.current;
    setLoading(true);
    setError(undefined);
    try {
      const result = await loader.current();
      if (mine === generation.current) setData(result);
    } catch (e) {
      if (mine === generation.current) setError(e);
    } finally {
      if (mine === generation.current) setLoading(false);
    }
  }, []);

  useEffect(() => {
    void run();
    // The caller lists what the request depends on.
  }, [run, ...deps]);

  return { data, error, loading, reload: run, setData };
}
