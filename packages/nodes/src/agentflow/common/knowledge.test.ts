import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestLlmServer, type TestLlmServer } from '@flowloom/test-llm';
import type { EngineServices } from '@flowloom/engine';
import { seedStores, storeRecord } from '../../testing/document-store-fixture.js';
import { splitToolOutput } from '../../tools/tool.js';
import { knowledgeTools, storeChoice } from './knowledge.js';
import { agentAgentflow } from '../agentAgentflow/agentAgentflow.js';
import { nodeContext, testServices } from './test-harness.js';

let llm: TestLlmServer;
let services: EngineServices;
beforeAll(async () => {
  llm = await startTestLlmServer();
  services = testServices({ providerBaseUrls: { openai: llm.openAiBaseUrl } });
  await seedStores(services, [
    {
      record: storeRecord('fruit-id', 'Fruit facts'),
      documents: [
        { pageContent: 'red apples grow on trees', metadata: { source: 'a' } },
        { pageContent: 'blue cars drive fast', metadata: { source: 'b' } },
      ],
    },
  ]);
});
afterAll(() => llm.close());

const run = () => nodeContext(agentAgentflow, {}, { services }).run;

describe('agent knowledge', () => {
  it('reads a store choice saved as "<id>:<name>" (or a bare id)', () => {
    expect(storeChoice('fruit-id:Fruit facts')).toEqual({ id: 'fruit-id', name: 'Fruit facts' });
    expect(storeChoice('fruit-id')).toEqual({ id: 'fruit-id', name: 'fruit-id' });
    expect(storeChoice('')).toBeUndefined();
  });

  it('makes a retriever tool of a document store and of a vector store opened with its embeddings', async () => {
    const [store, vectors] = await knowledgeTools(run(), {
      stores: [{ documentStore: 'fruit-id:Fruit facts', docStoreDescription: 'Facts about fruit' }],
      vectors: [
        {
          vectorStore: 'embeddedVectorStore',
          // The collection the store above was upserted into.
          vectorStoreConfig: { collectionName: 'fruit-id', topK: 1 },
          embeddingModel: 'openAIEmbeddings',
          embeddingModelConfig: { credential: 'openai', modelName: 'text-embedding-3-small' },
          knowledgeName: 'Fruit notes',
          returnSourceDocuments: true,
        },
      ],
    });
    expect(store).toMatchObject({ name: 'fruit_facts', description: 'Facts about fruit' });
    expect(vectors).toMatchObject({ name: 'fruit_notes', description: 'Searches Fruit notes' });
    const found = splitToolOutput(
      await vectors!.invoke({ input: 'red apples' }, { signal: new AbortController().signal }),
    );
    expect(found.content).toBe('red apples grow on trees');
    expect(found.sourceDocuments).toEqual([
      { pageContent: 'red apples grow on trees', metadata: { source: 'a' } },
    ]);
  });
});
