import { Redis } from 'ioredis';
import type { NodeContext, NodeType } from '@flowloom/engine';
import { booleanInput, numberInput, stringInput } from '../../llm/chat-model.js';
import { checkedAddress } from '../../connections/sql-connections.js';
import { SERVICE_TIMEOUTS } from '../../connections/service-call.js';
import { badgeIcon } from '../../utilities/icons.js';
import {
  externalMemory,
  externalSessionId,
  memoryKeyParam,
  sessionIdParam,
  sessionTtlParam,
  windowSizeInput,
  windowSizeParam,
  type SessionStore,
} from '../external-memory.js';
import type { MemoryHandle } from '../memory.js';

const SERVICE = 'Redis-Backed Chat Memory';

/** Where and as whom to connect, from a Redis URL or the host fields of the credential. */
interface RedisTarget {
  host: string;
  port: number;
  username?: string;
  password?: string;
  db: number;
  tls: boolean;
}

export function redisTarget(credential: Record<string, unknown>): RedisTarget {
  const url = stringInput(credential.redisUrl);
  if (url) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new Error(`${SERVICE}: the Redis URL of the credential is not a URL`);
    }
    if (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:')
      throw new Error(`${SERVICE}: the Redis URL must start with redis:// or rediss://`);
    const db = Number(parsed.pathname.replace(/^\//, '') || 0);
    return {
      host: parsed.hostname.replace(/^\[|\]$/g, ''),
      port: Number(parsed.port || 6379),
      ...(parsed.username && { username: decodeURIComponent(parsed.username) }),
      ...(parsed.password && { password: decodeURIComponent(parsed.password) }),
      db: Number.isInteger(db) ? db : 0,
      tls: parsed.protocol === 'rediss:',
    };
  }
  const host = stringInput(credential.redisCacheHost);
  if (!host) throw new Error(`${SERVICE}: connect a Redis credential (a Redis URL, or a host)`);
  return {
    host,
    port: numberInput(credential.redisCachePort) ?? 6379,
    ...(stringInput(credential.redisCacheUser) && { username: stringInput(credential.redisCacheUser) }),
    ...(typeof credential.redisCachePwd === 'string' &&
      credential.redisCachePwd !== '' && { password: credential.redisCachePwd }),
    db: 0,
    tls: booleanInput(credential.redisCacheSslEnabled, false),
  };
}

/**
 * A client for one call, connected to the address the run's address rule allows (the host resolved
 * once and checked, as the guarded HTTP client does), with short timeouts; closed after use.
 */
async function withClient<T>(ctx: NodeContext, target: RedisTarget, use: (redis: Redis) => Promise<T>) {
  const address = await checkedAddress(ctx, {
    service: SERVICE,
    host: target.host,
    port: target.port,
    database: '',
  });
  const redis = new Redis({
    host: address,
    port: target.port,
    db: target.db,
    ...(target.username && { username: target.username }),
    ...(target.password && { password: target.password }),
    ...(target.tls && { tls: address === target.host ? {} : { servername: target.host } }),
    lazyConnect: true,
    connectTimeout: SERVICE_TIMEOUTS.connectMs,
    commandTimeout: SERVICE_TIMEOUTS.requestMs,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on('error', () => {}); // failures surface through the command that met them
  try {
    await redis.connect();
    return await use(redis);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`${SERVICE} (${target.host}:${target.port}): ${message}`, { cause: error });
  } finally {
    redis.disconnect();
  }
}

/** The session's list, newest message first (as Flowise keeps it), through one client per call. */
function redisSession(
  ctx: NodeContext,
  target: RedisTarget,
  sessionId: string,
  ttl: number | undefined,
): SessionStore {
  return {
    latest: (count) =>
      withClient(ctx, target, async (redis) => (await redis.lrange(sessionId, 0, count - 1)).reverse()),
    append: (messages) =>
      withClient(ctx, target, async (redis) => {
        const batch = redis.multi().lpush(sessionId, ...messages);
        if (ttl && ttl > 0) batch.expire(sessionId, Math.floor(ttl));
        await batch.exec();
      }),
    clear: () =>
      withClient(ctx, target, async (redis) => {
        await redis.del(sessionId);
      }),
  };
}

async function openRedisMemory(ctx: NodeContext) {
  const target = redisTarget(await ctx.credential());
  const window = windowSizeInput(ctx);
  const store = redisSession(ctx, target, externalSessionId(ctx), numberInput(ctx.inputs.sessionTTL));
  return externalMemory(ctx, SERVICE, store, { window });
}

export const RedisBackedChatMemory: NodeType = {
  icon: badgeIcon('R', '#d82c20'),
  definition: {
    label: 'Redis-Backed Chat Memory',
    name: 'RedisBackedChatMemory',
    version: 2,
    type: 'RedisBackedChatMemory',
    category: 'Memory',
    baseClasses: ['RedisBackedChatMemory', 'BufferMemory', 'BaseChatMemory', 'BaseMemory'],
    description: 'Keeps the conversation in a Redis list per session',
    credential: {
      label: 'Connect Credential',
      name: 'credential',
      type: 'credential',
      credentialNames: ['redisCacheApi', 'redisCacheUrlApi'],
    },
    inputs: [sessionIdParam, sessionTtlParam, memoryKeyParam, windowSizeParam],
  },
  init: (ctx): Promise<MemoryHandle> => openRedisMemory(ctx),
  clearMemory: async (ctx) => (await openRedisMemory(ctx)).clear(),
};
