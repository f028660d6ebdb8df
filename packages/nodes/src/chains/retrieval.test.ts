import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestLlmServer, type TestLlmServer } from '@flowloom/test-llm';
import { createTestEngine } from '@flowloom/engine';
import { chatflowNodes } from '../registry.js';
import { chatOpenAI } from '../chat-models/chatOpenAI/chatOpenAI.js';
import { openAIEmbeddings } from '../embeddings/openAIEmbeddings/openAIEmbeddings.js';
import { plainText } from '../document-loaders/plainText/plainText.js';
import { characterTextSplitter } from '../text-splitters/characterTextSplitter/characterTextSplitter.js';
import { memoryVectorStore } from '../vector-stores/memoryVectorStore/memoryVectorStore.js';
import { documentStoreVS } from '../vector-stores/documentStoreVS/documentStoreVS.js';
import { similarityThresholdRetriever } from '../retrievers/similarityThresholdRetriever/similarityThresholdRetriever.js';
import { retrieverTool } from '../tools/retrieverTool/retrieverTool.js';
import { toolAgent } from '../agents/toolAgent/toolAgent.js';
import { bufferMemory } from '../memory/bufferMemory/bufferMemory.js';
import { buildFlow } from '../testing/flow-builder.js';
import { nodeContext } from '../testing/node-context.js';
import { seedStores, storeRecord } from '../testing/document-store-fixture.js';
import { conversationalRetrievalQAChain } from './conversationalRetrievalQAChain/conversationalRetrievalQAChain.js';
import { retrievalQAChain } from './retrievalQAChain/retrievalQAChain.js';
import { SOURCE_DOCUMENTS_MARKER, splitToolOutput } from '../tools/tool.js';

let llm: TestLlmServer;
beforeAll(async () => (llm = await startTestLlmServer()));
afterAll(() => llm.close());
beforeEach(() => llm.reset());

const FACTS = 'Apples are red fruit.\n\nBananas are yellow fruit.\n\nCars have four wheels.';

function engine() {
  return createTestEngine({
    nodes: [...chatflowNodes],
    credentials: { openai: { credentialName: 'openAIApi', data: { openAIApiKey: 'sk-test' } } },
    services: { providerBaseUrls: { openai: llm.openAiBaseUrl } },
  });
}

/** Text → splitter → in-memory store (embedded each run) → a chain. */
function ragFlow(chain: typeof conversationalRetrievalQAChain, chainInputs: Record<string, unknown> = {}) {
  return buildFlow(
    [
      { id: 'chatOpenAI_0', type: chatOpenAI, credential: 'openai' },
      { id: 'openAIEmbeddings_0', type: openAIEmbeddings, credential: 'openai' },
      { id: 'splitter_0', type: characterTextSplitter, inputs: { chunkSize: 30, chunkOverlap: 0 } },
      { id: 'plainText_0', type: plainText, inputs: { text: FACTS, metadata: '{"source":"facts.txt"}' } },
      { id: 'memoryVectorStore_0', type: memoryVectorStore, inputs: { topK: 1 }, output: 'retriever' },
      { id: 'chain_0', type: chain, inputs: chainInputs },
    ],
    [
      ['splitter_0', 'plainText_0', 'textSplitter'],
      ['plainText_0', 'memoryVectorStore_0', 'document'],
      ['openAIEmbeddings_0', 'memoryVectorStore_0', 'embeddings'],
      ['chatOpenAI_0', 'chain_0', 'model'],
      ['memoryVectorStore_0', 'chain_0', 'vectorStoreRetriever'],
    ],
  );
}

const chats = () => llm.requests.filter((r) => r.path.endsWith('/chat/completions'));

