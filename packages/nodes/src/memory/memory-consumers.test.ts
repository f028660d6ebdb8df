import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestEngine, type NodeType } from '@flowloom/engine';
import {
  startFakeUpstash,
  startTestLlmServer,
  type FakeUpstash,
  type TestLlmServer,
} from '@flowloom/test-llm';
import { conversationalAgent } from '../agents/conversationalAgent/conversationalAgent.js';
import { toolAgent } from '../agents/toolAgent/toolAgent.js';
import { conversationChain } from '../chains/conversationChain/conversationChain.js';
import { conversationalRetrievalQAChain } from '../chains/conversationalRetrievalQAChain/conversationalRetrievalQAChain.js';
import { chatOpenAI } from '../chat-models/chatOpenAI/chatOpenAI.js';
import { plainText } from '../document-loaders/plainText/plainText.js';
import { openAIEmbeddings } from '../embeddings/openAIEmbeddings/openAIEmbeddings.js';
import { buildFlow, type EdgeSpec, type NodeSpec } from '../testing/flow-builder.js';
import { recordingHttp } from '../testing/vector-store-contract.js';
import { calculator } from '../tools/calculator/calculator.js';
import { memoryVectorStore } from '../vector-stores/memoryVectorStore/memoryVectorStore.js';
import { UpstashRedisBackedChatMemory } from './UpstashRedisBackedChatMemory/UpstashRedisBackedChatMemory.js';

let llm: TestLlmServer;
let upstash: FakeUpstash;
beforeAll(async () => {
  llm = await startTestLlmServer();
  upstash = await startFakeUpstash();
});
afterAll(async () => {
  await llm.close();
  await upstash.close();
});
beforeEach(() => llm.reset());

/** What each consumer needs besides a model and a memory. */
const consumers: { type: NodeType; extra: NodeSpec[]; edges: EdgeSpec[] }[] = [
  { type: conversationChain, extra: [], edges: [] },
  {
    type: toolAgent,
    extra: [{ id: 'calculator_0', type: calculator }],
    edges: [['calculator_0', 'consumer_0', 'tools']],
  },
  {
    type: conversationalAgent,
    extra: [{ id: 'calculator_0', type: calculator }],
    edges: [['calculator_0', 'consumer_0', 'tools']],
  },
  {
    type: conversationalRetrievalQAChain,
    extra: [
      { id: 'plainText_0', type: plainText, inputs: { text: 'Lighthouses guide ships at night.' } },
      { id: 'openAIEmbeddings_0', type: openAIEmbeddings, credential: 'openai' },
      { id: 'memoryVectorStore_0', type: memoryVectorStore, output: 'retriever' },
    ],
    edges: [
      ['plainText_0', 'memoryVectorStore_0', 'document'],
      ['openAIEmbeddings_0', 'memoryVectorStore_0', 'embeddings'],
      ['memoryVectorStore_0', 'consumer_0', 'vectorStoreRetriever'],
    ],
  },
];

describe('memories kept outside Flowloom, in every chain and agent that takes a memory', () => {
  it.each(consumers)(
    '$type.definition.label reads the session from it and adds each exchange',
    async (consumer) => {
      const flow = buildFlow(
        [
          { id: 'chatOpenAI_0', type: chatOpenAI, credential: 'openai' },
          {
            id: 'mem_0',
            type: UpstashRedisBackedChatMemory,
            credential: 'upstash',
            inputs: { baseURL: upstash.url },
          },
          { id: 'consumer_0', type: consumer.type },
          ...consumer.extra,
        ],
        [['chatOpenAI_0', 'consumer_0', 'model'], ['mem_0', 'consumer_0', 'memory'], ...consumer.edges],
      );
      const test = createTestEngine({
        nodes: [
          chatOpenAI,
          UpstashRedisBackedChatMemory,
          consumer.type,
          ...consumer.extra.map((n) => n.type),
        ],
        credentials: {
          openai: { credentialName: 'openAIApi', data: { openAIApiKey: 'sk' } },
          upstash: {
            credentialName: 'upstashRedisMemoryApi',
            data: { upstashRestToken: 'test-upstash-token', serverUrl: upstash.url },
          },
        },
        services: { providerBaseUrls: { openai: llm.openAiBaseUrl }, http: recordingHttp() },
      });
      const session = `consumer-${consumer.type.definition.name}`;
      await test.run(flow, { question: 'The keeper is called Morwen', sessionId: session, chatId: session });
      const firstRun = llm.requests.length;
      await test.run(flow, { question: 'Who is the keeper?', sessionId: session, chatId: session });
      const laterChats = llm.requests.slice(firstRun).filter((r) => r.path.endsWith('/chat/completions'));
      expect(laterChats.some((r) => JSON.stringify(r.body).includes('The keeper is called Morwen'))).toBe(
        true,
      );
      expect(upstash.list(session)).toHaveLength(4);
    },
  );
});
