/** A value loaded once and shared, for as long as it stays good. */
export interface CachedLoad<T> {
  /** The loaded value; the first call starts the load, later ones share it. */
  get: () => Promise<T>;
  /** Forgets the value (it went bad): the next `get` loads it again. */
  reset: () => void;
}

/** Loads on first use and keeps the result; a failed load is not kept, so the next use tries again. */
export function cachedLoad<T>(load: () => Promise<T>): CachedLoad<T> {
  let loading: Promise<T> | undefined;
  return {
    get: () =>
      (loading ??= load().catch((error: unknown) => {
        loading = undefined;
        throw error;
      })),
    reset: () => {
      loading = undefined;
    },
  };
}
