import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeUpstash, type FakeUpstash } from '@flowloom/test-llm';
import { SERVICE_TIMEOUTS } from '../../connections/service-call.js';
import { describeChatMemoryContract } from '../../testing/chat-memory-contract.js';
import { nodeContext, type NodeContextOptions } from '../../testing/node-context.js';
import { recordingHttp, refusingHttp } from '../../testing/vector-store-contract.js';
import type { MemoryHandle } from '../memory.js';
import { UpstashRedisBackedChatMemory } from './UpstashRedisBackedChatMemory.js';

const TOKEN = 'test-upstash-token';
let upstash: FakeUpstash;
beforeAll(async () => {
  upstash = await startFakeUpstash({ token: TOKEN });
});
afterAll(() => upstash.close());
beforeEach(() => {
  upstash.mode = 'normal';
});

describeChatMemoryContract('Upstash Redis-Backed Chat Memory', {
  type: UpstashRedisBackedChatMemory,
  credentialName: 'upstashRedisMemoryApi',
  inputs: () => ({ baseURL: upstash.url }),
  credential: () => ({ upstashRestToken: TOKEN, serverUrl: upstash.url }),
  services: () => ({ http: recordingHttp() }),
  stored: (sessionId) =>
    Promise.resolve(
      upstash
        .list(sessionId)
        .reverse()
        .map((raw) => {
          const message = JSON.parse(raw) as { type: string; data: { content: string } };
          return { type: message.type, content: message.data.content };
        }),
    ),
  windowSize: false,
});

describe('Upstash Redis-Backed Chat Memory', () => {
  const open = async (inputs: Record<string, unknown>, options: NodeContextOptions = {}) =>
    (await UpstashRedisBackedChatMemory.init!(
      nodeContext(UpstashRedisBackedChatMemory, {
        credential: { upstashRestToken: TOKEN, serverUrl: upstash.url },
        services: { http: recordingHttp() },
        ...options,
        inputs: { baseURL: upstash.url, ...inputs },
      }),
    )) as MemoryHandle;

  it('keeps the session for its Session Timeouts, sending only LPUSH, EXPIRE, LRANGE and DEL', async () => {
    const from = upstash.calls.length;
    const memory = await open({ sessionId: 'ttl-session', sessionTTL: 120 });
    await memory.save!('q', 'a');
    expect(upstash.ttl('ttl-session')).toBeGreaterThan(100);
    expect(await memory.load()).toEqual([
      { role: 'userMessage', content: 'q' },
      { role: 'apiMessage', content: 'a' },
    ]);
    await memory.clear!();
    expect(upstash.ttl('ttl-session')).toBe(-2);
    const calls = upstash.calls.slice(from);
    expect(calls.map((c) => c.path)).toEqual(['/multi-exec', '/', '/']);
    expect(calls.flatMap((c) => (c.path === '/' ? [c.body] : (c.body as unknown[])))).toEqual([
      ['LPUSH', 'ttl-session', expect.any(String), expect.any(String)],
      ['EXPIRE', 'ttl-session', '120'],
      ['LRANGE', 'ttl-session', '0', '999'],
      ['DEL', 'ttl-session'],
    ]);
    expect(calls.every((c) => c.headers.authorization === `Bearer ${TOKEN}`)).toBe(true);
  });

  it('reads a list Flowise wrote (newest first) in the order it was said', async () => {
    const store = (type: string, content: string) => JSON.stringify({ type, data: { content } });
    upstash.lists.set('flowise-session', [store('ai', 'second answer'), store('human', 'second')]);
    await expect((await open({ sessionId: 'flowise-session' })).load()).resolves.toEqual([
      { role: 'userMessage', content: 'second' },
      { role: 'apiMessage', content: 'second answer' },
    ]);
  });

  it('sends the token only to the REST URL its credential names', async () => {
    const credential = { upstashRestToken: TOKEN, serverUrl: 'https://mine.upstash.io' };
    await expect(open({}, { credential })).rejects.toThrow(
      /^Upstash Redis-Backed Chat Memory: http:\/\/127\.0\.0\.1:\d+ is not where this node's credential may be sent \(https:\/\/mine\.upstash\.io\)\. .*"Upstash Redis REST URL" in the credential/,
    );
    await expect(open({}, { credential: { upstashRestToken: TOKEN } })).rejects.toThrow(
      /is not where this node's credential may be sent \(the credential names no server\)/,
    );
    // An empty REST URL on the node uses the credential's.
    const http = recordingHttp();
    await (await open({ baseURL: '' }, { services: { http } })).load();
    expect(http.urls).toEqual([`${upstash.url}/`]);
  });

  it('asks for what it needs, naming the node', async () => {
    await expect(open({ baseURL: '' }, { credential: { upstashRestToken: TOKEN } })).rejects.toThrow(
      'Upstash Redis-Backed Chat Memory: Upstash Redis REST URL is required',
    );
    await expect(open({}, { credential: { serverUrl: upstash.url } })).rejects.toThrow(
      'Upstash Redis-Backed Chat Memory: connect a credential with the Upstash Redis REST Token',
    );
    await expect(open({ baseURL: 'redis://x' }, { credential: {} })).rejects.toThrow(
      'Upstash Redis REST URL must start with https:// (or http://)',
    );
    await expect(open({ sessionTTL: -5 })).rejects.toThrow('Session Timeouts must be a number of seconds');
  });

  it('fails naming the node when Upstash refuses the token or answers an error', async () => {
    const refused = await open(
      { sessionId: 's' },
      { credential: { upstashRestToken: 'stale', serverUrl: upstash.url } },
    );
    await expect(refused.load()).rejects.toThrow(
      'Upstash Redis-Backed Chat Memory: POST / failed with status 401: Unauthorized',
    );
    // A key that holds something else than a list: Redis refuses list commands on it.
    upstash.strings.set('counter', '5');
    const memory = await open({ sessionId: 'counter', sessionTTL: 60 });
    await expect(memory.load()).rejects.toThrow(
      'Upstash Redis-Backed Chat Memory: POST / failed with status 400: WRONGTYPE Operation against a key holding the wrong kind of value',
    );
    await expect(memory.save!('q', 'a')).rejects.toThrow(
      'Upstash Redis-Backed Chat Memory: Upstash answered: WRONGTYPE Operation against a key holding the wrong kind of value',
    );
    upstash.mode = 'garbage';
    await expect(memory.load()).rejects.toThrow(
      /^Upstash Redis-Backed Chat Memory: the server at http:\/\/127\.0\.0\.1:\d+ answered something that is not JSON/,
    );
  });

  it('fails naming the node when the address is refused or Upstash does not answer', async () => {
    const refused = await open({ sessionId: 's' }, { services: { http: refusingHttp } });
    await expect(refused.load()).rejects.toThrow(
      /^Upstash Redis-Backed Chat Memory: Refused to fetch .*FLOWLOOM_HTTP_ALLOW/,
    );
    upstash.mode = 'hang';
    const limit = SERVICE_TIMEOUTS.requestMs;
    SERVICE_TIMEOUTS.requestMs = 200;
    try {
      await expect((await open({ sessionId: 's' })).load()).rejects.toThrow(
        /^Upstash Redis-Backed Chat Memory: 127\.0\.0\.1:\d+ did not answer within 0\.2 s$/,
      );
    } finally {
      SERVICE_TIMEOUTS.requestMs = limit;
    }
  });
});
