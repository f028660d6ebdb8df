import { Redis } from 'ioredis';
import type { NodeContext, NodeType } from '@flowloom/engine';
import type { ChatTurn } from '@flowloom/shared';
import { booleanInput, numberInput, stringInput } from '../../llm/chat-model.js';
import { checkedAddress } from '../../connections/sql-connections.js';
import { SERVICE_TIMEOUTS } from '../../connections/service-call.js';
import { badgeIcon } from '../../utilities/icons.js';
import { bufferMemory } from '../bufferMemory/bufferMemory.js';
import { memorySessionId, type MemoryHandle } from '../memory.js';

const SERVICE = 'Redis-Backed Chat Memory';
/** Longest history read back (messages): a session grown without bound is cut to its latest part. */
export const MAX_STORED_MESSAGES = 1_000;

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

/** A stored message in LangChain's shape (what Flowise keeps in the list). */
interface StoredMessage {
  type?: unknown;
  data?: { content?: unknown };
}

function toTurn(raw: string): ChatTurn | undefined {
  try {
    const message = JSON.parse(raw) as StoredMessage;
    const content = message.data?.content;
    if (typeof content !== 'string') return undefined;
    return { role: message.type === 'human' ? 'userMessage' : 'apiMessage', content };
  } catch {
    return undefined;
  }
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
    inputs: [
      bufferMemory.definition.inputs.find((i) => i.name === 'sessionId')!,
      {
        label: 'Session Timeouts',
        name: 'sessionTTL',
        type: 'number',
        description: 'Seconds a session is kept after its last message; empty: kept until deleted',
        additionalParams: true,
        optional: true,
      },
      bufferMemory.definition.inputs.find((i) => i.name === 'memoryKey')!,
      {
        label: 'Window Size',
        name: 'windowSize',
        type: 'number',
        description: 'Only the last k exchanges are read back',
        additionalParams: true,
        optional: true,
      },
    ],
  },
  async init(ctx): Promise<MemoryHandle> {
    const target = redisTarget(await ctx.credential());
    const sessionId = memorySessionId(ctx);
    const ttl = numberInput(ctx.inputs.sessionTTL);
    const window = numberInput(ctx.inputs.windowSize);
    if (window !== undefined && (window < 1 || !Number.isInteger(window)))
      throw new Error('Window Size must be a whole number of at least 1');
    const read = Math.min(window ? window * 2 : MAX_STORED_MESSAGES, MAX_STORED_MESSAGES);
    return {
      kind: 'memory',
      label: ctx.node.label,
      memoryKey: stringInput(ctx.inputs.memoryKey) ?? 'chat_history',
      load: () =>
        withClient(ctx, target, async (redis) => {
          // Newest first in the list: the latest `read` messages, then oldest first for the model.
          const raw = await redis.lrange(sessionId, 0, read - 1);
          return raw
            .reverse()
            .map(toTurn)
            .filter((turn): turn is ChatTurn => turn !== undefined);
        }),
      save: (question, answer) =>
        withClient(ctx, target, async (redis) => {
          const stored = (type: 'human' | 'ai', content: string) =>
            JSON.stringify({ type, data: { content, additional_kwargs: {}, response_metadata: {} } });
          const batch = redis.multi().lpush(sessionId, stored('human', question), stored('ai', answer));
          if (ttl && ttl > 0) batch.expire(sessionId, Math.floor(ttl));
          await batch.exec();
        }),
    };
  },
};
