import { describe, expect, it } from 'vitest';
import { createMemoryRecords, createMemoryVectors, type NodeType } from '@flowloom/engine';
import { SQLiteRecordManager } from '../record-managers/SQLiteRecordManager/SQLiteRecordManager.js';
import {
  bagOfWordsEmbeddings,
  describeVectorStoreContract,
  doc,
  fruit,
  storeContext,
  type StoreContextOptions,
} from '../testing/vector-store-contract.js';
import { embeddedVectorStore } from './embeddedVectorStore/embeddedVectorStore.js';
import { faiss, FAISS_UNAVAILABLE } from './faiss/faiss.js';
import { memoryVectorStore } from './memoryVectorStore/memoryVectorStore.js';
import { isRetriever, maximalMarginalRelevance } from './vector-store.js';

function setup() {
  const vectors = createMemoryVectors();
  const records = createMemoryRecords();
  const embeddings = bagOfWordsEmbeddings();
  const ctx = (type: NodeType, options: StoreContextOptions = {}) =>
    storeContext(type, { ...options, services: { vectors, records, ...options.services } });
  const recordManager = (inputs: Record<string, unknown> = {}) =>
    SQLiteRecordManager.init!(ctx(SQLiteRecordManager, { inputs }));
  return { vectors, embeddings, ctx, recordManager };
}

// The app database's vectors, as the test engine keeps them.
const appVectors = createMemoryVectors();
describeVectorStoreContract('Embedded Vector Store', {
  type: embeddedVectorStore,
  inputs: (name) => ({ collectionName: name }),
  services: () => ({ vectors: appVectors }),
  sourceFilter: (source) => ({ metadataFilter: JSON.stringify({ source }) }),
  count: (name) => appVectors.count(name),
  fileUpload: true,
});

describe('Embedded Vector Store', () => {
  it('keeps the vectors of a flow in a collection of its own unless one is named', async () => {
    const { ctx, embeddings, vectors } = setup();
    const inputs = { document: [fruit], embeddings, topK: 2 };
    const result = await embeddedVectorStore.upsert!(ctx(embeddedVectorStore, { inputs }));
    expect(result.numAdded).toBe(3);
    expect(await vectors.count('test-flow')).toBe(3);
  });

  it('refuses incremental cleanup of documents without the source key', async () => {
    const { ctx, embeddings, recordManager } = setup();
    const manager = await recordManager({ cleanup: 'incremental', sourceIdKey: 'path' });
    await expect(
      embeddedVectorStore.upsert!(
        ctx(embeddedVectorStore, { inputs: { embeddings, recordManager: manager, document: [fruit] } }),
      ),
    ).rejects.toThrow(/"path" \(SourceId Key\)/);
  });
});

describe('In-Memory Vector Store', () => {
  it('embeds the connected documents when built and keeps nothing', async () => {
    const { ctx, embeddings, vectors } = setup();
    const retriever = await memoryVectorStore.init!(
      ctx(memoryVectorStore, { inputs: { document: [fruit], embeddings, topK: 1 }, output: 'retriever' }),
    );
    if (!isRetriever(retriever)) throw new Error('no retriever');
    expect((await retriever.retrieve('bananas')).map((d) => d.pageContent)).toEqual([
      'yellow bananas are long',
    ]);
    expect(vectors.collections.size).toBe(0);
  });
});

describe('Faiss', () => {
  it('fails at once naming the alternatives', async () => {
    const { ctx, embeddings } = setup();
    await expect(faiss.init!(ctx(faiss, { inputs: { embeddings } }))).rejects.toThrow(FAISS_UNAVAILABLE);
    expect(FAISS_UNAVAILABLE).toMatch(/Embedded Vector Store/);
  });
});

describe('maximal marginal relevance', () => {
  it('prefers a relevant but different document over a near duplicate', () => {
    const query = [1, 0, 0];
    const candidates = [
      { document: doc('a'), score: 1, vector: [1, 0, 0] },
      { document: doc('a again'), score: 0.99, vector: [0.99, 0.01, 0] },
      { document: doc('b'), score: 0.7, vector: [0.7, 0.7, 0] },
    ];
    expect(maximalMarginalRelevance(query, candidates, 2, 0.3).map((c) => c.document.pageContent)).toEqual([
      'a',
      'b',
    ]);
    expect(maximalMarginalRelevance(query, candidates, 2, 1).map((c) => c.document.pageContent)).toEqual([
      'a',
      'a again',
    ]);
  });
});
