import { describe, expect, it } from 'vitest';
import {
  createMemoryRecords,
  type EngineServices,
  type GuardedFetch,
  type NodeContext,
  type NodeType,
} from '@flowloom/engine';
import type { SourceDocument } from '@flowloom/shared';
import { embed } from '@flowloom/test-llm';
import type { EmbeddingsHandle } from '../embeddings/embeddings.js';
import { SQLiteRecordManager } from '../record-managers/SQLiteRecordManager/SQLiteRecordManager.js';
import { documentKey } from '../vector-stores/indexing.js';
import { isRetriever, isVectorStore, type VectorStoreHandle } from '../vector-stores/vector-store.js';
import { nodeContext, type NodeContextOptions } from './node-context.js';

/** Bag-of-words vectors (the test LLM server's), counting the texts it was asked to embed. */
export function bagOfWordsEmbeddings(dimensions = 64): EmbeddingsHandle & { embedded: string[] } {
  const embedded: string[] = [];
  return {
    kind: 'embeddings',
    provider: 'Test',
    modelName: 'bag-of-words',
    embedded,
    embedDocuments: (texts) => {
      embedded.push(...texts);
      return Promise.resolve(texts.map((t) => embed(t, dimensions)));
    },
    embedQuery: (text) => Promise.resolve(embed(text, dimensions)),
  };
}

/** The guarded client as tests use it: every address may be reached; every URL is recorded. */
export function recordingHttp(): GuardedFetch & { urls: string[] } {
  const urls: string[] = [];
  const http = (url: string, init?: RequestInit) => {
    urls.push(url);
    return fetch(url, init);
  };
  return Object.assign(http, { urls });
}

/** The guarded client refusing a loopback URL, in the words of the server's guard. */
export const refusingHttp: GuardedFetch = (url) =>
  Promise.reject(
    new Error(`Refused to fetch ${url}: loopback address (set FLOWLOOM_HTTP_ALLOW to allow it)`),
  );

export const doc = (pageContent: string, metadata: Record<string, unknown> = {}): SourceDocument => ({
  pageContent,
  metadata,
});

export const fruit = [
  doc('red apples grow on apple trees', { source: 'fruit.txt' }),
  doc('yellow bananas are long', { source: 'fruit.txt' }),
  doc('blue cars drive on roads', { source: 'cars.txt' }),
];

export interface StoreContextOptions extends NodeContextOptions {
  output?: string;
}

/** A node context for a vector store or record manager node (with `outputName`). */
export function storeContext(type: NodeType, options: StoreContextOptions = {}): NodeContext {
  return { ...nodeContext(type, options), outputName: options.output };
}

/** What one test file gives every context of its node (read when a context is made). */
export interface StoreDefaults {
  inputs?: () => Record<string, unknown>;
  credential?: () => Record<string, unknown>;
  services?: () => Partial<EngineServices>;
}

/**
 * Contexts for one node in a test file: fresh bag-of-words embeddings and the file's inputs under each
 * call's inputs; the file's credential and services unless the call gives its own.
 */
export function storeContexts(type: NodeType, defaults: StoreDefaults = {}) {
  return (inputs: Record<string, unknown> = {}, options: StoreContextOptions = {}): NodeContext =>
    storeContext(type, {
      ...(defaults.credential && { credential: defaults.credential() }),
      ...(defaults.services && { services: defaults.services() }),
      ...options,
      inputs: { embeddings: bagOfWordsEmbeddings(), ...defaults.inputs?.(), ...inputs },
    });
}

/** What the shared contract needs to know about one external vector store. */
export interface StoreUnderTest {
  type: NodeType;
  /** The store's inputs for one test (a fresh index, namespace, collection or table). */
  inputs(name: string): Record<string, unknown>;
  credential?: () => Record<string, unknown>;
  services?: () => Partial<EngineServices>;
  /** The store's own filter for `metadata.source = source`, as the node input holding it. */
  sourceFilter(source: string): Record<string, unknown>;
  /** How many records the store holds for one test's inputs. */
  count(name: string): Promise<number>;
  /** Whether the node has the File Upload input. */
  fileUpload: boolean;
}

let counter = 0;

/**
 * The behaviour every external vector store shares, run against its fake or real server: upsert
 * and retrieve, filters, chat uploads, record-manager skip and cleanup, removing records.
 */
