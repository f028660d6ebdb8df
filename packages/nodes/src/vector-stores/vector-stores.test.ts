import { describe, expect, it } from 'vitest';
import { createMemoryRecords, createMemoryVectors, type NodeContext, type NodeType } from '@flowloom/engine';
import type { SourceDocument } from '@flowloom/shared';
import { embed } from '@flowloom/test-llm';
import { nodeContext, type NodeContextOptions } from '../testing/node-context.js';
import type { EmbeddingsHandle } from '../embeddings/embeddings.js';
import { SQLiteRecordManager } from '../record-managers/SQLiteRecordManager/SQLiteRecordManager.js';
import { embeddedVectorStore } from './embeddedVectorStore/embeddedVectorStore.js';
import { faiss, FAISS_UNAVAILABLE } from './faiss/faiss.js';
import { memoryVectorStore } from './memoryVectorStore/memoryVectorStore.js';
import { documentKey } from './indexing.js';
import { isRetriever, maximalMarginalRelevance } from './vector-store.js';

/** Bag-of-words vectors (the test LLM server's), counting the texts it was asked to embed. */
function fakeEmbeddings(): EmbeddingsHandle & { embedded: string[] } {
  const embedded: string[] = [];
  return {
    kind: 'embeddings',
    provider: 'Test',
    modelName: 'bag-of-words',
    embedded,
    embedDocuments: (texts) => {
      embedded.push(...texts);
      return Promise.resolve(texts.map((t) => embed(t, 64)));
    },
    embedQuery: (text) => Promise.resolve(embed(text, 64)),
  };
}

const doc = (pageContent: string, metadata: Record<string, unknown> = {}): SourceDocument => ({
  pageContent,
  metadata,
});

function setup() {
  const vectors = createMemoryVectors();
  const records = createMemoryRecords();
  const embeddings = fakeEmbeddings();
  const ctx = (type: NodeType, options: NodeContextOptions & { output?: string } = {}): NodeContext => ({
    ...nodeContext(type, { ...options, services: { vectors, records, ...options.services } }),
    outputName: options.output,
  });
  const recordManager = (inputs: Record<string, unknown> = {}) =>
    SQLiteRecordManager.init!(ctx(SQLiteRecordManager, { inputs }));
  return { vectors, records, embeddings, ctx, recordManager };
}

const fruit = [
  doc('red apples grow on apple trees', { source: 'fruit.txt' }),
  doc('yellow bananas are long', { source: 'fruit.txt' }),
  doc('blue cars drive on roads', { source: 'cars.txt' }),
];

describe('Embedded Vector Store', () => {
  it('writes the connected documents and retrieves the nearest for a question', async () => {
    const { ctx, embeddings, vectors } = setup();
    const inputs = { document: [fruit], embeddings, topK: 2 };
    const result = await embeddedVectorStore.upsert!(ctx(embeddedVectorStore, { inputs }));
    expect(result.numAdded).toBe(3);
    expect(await vectors.count('test-flow')).toBe(3);
    const retriever = await embeddedVectorStore.init!(
      ctx(embeddedVectorStore, { inputs, output: 'retriever' }),
    );
    if (!isRetriever(retriever)) throw new Error('no retriever');
    const found = await retriever.retrieve('red apple');
    expect(found).toHaveLength(2);
    expect(found[0]!.pageContent).toBe('red apples grow on apple trees');
  });

  it('filters by metadata, and keeps chat uploads to their chat', async () => {
    const { ctx, embeddings } = setup();
    const base = { embeddings, collectionName: 'shared' };
    await embeddedVectorStore.upsert!(ctx(embeddedVectorStore, { inputs: { ...base, document: [fruit] } }));
    await embeddedVectorStore.upsert!(
      ctx(embeddedVectorStore, {
        inputs: { ...base, fileUpload: true, document: [[doc('red apple secrets of chat one')]] },
        run: { chatId: 'chat-1' },
      }),
    );
    const search = async (inputs: Record<string, unknown>, chatId: string) => {
      const retriever = await embeddedVectorStore.init!(
        ctx(embeddedVectorStore, {
          inputs: { ...base, topK: 10, ...inputs },
          run: { chatId },
          output: 'retriever',
        }),
      );
      if (!isRetriever(retriever)) throw new Error('no retriever');
      return (await retriever.retrieve('red apple')).map((d) => d.pageContent);
    };
    expect(await search({ metadataFilter: '{"source":"cars.txt"}' }, 'x')).toEqual([
      'blue cars drive on roads',
    ]);
    expect(await search({ fileUpload: true }, 'chat-2')).not.toContain('red apple secrets of chat one');
    expect(await search({ fileUpload: true }, 'chat-1')).toContain('red apple secrets of chat one');
  });

  it('with a record manager, skips what is indexed and cleans up replaced sources', async () => {
    const { ctx, embeddings, vectors, recordManager } = setup();
    const manager = await recordManager({ cleanup: 'incremental' });
    const upsert = (documents: SourceDocument[]) =>
      embeddedVectorStore.upsert!(
        ctx(embeddedVectorStore, { inputs: { embeddings, recordManager: manager, document: [documents] } }),
      );
    expect(await upsert(fruit)).toMatchObject({ numAdded: 3, numSkipped: 0, numDeleted: 0, totalKeys: 3 });
    embeddings.embedded.length = 0;
    expect(await upsert(fruit)).toMatchObject({ numAdded: 0, numSkipped: 3, numDeleted: 0, totalKeys: 3 });
    expect(embeddings.embedded).toEqual([]);
    // fruit.txt changed: its two old records go, cars.txt stays.
    const changed = [doc('green pears are sweet', { source: 'fruit.txt' }), fruit[2]!];
    expect(await upsert(changed)).toMatchObject({ numAdded: 1, numSkipped: 1, numDeleted: 2, totalKeys: 2 });
    expect([...vectors.collections.get('test-flow')!.keys()].sort()).toEqual(changed.map(documentKey).sort());
  });

  it('full cleanup removes sources that are gone; removeRecords deletes one loader', async () => {
    const { ctx, embeddings, vectors, recordManager } = setup();
    const manager = await recordManager({ cleanup: 'full' });
    const inputs = (documents: SourceDocument[]) => ({
      embeddings,
      recordManager: manager,
      document: [documents],
    });
    const tagged = fruit.map((d, i) =>
      doc(d.pageContent, { ...d.metadata, docId: i < 2 ? 'loader-a' : 'loader-b' }),
    );
    await embeddedVectorStore.upsert!(ctx(embeddedVectorStore, { inputs: inputs(tagged) }));
    expect(
      await embeddedVectorStore.upsert!(ctx(embeddedVectorStore, { inputs: inputs(tagged.slice(0, 2)) })),
    ).toMatchObject({
      numDeleted: 1,
      totalKeys: 2,
    });
    expect(
      await embeddedVectorStore.removeRecords!(ctx(embeddedVectorStore, { inputs: inputs([]) }), {
        docId: 'loader-a',
      }),
    ).toEqual({ numDeleted: 2 });
    expect(await vectors.count('test-flow')).toBe(0);
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

  it('says what to do without a record manager when asked to remove records', async () => {
    const { ctx, embeddings } = setup();
    await expect(
      embeddedVectorStore.removeRecords!(ctx(embeddedVectorStore, { inputs: { embeddings } }), {}),
    ).rejects.toThrow(/record manager is needed/);
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
