/**
 * Multi-select inputs (`multiOptions`, `asyncMultiOptions`) are stored as a JSON string of the
 * chosen names, as Flowise does; older flows may hold an array or a single name.
 */
export function readMultiValue(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value !== 'string' || value.trim() === '') return [];
  if (value.trim().startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(value);
      if (Array.isArray(parsed)) return parsed.map(String);
    } catch {
      // not JSON: a single name
    }
  }
  return [value];
}

/** The stored form of chosen names: a JSON string, or '' when nothing is chosen. */
export function writeMultiValue(names: readonly string[]): string {
  return names.length === 0 ? '' : JSON.stringify(names);
}
