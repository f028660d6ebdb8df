import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChromaClient } from 'chromadb';
import { startFakeChroma, type FakeChroma } from '@flowloom/test-llm';
import { SERVICE_TIMEOUTS } from '../../connections/service-call.js';
import {
  describeVectorStoreContract,
  doc,
  fruit,
  recordingHttp,
  refusingHttp,
  storeContexts,
} from '../../testing/vector-store-contract.js';
import type { VectorStoreHandle } from '../vector-store.js';
import { chroma, chromaMetadata, CHROMA_CLOUD } from './chroma.js';

let fake: FakeChroma;
const http = recordingHttp();
beforeAll(async () => {
  fake = await startFakeChroma({ apiKey: 'c-key' });
});
afterAll(() => fake.close());

const credential = () => ({ chromaApiKey: 'c-key', serverUrl: fake.url });

describeVectorStoreContract('Chroma', {
  type: chroma,
  inputs: (name) => ({ chromaURL: fake.url, collectionName: name }),
  credential,
  services: () => ({ http }),
  sourceFilter: (source) => ({ chromaMetadataFilter: JSON.stringify({ source }) }),
  count: (name) => Promise.resolve(fake.collection(name)?.records.size ?? 0),
  fileUpload: false,
});

describe('Chroma', () => {
  const ctx = storeContexts(chroma, {
    inputs: () => ({ chromaURL: fake.url, collectionName: 'docs' }),
    credential,
    services: () => ({ http }),
  });

  it('sends our vectors with the key, in the credential’s tenant and database', async () => {
    await chroma.upsert!(
      ctx(
        { collectionName: 'tenanted', document: [fruit] },
        { credential: { ...credential(), chromaTenant: 'acme', chromaDatabase: 'prod' } },
      ),
    );
    const made = fake.collection('tenanted')!;
    expect(made).toMatchObject({ tenant: 'acme', database: 'prod' });
    expect([...made.records.values()][0]!.embedding).toHaveLength(64);
    const calls = fake.calls.filter((c) => c.path.includes('/tenants/acme/databases/prod/'));
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.every((c) => c.headers['x-chroma-token'] === 'c-key')).toBe(true);
  });

  it('combines several filter keys and the retriever tool’s filter with $and', async () => {
    await chroma.upsert!(
      ctx({
        collectionName: 'multi',
        document: [[doc('a page', { source: 'a', page: 1 }), doc('b page', { source: 'a', page: 2 })]],
      }),
    );
    const built = (await chroma.init!(
      ctx(
        { collectionName: 'multi', chromaMetadataFilter: { source: 'a', page: 2 } },
        { output: 'vectorStore' },
      ),
    )) as VectorStoreHandle;
    const vector = await built.embeddings.embedQuery('page');
    expect(
      (await built.searchByVector(vector, 5, { filter: built.filter! })).map((h) => h.document.pageContent),
    ).toEqual(['b page']);
    const combined = built.combineFilters!(built.filter, { page: { $gte: 1 } });
    expect(combined).toEqual({ $and: [{ source: 'a', page: 2 }, { page: { $gte: 1 } }] });
    expect(await built.searchByVector(vector, 5, { filter: combined })).toHaveLength(1);
  });

  it('keeps line locations as Flowise stores them, and reads them back', async () => {
    expect(chromaMetadata({ loc: { lines: { from: 3, to: 9 } }, tags: ['x'], empty: null })).toEqual({
      locFrom: 3,
      locTo: 9,
      tags: '["x"]',
    });
    await chroma.upsert!(
      ctx({
        collectionName: 'loc',
        document: [[doc('located text', { loc: { lines: { from: 3, to: 9 } } })]],
      }),
    );
    const built = (await chroma.init!(
      ctx({ collectionName: 'loc' }, { output: 'vectorStore' }),
    )) as VectorStoreHandle;
    const [hit] = await built.searchByVector(await built.embeddings.embedQuery('located text'), 1);
    expect(hit!.document.metadata).toEqual({ loc: { lines: { from: 3, to: 9 } } });
  });

  it('says a collection must be upserted into before it can be searched', async () => {
    const built = (await chroma.init!(
      ctx({ collectionName: 'never' }, { output: 'vectorStore' }),
    )) as VectorStoreHandle;
    await expect(built.searchByVector([1], 1)).rejects.toThrow(
      /collection "never" does not exist at .*upsert documents into it first/,
    );
  });

  it('sends a key with no server named to Chroma Cloud only', async () => {
    await expect(
      chroma.upsert!(ctx({ document: [fruit] }, { credential: { chromaApiKey: 'c-key' } })),
    ).rejects.toThrow(`is not where this node's credential may be sent (${CHROMA_CLOUD})`);
    const seen: string[] = [];
    const stub = (url: string) => {
      seen.push(url);
      return Promise.reject(new Error('offline'));
    };
    await expect(
      chroma.upsert!(
        ctx(
          { chromaURL: '', document: [fruit] },
          { credential: { chromaApiKey: 'c-key' }, services: { http: stub } },
        ),
      ),
    ).rejects.toThrow(/^Chroma: offline/);
    expect(seen[0]).toMatch(/^https:\/\/api\.trychroma\.com\/api\/v2\//);
  });

  it('fails with the guard’s refusal, naming FLOWLOOM_HTTP_ALLOW', async () => {
    await expect(
      chroma.upsert!(ctx({ document: [fruit] }, { services: { http: refusingHttp } })),
    ).rejects.toThrow(/^Chroma: Refused to fetch .*FLOWLOOM_HTTP_ALLOW/);
  });

  it('ends with a timeout message when the server does not answer', async () => {
    const limit = SERVICE_TIMEOUTS.requestMs;
    SERVICE_TIMEOUTS.requestMs = 300;
    fake.mode = 'hang';
    try {
      await expect(chroma.upsert!(ctx({ collectionName: 'hangs', document: [fruit] }))).rejects.toThrow(
        /^Chroma: 127\.0\.0\.1:\d+ did not answer within 0\.3 s$/,
      );
    } finally {
      fake.mode = 'normal';
      SERVICE_TIMEOUTS.requestMs = limit;
    }
  });

  it('passes on an unauthorized answer', async () => {
    await expect(
      chroma.upsert!(
        ctx({ document: [fruit] }, { credential: { chromaApiKey: 'wrong', serverUrl: fake.url } }),
      ),
    ).rejects.toThrow(/^Chroma: GET .* failed with status 401: Unauthorized$/);
  });
});

describe('the fake Chroma', () => {
  it('answers the official client as our node’s requests expect', async () => {
    const { port } = new URL(fake.url);
    const client = new ChromaClient({
      host: '127.0.0.1',
      port: Number(port),
      ssl: false,
      headers: { 'x-chroma-token': 'c-key' },
    });
    const collection = await client.getOrCreateCollection({ name: 'official', embeddingFunction: null });
    await collection.upsert({
      ids: ['a', 'b'],
      embeddings: [
        [1, 0],
        [0, 1],
      ],
      documents: ['first', 'second'],
      metadatas: [{ source: 'x' }, { source: 'y' }],
    });
    const found = await collection.query({
      queryEmbeddings: [[1, 0.1]],
      nResults: 2,
      where: { source: 'y' },
    });
    expect(found.ids).toEqual([['b']]);
    expect(found.documents).toEqual([['second']]);
    await collection.delete({ ids: ['b'] });
    expect(await collection.count()).toBe(1);
  });
});