export function describeVectorStoreContract(label: string, store: StoreUnderTest): void {
  describe(`${label} (vector store contract)`, () => {
    const fresh = () => `t${Date.now().toString(36)}${(counter++).toString(36)}`;
    const setup = () => {
      const name = fresh();
      const embeddings = bagOfWordsEmbeddings();
      const records = createMemoryRecords();
      const ctx = (inputs: Record<string, unknown>, options: StoreContextOptions = {}) =>
        storeContext(store.type, {
          ...options,
          inputs: { embeddings, ...store.inputs(name), ...inputs },
          ...(store.credential && { credential: store.credential() }),
          services: { records, ...store.services?.(), ...options.services },
        });
      const recordManager = (inputs: Record<string, unknown>) =>
        SQLiteRecordManager.init!(storeContext(SQLiteRecordManager, { inputs, services: { records } }));
      const retrieve = async (
        query: string,
        inputs: Record<string, unknown>,
        options: StoreContextOptions = {},
      ) => {
        const retriever = await store.type.init!(
          ctx({ topK: 10, ...inputs }, { ...options, output: 'retriever' }),
        );
        if (!isRetriever(retriever)) throw new Error('no retriever');
        return (await retriever.retrieve(query)).map((d) => d.pageContent);
      };
      return { name, embeddings, ctx, recordManager, retrieve };
    };

    it('writes the connected documents and retrieves the nearest for a question', async () => {
      const { name, ctx, retrieve } = setup();
      expect(await store.type.upsert!(ctx({ document: [fruit] }))).toMatchObject({ numAdded: 3 });
      expect(await store.count(name)).toBe(3);
      const found = await retrieve('red apple', { topK: 2 });
      expect(found).toHaveLength(2);
      expect(found[0]).toBe('red apples grow on apple trees');
    });

    it('answers its Vector Store output with Top K and keeps metadata', async () => {
      const { ctx } = setup();
      await store.type.upsert!(ctx({ document: [[doc('green pears', { source: 'p.txt', page: 2 })]] }));
      const built = await store.type.init!(ctx({ topK: 3 }, { output: 'vectorStore' }));
      if (!isVectorStore(built)) throw new Error('no vector store');
      expect(built.k).toBe(3);
      const [hit] = await built.searchByVector(await built.embeddings.embedQuery('green pears'), 1);
      expect(hit!.document).toEqual({ pageContent: 'green pears', metadata: { source: 'p.txt', page: 2 } });
      expect(hit!.score).toBeGreaterThan(0.9);
    });

    it('filters by metadata in its own filter language', async () => {
      const { ctx, retrieve } = setup();
      await store.type.upsert!(ctx({ document: [fruit] }));
      expect(await retrieve('red apple', store.sourceFilter('cars.txt'))).toEqual([
        'blue cars drive on roads',
      ]);
    });

    if (store.fileUpload)
      it('keeps documents uploaded in a chat to that chat', async () => {
        const { ctx, retrieve } = setup();
        await store.type.upsert!(ctx({ document: [fruit] }));
        await store.type.upsert!(
          ctx(
            { fileUpload: true, document: [[doc('red apple secrets of chat one')]] },
            { run: { chatId: 'chat-1' } },
          ),
        );
        expect(
          await retrieve('red apple', { fileUpload: true }, { run: { chatId: 'chat-2' } }),
        ).not.toContain('red apple secrets of chat one');
        const inChat = await retrieve('red apple', { fileUpload: true }, { run: { chatId: 'chat-1' } });
        expect(inChat).toContain('red apple secrets of chat one');
        expect(inChat).toContain('red apples grow on apple trees');
        // The node's own filter still applies beside the chat rule.
        const filtered = await retrieve(
          'red apple',
          { fileUpload: true, ...store.sourceFilter('cars.txt') },
          { run: { chatId: 'chat-1' } },
        );
        expect(filtered).toEqual(['blue cars drive on roads']);
      });

    it('with a record manager, skips what is indexed and cleans up replaced sources', async () => {
      const { name, ctx, embeddings, recordManager } = setup();
      const manager = await recordManager({ cleanup: 'incremental' });
      const upsert = (documents: SourceDocument[]) =>
        store.type.upsert!(ctx({ recordManager: manager, document: [documents] }));
      expect(await upsert(fruit)).toMatchObject({ numAdded: 3, numSkipped: 0, numDeleted: 0, totalKeys: 3 });
      embeddings.embedded.length = 0;
      expect(await upsert(fruit)).toMatchObject({ numAdded: 0, numSkipped: 3, numDeleted: 0, totalKeys: 3 });
      expect(embeddings.embedded).toEqual([]);
      const changed = [doc('green pears are sweet', { source: 'fruit.txt' }), fruit[2]!];
      expect(await upsert(changed)).toMatchObject({
        numAdded: 1,
        numSkipped: 1,
        numDeleted: 2,
        totalKeys: 2,
      });
      expect(await store.count(name)).toBe(2);
      const built = (await store.type.init!(ctx({}, { output: 'vectorStore' }))) as VectorStoreHandle;
      const hits = await built.searchByVector(await embeddings.embedQuery('green pears'), 10);
      expect(hits.map((h) => h.id).sort()).toEqual(changed.map(documentKey).sort());
    });

    it('full cleanup removes sources that are gone; removeRecords deletes one loader', async () => {
      const { name, ctx, recordManager } = setup();
      const manager = await recordManager({ cleanup: 'full' });
      const tagged = fruit.map((d, i) =>
        doc(d.pageContent, { ...d.metadata, docId: i < 2 ? 'loader-a' : 'loader-b' }),
      );
      await store.type.upsert!(ctx({ recordManager: manager, document: [tagged] }));
      expect(
        await store.type.upsert!(ctx({ recordManager: manager, document: [tagged.slice(0, 2)] })),
      ).toMatchObject({
        numDeleted: 1,
        totalKeys: 2,
      });
      expect(await store.count(name)).toBe(2);
      expect(await store.type.removeRecords!(ctx({ recordManager: manager }), { docId: 'loader-a' })).toEqual(
        {
          numDeleted: 2,
        },
      );
      expect(await store.count(name)).toBe(0);
    });

    it('says what to do without a record manager when asked to remove records', async () => {
      const { ctx } = setup();
      await expect(store.type.removeRecords!(ctx({}), {})).rejects.toThrow(/record manager is needed/);
    });
  });
}
