import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestEngine } from '@flowloom/engine';
import { startTestLlmServer, type TestLlmServer } from '@flowloom/test-llm';
import { conversationChain } from '../../chains/conversationChain/conversationChain.js';
import { chatOpenAI } from '../../chat-models/chatOpenAI/chatOpenAI.js';
import { buildFlow } from '../../testing/flow-builder.js';
import { RedisBackedChatMemory, redisTarget } from './RedisBackedChatMemory.js';

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
  let llm: TestLlmServer;
  let redis: Redis;
  beforeAll(async () => {
    llm = await startTestLlmServer();
    redis = new Redis(REDIS_URL!);
  });
  afterAll(async () => {
    await llm.close();
    redis.disconnect();
  });
  beforeEach(() => llm.reset());

  function engine(memoryInputs: Record<string, unknown>, redisUrl = REDIS_URL!) {
    const flow = buildFlow(
      [
        { id: 'chatOpenAI_0', type: chatOpenAI, credential: 'openai' },
        { id: 'mem_0', type: RedisBackedChatMemory, credential: 'redis', inputs: memoryInputs },
        { id: 'conversationChain_0', type: conversationChain },
      ],
      [
        ['chatOpenAI_0', 'conversationChain_0', 'model'],
        ['mem_0', 'conversationChain_0', 'memory'],
      ],
    );
    const test = createTestEngine({
      nodes: [chatOpenAI, RedisBackedChatMemory, conversationChain],
      credentials: {
        openai: { credentialName: 'openAIApi', data: { openAIApiKey: 'sk' } },
        redis: { credentialName: 'redisCacheUrlApi', data: { redisUrl } },
      },
      services: { providerBaseUrls: { openai: llm.openAiBaseUrl } },
    });
    return (question: string, sessionId: string) =>
      test.run(flow, { question, sessionId, chatId: sessionId });
  }

  it('stores each exchange in the session’s list and gives it back to the next question', async () => {
    const session = `s-${randomUUID()}`;
    const ask = engine({ sessionTTL: 60 });
    await ask('My name is Ada', session);
    await ask('What is my name?', session);
    const sent = (llm.requests[1]!.body as { messages: { role: string; content: string }[] }).messages;
    expect(sent.map((m) => [m.role, m.content])).toEqual([
      ['system', expect.any(String)],
      ['user', 'My name is Ada'],
      ['assistant', 'Hello from the test LLM. You said: My name is Ada'],
      ['user', 'What is my name?'],
    ]);
    // LangChain's stored messages, newest first, with the session's TTL.
    const stored = (await redis.lrange(session, 0, -1)).map((m) => JSON.parse(m) as { type: string });
    expect(stored.map((m) => m.type)).toEqual(['ai', 'human', 'ai', 'human']);
    expect(await redis.ttl(session)).toBeGreaterThan(50);
    await redis.del(session);
  });

  it('reads back only the last k exchanges with a Window Size', async () => {
    const session = `s-${randomUUID()}`;
    const ask = engine({ windowSize: 1 });
    await ask('one', session);
    await ask('two', session);
    await ask('three', session);
    const sent = (llm.requests[2]!.body as { messages: { content: string }[] }).messages.map(
      (m) => m.content,
    );
    expect(sent.slice(1)).toEqual(['two', 'Hello from the test LLM. You said: two', 'three']);
    await redis.del(session);
  });

  it('fails naming Redis when the server cannot be reached', async () => {
    const ask = engine({}, 'redis://127.0.0.1:9/0');
    await expect(ask('hi', `s-${randomUUID()}`)).rejects.toThrow(
      /Redis-Backed Chat Memory \(127\.0\.0\.1:9\)/,
    );
  });
});