describe('Conversational Retrieval QA Chain', () => {
  it('answers from the documents found for the question, with them as sources', async () => {
    const run = await engine().run(ragFlow(conversationalRetrievalQAChain, { returnSourceDocuments: true }), {
      question: 'What colour are bananas?',
    });
    expect(run.output.sourceDocuments).toEqual([
      { pageContent: 'Bananas are yellow fruit.', metadata: { source: 'facts.txt' } },
    ]);
    expect(chats()).toHaveLength(1);
    const sent = chats()[0]!.body as { messages: { role: string; content: string }[] };
    expect(sent.messages[0]!.content).toContain("<doc id='0'>Bananas are yellow fruit.</doc>");
    expect(sent.messages.at(-1)).toEqual({ role: 'user', content: 'What colour are bananas?' });
  });

  it('rewrites a follow-up with the history before searching, and answers the follow-up', async () => {
    llm.script({ text: 'What colour are apples?' });
    const run = await engine().run(ragFlow(conversationalRetrievalQAChain, { returnSourceDocuments: true }), {
      question: 'and the other one?',
      history: [
        { role: 'userMessage', content: 'Tell me about bananas' },
        { role: 'apiMessage', content: 'Bananas are yellow.' },
      ],
    });
    const [rephrase, answer] = chats() as { body: { messages: { role: string; content: string }[] } }[];
    expect(rephrase!.body.messages[0]!.content).toContain(
      'Human: Tell me about bananas\nAssistant: Bananas are yellow.',
    );
    expect(rephrase!.body.messages[0]!.content).toContain('Follow-up question: and the other one?');
    expect(run.output.sourceDocuments?.[0]?.pageContent).toBe('Apples are red fruit.');
    expect(answer!.body.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(answer!.body.messages.at(-1)!.content).toBe('and the other one?');
  });

  it('streams the answer and leaves sources out unless asked', async () => {
    const run = await engine().run(ragFlow(conversationalRetrievalQAChain), {
      question: 'apples',
      streaming: true,
    });
    expect(run.output.sourceDocuments).toBeUndefined();
    expect(run.events.filter((e) => e.event === 'token').length).toBeGreaterThan(1);
  });
});

describe('Retrieval QA Chain', () => {
  it('answers one question from the documents, without sources', async () => {
    const run = await engine().run(ragFlow(retrievalQAChain), { question: 'cars' });
    expect(run.output.text).toContain('Hello from the test LLM');
    expect(run.output.sourceDocuments).toBeUndefined();
    const sent = chats()[0]!.body as { messages: { content: string }[] };
    expect(sent.messages[0]!.content).toContain('Cars have four wheels.');
  });

  it('puts the documents into the prompt as they are, dollar signs included', async () => {
    const flow = ragFlow(retrievalQAChain);
    flow.nodes.find((node) => node.id === 'plainText_0')!.data.inputs.text = "Cars cost $& or $' each.";
    await engine().run(flow, { question: 'cars' });
    const sent = chats()[0]!.body as { messages: { content: string }[] };
    expect(sent.messages[0]!.content).toContain("<doc id='0'>Cars cost $& or $' each.</doc>");
  });
});

describe('retrievers and the retriever tool on a document store', () => {
  it('lets a tool agent search a store, with the documents as the answer’s sources', async () => {
    const test = engine();
    await seedStores(test.services, [
      {
        record: storeRecord('store-1', 'Fruit facts'),
        documents: [
          { pageContent: 'Apples are red fruit.', metadata: { source: 'a' } },
          { pageContent: 'Bananas are yellow fruit.', metadata: { source: 'b' } },
        ],
      },
    ]);
    const flow = buildFlow(
      [
        { id: 'chatOpenAI_0', type: chatOpenAI, credential: 'openai' },
        { id: 'bufferMemory_0', type: bufferMemory },
        {
          id: 'documentStoreVS_0',
          type: documentStoreVS,
          inputs: { selectedStore: 'store-1' },
          output: 'retriever',
        },
        {
          id: 'retrieverTool_0',
          type: retrieverTool,
          inputs: { name: 'Search Fruit', description: 'Facts about fruit', returnSourceDocuments: true },
        },
        { id: 'toolAgent_0', type: toolAgent },
      ],
      [
        ['documentStoreVS_0', 'retrieverTool_0', 'retriever'],
        ['retrieverTool_0', 'toolAgent_0', 'tools'],
        ['chatOpenAI_0', 'toolAgent_0', 'model'],
        ['bufferMemory_0', 'toolAgent_0', 'memory'],
      ],
    );
    const run = await test.run(flow, { question: 'apples? [[tool:search_fruit {"input":"red apples"}]]' });
    const used = run.output.usedTools![0]!;
    expect(used.tool).toBe('search_fruit');
    expect(used.toolOutput).not.toContain(SOURCE_DOCUMENTS_MARKER);
    expect(used.sourceDocuments?.[0]).toEqual({
      pageContent: 'Apples are red fruit.',
      metadata: { source: 'a', docId: undefined },
    });
    expect(run.output.sourceDocuments?.[0]?.pageContent).toBe('Apples are red fruit.');
    // The model read the text only.
    const toolMessage = (chats()[1]!.body as { messages: { role: string; content: string }[] }).messages.find(
      (m) => m.role === 'tool',
    );
    expect(toolMessage?.content).not.toContain('FLOWISE_SOURCE_DOCUMENTS');
  });

  it('keeps only documents above a similarity threshold', async () => {
    const test = engine();
    await seedStores(test.services, [
      {
        record: storeRecord('store-2', 'Mixed'),
        documents: [
          { pageContent: 'red apples', metadata: {} },
          { pageContent: 'blue cars drive', metadata: {} },
        ],
      },
    ]);
    const store = await documentStoreVS.init!({
      ...nodeContext(documentStoreVS, { inputs: { selectedStore: 'store-2' }, services: test.services }),
      outputName: 'vectorStore',
    });
    const found = await similarityThresholdRetriever.init!({
      ...nodeContext(similarityThresholdRetriever, {
        inputs: { vectorStore: store, minSimilarityScore: 60, query: 'red apples' },
        services: test.services,
      }),
      outputName: 'document',
    });
    expect(found).toEqual([{ pageContent: 'red apples', metadata: {} }]);
  });

  it('reads the source documents a tool output carries after the marker', () => {
    const docs = [{ pageContent: 'x', metadata: { a: 1 } }];
    expect(splitToolOutput(`found x${SOURCE_DOCUMENTS_MARKER}${JSON.stringify(docs)}`)).toEqual({
      content: 'found x',
      sourceDocuments: docs,
    });
    expect(splitToolOutput('plain')).toEqual({ content: 'plain' });
  });
});
