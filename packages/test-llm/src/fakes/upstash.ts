import { json, startFakeService, type FakeAnswer, type FakeCall, type FakeService } from './fake-http.js';

export interface FakeUpstashOptions {
  /** The REST token every request must carry as `Authorization: Bearer …` (default `test-upstash-token`). */
  token?: string;
}

export interface FakeUpstash extends FakeService {
  /** A copy of a list as stored, head first; empty when missing or expired. */
  list(key: string): string[];
  /** Seconds the key has left, `-1` without expiry, `-2` when missing (Redis's TTL answers). */
  ttl(key: string): number;
  /** Lists kept by key. */
  readonly lists: Map<string, string[]>;
  /** Keys holding a plain string (set by tests): list commands on them answer Redis's WRONGTYPE. */
  readonly strings: Map<string, string>;
}

type Reply = { result: unknown } | { error: string };

/**
 * Upstash Redis's REST API on 127.0.0.1, for the commands the Upstash memory sends: `LRANGE`,
 * `LPUSH`, `EXPIRE` and `DEL`. A command is a JSON array posted to `/`; `/multi-exec` takes a list of
 * them as one transaction. Anything else answers an error in Upstash's shape.
 */
export async function startFakeUpstash(options: FakeUpstashOptions = {}): Promise<FakeUpstash> {
  const token = options.token ?? 'test-upstash-token';
  const lists = new Map<string, string[]>();
  const strings = new Map<string, string>();
  const WRONGTYPE = { error: 'WRONGTYPE Operation against a key holding the wrong kind of value' };
  const expiries = new Map<string, number>();

  const live = (key: string): string[] | undefined => {
    const expiry = expiries.get(key);
    if (expiry !== undefined && expiry <= Date.now()) {
      lists.delete(key);
      expiries.delete(key);
    }
    return lists.get(key);
  };
  const index = (value: string | undefined, length: number) => {
    const n = Number(value);
    return n < 0 ? length + n : n;
  };

  function command(args: unknown): Reply {
    if (!Array.isArray(args) || args.length === 0 || !args.every((a) => typeof a === 'string'))
      return { error: 'ERR failed to parse command' };
    const [name, key, ...rest] = args;
    switch (name!.toUpperCase()) {
      case 'LRANGE': {
        if (strings.has(key!)) return WRONGTYPE;
        const list = live(key!) ?? [];
        const start = Math.max(0, index(rest[0], list.length));
        const stop = Math.min(list.length - 1, index(rest[1], list.length));
        return { result: list.slice(start, stop + 1) };
      }
      case 'LPUSH': {
        if (rest.length === 0) return { error: "ERR wrong number of arguments for 'lpush' command" };
        if (strings.has(key!)) return WRONGTYPE;
        const list = live(key!) ?? [];
        for (const value of rest) list.unshift(value);
        lists.set(key!, list);
        return { result: list.length };
      }
      case 'EXPIRE': {
        const seconds = Number(rest[0]);
        if (!Number.isInteger(seconds)) return { error: 'ERR value is not an integer or out of range' };
        if (!live(key!)) return { result: 0 };
        expiries.set(key!, Date.now() + seconds * 1000);
        return { result: 1 };
      }
      case 'DEL': {
        const existed = live(key!) !== undefined || strings.delete(key!);
        lists.delete(key!);
        expiries.delete(key!);
        return { result: existed ? 1 : 0 };
      }
      default:
        return { error: `ERR unknown command '${name}'` };
    }
  }

  const route = (call: FakeCall): FakeAnswer => {
    if (call.headers.authorization !== `Bearer ${token}`) return json(401, { error: 'Unauthorized' });
    if (call.method !== 'POST') return json(405, { error: 'ERR method not allowed' });
    if (call.path === '/') {
      const reply = command(call.body);
      return json('error' in reply ? 400 : 200, reply);
    }
    if (call.path === '/multi-exec') {
      if (!Array.isArray(call.body)) return json(400, { error: 'ERR failed to parse transaction' });
      return json(200, (call.body as unknown[]).map(command));
    }
    return json(404, { error: 'ERR not found' });
  };

  const service = await startFakeService(route);
  return Object.assign(service, {
    lists,
    strings,
    list: (key: string) => [...(live(key) ?? [])],
    ttl: (key: string) => {
      if (!live(key)) return -2;
      const expiry = expiries.get(key);
      return expiry === undefined ? -1 : Math.ceil((expiry - Date.now()) / 1000);
    },
  });
}
