/** JSON Pointers (RFC 6901) as the JSON loaders use them: `/key/0/name`. */

/** The value at `pointer` inside `value`, or undefined when there is none. */
export function pointerGet(value: unknown, pointer: string): unknown {
  if (pointer === '') return value;
  let current: unknown = value;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (current === null || typeof current !== 'object') return undefined;
    if (!Object.prototype.hasOwnProperty.call(current, key)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** A key or pointer as typed in a node input (`key`, `/key`, `a/b`) as a pointer. */
export function toPointer(keyOrPointer: string): string {
  const trimmed = keyOrPointer.trim();
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

/** Whether an Additional Metadata value is a JSON pointer (`"/key"`) rather than text to add. */
export const isPointer = (value: unknown): value is string =>
  typeof value === 'string' && value.startsWith('/');

/**
 * The `{metadataKey: "/pointer"}` entries of Additional Metadata: each document gets the value the
 * pointer finds in its own JSON object.
 */
export function metadataPointers(metadata: Record<string, unknown> | undefined): [string, string][] {
  return Object.entries(metadata ?? {}).filter((entry): entry is [string, string] => isPointer(entry[1]));
}

/** The metadata one JSON value gives through the pointers of Additional Metadata. */
export function pointerMetadata(
  value: unknown,
  pointers: readonly [string, string][],
): Record<string, unknown> {
  return Object.fromEntries(pointers.map(([key, pointer]) => [key, pointerGet(value, pointer)]));
}
