import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakePinecone, type FakePinecone } from '@flowloom/test-llm';
import type { ChatModelHandle } from '../../llm/chat-model.js';
import { doc, fruit, recordingHttp, storeContexts } from '../../testing/vector-store-contract.js';
import { isIndexRetriever, requireIndexRetriever } from '../llamaindex-store.js';
import { isVectorStore } from '../vector-store.js';
import { pineconeLlamaIndex } from './pineconeLlamaIndex.js';

let fake: FakePinecone;
beforeAll(async () => {
  fake = await startFakePinecone({ apiKey: 'pc-key', indexes: ['docs'] });
});
afterAll(() => fake.close());

/** A chat model as the store hands it on (never called here). */
const model = { kind: 'chatModel', label: 'ChatOpenAI', modelName: 'gpt-4o-mini' } as ChatModelHandle;

const ctx = storeContexts(pineconeLlamaIndex, {
  inputs: () => ({ pineconeIndex: 'docs', model }),
  credential: () => ({ pineconeApiKey: 'pc-key', controllerHostUrl: fake.url }),
  services: () => ({ http: recordingHttp() }),
});

describe('Pinecone (LlamaIndex)', () => {
  it('has Flowise’s LlamaIndex interface', () => {
    const { definition } = pineconeLlamaIndex;
    expect(definition).toMatchObject({
      name: 'pineconeLlamaIndex',
      version: 1,
      category: 'Vector Stores',
      baseClasses: ['Pinecone', 'VectorIndexRetriever'],
      tags: ['LlamaIndex'],
    });
    expect(definition.inputs.map((i) => [i.name, i.type])).toEqual([
      ['document', 'Document'],
      ['model', 'BaseChatModel_LlamaIndex'],
      ['embeddings', 'BaseEmbedding_LlamaIndex'],
      ['pineconeIndex', 'string'],
      ['pineconeNamespace', 'string'],
      ['pineconeMetadataFilter', 'json'],
      ['topK', 'number'],
    ]);
    expect(definition.outputs!.map((o) => [o.name, o.baseClasses])).toEqual([
      ['retriever', ['Pinecone', 'VectorIndexRetriever']],
      ['vectorStore', ['Pinecone', 'VectorStoreIndex']],
    ]);
  });

  it('upserts the connected documents into its namespace, text under `text`, nested metadata flattened', async () => {
    const result = await pineconeLlamaIndex.upsert!(
      ctx({
        pineconeNamespace: 'upsert',
        document: [
          [doc('red apples grow on apple trees', { source: 'fruit.txt', loc: { lines: { from: 1 } } })],
        ],
      }),
    );
    expect(result.numAdded).toBe(1);
    const [record] = [...fake.records('docs', 'upsert').values()];
    expect(record!.metadata).toEqual({
      source: 'fruit.txt',
      'loc.lines.from': 1,
      text: 'red apples grow on apple trees',
    });
  });

  it('retrieves the Top K closest with the chat model it was given, and offers its index too', async () => {
    await pineconeLlamaIndex.upsert!(ctx({ pineconeNamespace: 'search', document: [fruit] }));
    const retriever = requireIndexRetriever(
      await pineconeLlamaIndex.init!(ctx({ pineconeNamespace: 'search', topK: 2 }, { output: 'retriever' })),
    );
    expect(retriever.chatModel).toBe(model);
    const found = await retriever.retrieve('red apples');
    expect(found).toHaveLength(2);
    expect(found[0]).toEqual({
      pageContent: 'red apples grow on apple trees',
      metadata: { source: 'fruit.txt' },
    });

    const index = await pineconeLlamaIndex.init!(
      ctx({ pineconeNamespace: 'search' }, { output: 'vectorStore' }),
    );
    expect(isVectorStore(index) && !isIndexRetriever(index)).toBe(true);
    expect((index as { chatModel?: unknown }).chatModel).toBe(model);
  });

  it('applies its metadata filter to every search', async () => {
    await pineconeLlamaIndex.upsert!(ctx({ pineconeNamespace: 'filter', document: [fruit] }));
    const retriever = requireIndexRetriever(
      await pineconeLlamaIndex.init!(
        ctx({ pineconeNamespace: 'filter', topK: 10, pineconeMetadataFilter: '{"source":"cars.txt"}' }),
      ),
    );
    expect((await retriever.retrieve('red apples')).map((d) => d.pageContent)).toEqual([
      'blue cars drive on roads',
    ]);
  });

  it('needs a chat model and LlamaIndex-compatible inputs', async () => {
    await expect(pineconeLlamaIndex.init!(ctx({ model: '' }))).rejects.toThrow(
      'Chat Model must be a connected chat model',
    );
    await expect(pineconeLlamaIndex.init!(ctx({ embeddings: '' }))).rejects.toThrow(
      'Embeddings must be a connected embeddings node',
    );
    await expect(pineconeLlamaIndex.upsert!(ctx({ pineconeIndex: '' }))).rejects.toThrow(
      'Pinecone: Pinecone Index is required',
    );
  });
});
