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

/** How long an unused connection stays open for the next run (one chat's turns reuse it). */
export const REDIS_IDLE_MS = 30_000;

interface PooledClient {
  redis: Redis;
  connected: Promise<void>;
  idle?: NodeJS.Timeout;
  users: number;
  /** Whether a call already ran on it (a closed one is then worth one retry on a new connection). */
  served: boolean;
}

/**
 * Open connections by where and as whom they connect (the checked address, never the name, so a
 * name that resolves elsewhere later gets its own): each run reuses one instead of connecting and
 * signing in for every read and write. A connection unused for {@link REDIS_IDLE_MS} is closed, one
 * that fails is dropped, and neither keeps the process alive.
 */
const pool = new Map<string, PooledClient>();

function poolKey(target: RedisTarget, address: string): string {
  return JSON.stringify([
    address,
    target.port,
    target.db,
    target.username ?? '',
    target.password ?? '',
    target.tls,
    target.host,
  ]);
}

function pooledClient(target: RedisTarget, address: string): PooledClient {
  const key = poolKey(target, address);
  const found = pool.get(key);
  if (found) return found;
  const redis = new Redis({
    host: address,
    port: target.port,
    db: target.db,
    ...(target.username && { username: target.username }),
    ...(target.password && { password: target.password }),
    ...(target.tls && { tls: address === target.host ? {} : { servername: target.host } }),
    connectionName: 'flowloom-chat-memory',
    lazyConnect: true,
    connectTimeout: SERVICE_TIMEOUTS.connectMs,
    commandTimeout: SERVICE_TIMEOUTS.requestMs,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  const client: PooledClient = { redis, connected: redis.connect(), users: 0, served: false };
  const drop = () => {
    if (pool.get(key) === client) pool.delete(key);
    if (client.idle) clearTimeout(client.idle);
  };
  redis.on('error', () => {}); // failures surface through the command that met them
  redis.on('end', drop);
  client.connected.catch(() => {
    drop();
    redis.disconnect();
  });
  pool.set(key, client);
  return client;
}

/** Closes every pooled connection (server shutdown, tests). */
export function closeRedisMemoryConnections(): void {
  for (const client of pool.values()) {
    if (client.idle) clearTimeout(client.idle);
    client.redis.disconnect();
  }
  pool.clear();
}

/** How many connections are open (tests). */
export const redisMemoryConnections = () => pool.size;

/** ioredis's words for a command that never reached the server because the connection had closed. */
const NOT_SENT = /Connection is closed|Stream isn't writeable/;

function release(client: PooledClient, key: string) {
  client.users -= 1;
  if (client.users > 0 || pool.get(key) !== client) return;
  client.idle = setTimeout(() => {
    if (pool.get(key) === client) pool.delete(key);
    client.redis.disconnect();
  }, REDIS_IDLE_MS);
  client.idle.unref();
}

/**
 * Runs `use` on a pooled connection. A reused connection the server closed meanwhile (its idle
 * timeout, a restart) fails a command before sending it; that connection is dropped and the call
 * made once more on a new one.
 */
async function onConnection<T>(
  target: RedisTarget,
  address: string,
  use: (redis: Redis) => Promise<T>,
  retried = false,
): Promise<T> {
  const key = poolKey(target, address);
  const client = pooledClient(target, address);
  const reused = client.served;
  if (client.idle) clearTimeout(client.idle);
  client.idle = undefined;
  client.users += 1;
  try {
    await client.connected;
    client.served = true;
    return await use(client.redis);
  } catch (error) {
    if (client.redis.status !== 'ready') {
      if (pool.get(key) === client) pool.delete(key);
      client.redis.disconnect();
      if (reused && !retried && error instanceof Error && NOT_SENT.test(error.message))
        return onConnection(target, address, use, true);
    }
    throw error;
  } finally {
    release(client, key);
  }
}

/**
 * Runs `use` with a connection to the address the run's address rule allows (the host resolved and
 * checked on every call, as the guarded HTTP client does), with short timeouts.
 */
async function withClient<T>(ctx: NodeContext, target: RedisTarget, use: (redis: Redis) => Promise<T>) {
  const address = await checkedAddress(ctx, {
    service: SERVICE,
    host: target.host,
    port: target.port,
    database: '',
  });
  try {
    return await onConnection(target, address, use);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`${SERVICE} (${target.host}:${target.port}): ${message}`, { cause: error });
  }
}

/** The session's list, newest message first (as Flowise keeps it), over a pooled connection. */
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
