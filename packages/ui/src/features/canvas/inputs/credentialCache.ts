import type { Credential } from '@flowloom/shared';
import { canvasApi } from '../canvasApi';

const cache = new Map<string, Promise<Credential[]>>();

/**
 * The user's credentials of the given types, one request per type shared by every node that asks
 * (a flow with many model nodes makes one call). `fresh` asks the server again.
 */
export function credentialsOf(names: readonly string[], fresh = false): Promise<Credential[]> {
  return Promise.all(
    names.map((name) => {
      let pending = fresh ? undefined : cache.get(name);
      if (!pending) {
        pending = canvasApi.credentialsOf(name);
        cache.set(name, pending);
        pending.catch(() => cache.delete(name));
      }
      return pending;
    }),
  ).then((lists) => lists.flat());
}
