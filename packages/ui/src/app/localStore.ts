/** Tolerant localStorage access: private modes and full quotas must not break the app. */
export function readStored<T>(key: string): T | undefined {
  try {
    const text = globalThis.localStorage?.getItem(key);
    return text === null || text === undefined ? undefined : (JSON.parse(text) as T);
  } catch {
    return undefined;
  }
}

export function writeStored(key: string, value: unknown): void {
  try {
    globalThis.localStorage?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the setting simply is not remembered.
  }
}

export function removeStored(key: string): void {
  try {
    globalThis.localStorage?.removeItem(key);
  } catch {
    // ignore
  }
}
