/**
 * Ids of an imported bundle that already exist on this server get new ones, and every reference to
 * them in the bundle follows (Flowise replaces the old id string everywhere in the serialised bundle,
 * FLOWISE_API.md §6.2). Flowise runs one replace over the whole text per conflicting id; here UUIDs,
 * which is what every Flowise id is, are swapped in one pass over the text, so re-importing a large
 * bundle costs one pass however many ids collide. A non-UUID id is only replaced where a whole JSON
 * string equals it, never inside other text.
 */
import { isUuid } from '@flowloom/shared';

const UUID_TOKEN = /[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}/g;

/** The bundle with every id of `renamed` (old → new) replaced wherever it appears. */
export function remapIds<T>(bundle: T, renamed: ReadonlyMap<string, string>): T {
  if (renamed.size === 0) return bundle;
  let text = JSON.stringify(bundle);
  const uuids = new Map<string, string>();
  for (const [from, to] of renamed) {
    if (isUuid(from)) uuids.set(from, to);
    else text = text.replaceAll(JSON.stringify(from), JSON.stringify(to));
  }
  if (uuids.size > 0) text = text.replace(UUID_TOKEN, (token) => uuids.get(token) ?? token);
  return JSON.parse(text) as T;
}
