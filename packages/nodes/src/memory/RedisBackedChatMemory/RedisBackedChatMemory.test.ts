import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeChatMemoryContract } from '../../testing/chat-memory-contract.js';
import { nodeContext } from '../../testing/node-context.js';
import type { MemoryHandle } from '../memory.js';
import {
  closeRedisMemoryConnections,
  RedisBackedChatMemory,
  redisMemoryConnections,
  redisTarget,
} from './RedisBackedChatMemory.js';

const REDIS_URL = process.env.TEST_REDIS_URL;

describe('redisTarget', () => {
  it('reads a Redis URL (user, password, database, TLS) or the host fields', () => {
    expect(redisTarget({ redisUrl: 'rediss://ada:p%40ss@cache.example.com:6380/2' })).toEqual({
      host: 'cache.example.com',
      port: 6380,
      username: 'ada',
      password: 'p@ss',
      db: 2,
      tls: true,
    });
    expect(redisTarget({ redisCacheHost: 'h', redisCachePort: '7000', redisCachePwd: 'x' })).toEqual({
      host: 'h',
      port: 7000,
      password: 'x',
      db: 0,
      tls: false,
    });
    expect(() => redisTarget({ redisUrl: 'http://h' })).toThrow(/must start with redis:\/\//);
    expect(() => redisTarget({})).toThrow(/connect a Redis credential/);
  });
});

describe.skipIf(!REDIS_URL)('Redis-Backed Chat Memory (real Redis)', () => {
  let redis: Redis;
  beforeAll(() => {
    redis = new Redis(REDIS_URL!);
  });
  afterAll(() => redis.disconnect());

  describeChatMemoryContract('Redis-Backed Chat Memory', {
    type: RedisBackedChatMemory,
    credentialName: 'redisCacheUrlApi',
    inputs: () => ({}),
    credential: () => ({ redisUrl: REDIS_URL }),
    // LangChain's stored messages, newest first.
    stored: async (sessionId) =>
      (await redis.lrange(sessionId, 0, -1)).reverse().map((raw) => {
        const message = JSON.parse(raw) as { type: string; data: { content: string } };
        return { type: message.type, content: message.data.content };
      }),
    windowSize: true,
    forget: async (sessionIds) => {
      await redis.del(...sessionIds);
    },
  });

  const open = async (inputs: Record<string, unknown>, redisUrl = REDIS_URL!) =>
    (await RedisBackedChatMemory.init!(
      nodeContext(RedisBackedChatMemory, { inputs, credential: { redisUrl } }),
    )) as MemoryHandle;

  it('keeps a session for its Session Timeouts', async () => {
    const session = `s-${randomUUID()}`;
    await (
      await open({ sessionId: session, sessionTTL: 60 })
    ).save!('q', 'a');
    expect(await redis.ttl(session)).toBeGreaterThan(50);
    await redis.del(session);
  });

  it('fails naming Redis when the server cannot be reached', async () => {
    const memory = await open({ sessionId: `s-${randomUUID()}` }, 'redis://127.0.0.1:9/0');
    await expect(memory.load()).rejects.toThrow(/Redis-Backed Chat Memory \(127\.0\.0\.1:9\)/);
  });

  it('reuses one connection across calls and runs, and replaces one the server closed', async () => {
    closeRedisMemoryConnections();
    const session = `s-${randomUUID()}`;
    const first = await open({ sessionId: session });
    await first.save!('q1', 'a1');
    await (
      await open({ sessionId: session })
    ).save!('q2', 'a2');
    expect(redisMemoryConnections()).toBe(1);
    // The server drops every idle connection of ours (as its `timeout` setting would).
    const clients = String(await redis.client('LIST')).split('\n');
    const ours = clients.filter((line) => / name=flowloom-chat-memory /.test(` ${line} `));
    expect(ours).toHaveLength(1);
    await redis.client('KILL', 'ID', /id=(\d+)/.exec(ours[0]!)![1]!);
    const turns = await (await open({ sessionId: session })).load();
    expect(turns.map((t) => t.content)).toEqual(['q1', 'a1', 'q2', 'a2']);
    expect(redisMemoryConnections()).toBe(1);
    closeRedisMemoryConnections();
    expect(redisMemoryConnections()).toBe(0);
    await redis.del(session);
  });
});
