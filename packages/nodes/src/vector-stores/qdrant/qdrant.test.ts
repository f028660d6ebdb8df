import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QdrantClient } from '@qdrant/js-client-rest';
import { startFakeQdrant, type FakeQdrant } from '@flowloom/test-llm';
import { SERVICE_TIMEOUTS } from '../../connections/service-call.js';
import {
  describeVectorStoreContract,
  fruit,
  recordingHttp,
  refusingHttp,
  storeContexts,
} from '../../testing/vector-store-contract.js';
import { documentKey } from '../indexing.js';
import type { VectorStoreHandle } from '../vector-store.js';
import { qdrant } from './qdrant.js';

let fake: FakeQdrant;
const http = recordingHttp();
beforeAll(async () => {
  fake = await startFakeQdrant({ apiKey: 'q-key' });
});
afterAll(() => fake.close());

const credential = () => ({ qdrantApiKey: 'q-key', serverUrl: fake.url });

describeVectorStoreContract('Qdrant', {
  type: qdrant,
  inputs: (name) => ({ qdrantServerUrl: fake.url, qdrantCollection: name, qdrantVectorDimension: 64 }),
  credential,
  services: () => ({ http }),
  sourceFilter: (source) => ({
    qdrantFilter: { must: [{ key: 'metadata.source', match: { value: source } }] },
  }),
  count: (name) => Promise.resolve(fake.collections.get(name)?.points.size ?? 0),
  fileUpload: true,
});

describe('Qdrant', () => {
  const ctx = storeContexts(qdrant, {
    inputs: () => ({ qdrantServerUrl: fake.url, qdrantCollection: 'docs', qdrantVectorDimension: 64 }),
    credential,
    services: () => ({ http }),
  });

  it('creates the collection on the first upsert with the configured dimension, similarity and settings', async () => {
    await qdrant.upsert!(
      ctx({
        qdrantCollection: 'made',
        qdrantSimilarity: 'Dot',
        qdrantCollectionConfiguration: '{"on_disk_payload": true, "vectors": {"on_disk": true}}',
        batchSize: 2,
        document: [fruit],
      }),
    );
    const made = fake.collections.get('made')!;
    expect(made).toMatchObject({ size: 64, distance: 'Dot' });
    expect(made.config).toEqual({
      on_disk_payload: true,
      vectors: { on_disk: true, size: 64, distance: 'Dot' },
    });
    expect([...made.points.values()][0]!.payload).toEqual({
      content: 'red apples grow on apple trees',
      metadata: { source: 'fruit.txt' },
    });
    const writes = fake.calls.filter((c) => c.path === '/collections/made/points');
    expect(writes.map((c) => (c.body as { points: unknown[] }).points.length)).toEqual([2, 1]);
    expect(fake.calls.every((c) => c.headers['api-key'] === 'q-key')).toBe(true);
  });

  it('writes UUID ids (the record manager’s keys) that Qdrant accepts', async () => {
    await qdrant.upsert!(ctx({ qdrantCollection: 'ids', document: [fruit] }));
    expect([...fake.collections.get('ids')!.points.keys()].every((id) => /^[0-9a-f-]{36}$/.test(id))).toBe(
      true,
    );
    expect(documentKey(fruit[0]!)).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it('explains vectors that do not fit the collection', async () => {
    await expect(
      qdrant.upsert!(ctx({ qdrantCollection: 'dims', qdrantVectorDimension: 1536, document: [fruit] })),
    ).rejects.toThrow(/collection "dims" holds vectors of 1536 dimensions but the embeddings give 64/);
  });

  it('uses its own payload keys and nests the chat rule beside an existing should', async () => {
    const inputs = { qdrantCollection: 'keys', contentPayloadKey: 'text', metadataPayloadKey: 'meta' };
    await qdrant.upsert!(ctx({ ...inputs, document: [fruit] }));
    expect([...fake.collections.get('keys')!.points.values()][0]!.payload).toHaveProperty('text');
    const built = (await qdrant.init!(
      ctx(
        {
          ...inputs,
          fileUpload: true,
          qdrantFilter: { should: [{ key: 'meta.source', match: { value: 'cars.txt' } }] },
        },
        { output: 'vectorStore', run: { chatId: 'c1' } },
      ),
    )) as VectorStoreHandle;
    expect(built.filter).toEqual({
      should: [{ key: 'meta.source', match: { value: 'cars.txt' } }],
      must: [
        {
          should: [
            { key: 'meta.flowise_chatId', match: { value: 'c1' } },
            { is_empty: { key: 'meta.flowise_chatId' } },
          ],
        },
      ],
    });
    const hits = await built.searchByVector(await built.embeddings.embedQuery('red apple'), 5, {
      filter: built.filter!,
    });
    expect(hits.map((h) => h.document.pageContent)).toEqual(['blue cars drive on roads']);
  });

  it('refuses a server typed on the node that is not the credential’s while it holds a key', async () => {
    const before = fake.calls.length;
    await expect(
      qdrant.upsert!(ctx({ document: [fruit] }, { credential: { qdrantApiKey: 'q-key' } })),
    ).rejects.toThrow(
      /^Qdrant: http:\/\/127\.0\.0\.1:\d+ is not where this node's credential may be sent .*"Qdrant Server URL" in the credential/,
    );
    expect(fake.calls.length).toBe(before);
    // The same server written another way is the same server.
    await expect(
      qdrant.upsert!(ctx({ qdrantCollection: 'same', qdrantServerUrl: `${fake.url}/`, document: [fruit] })),
    ).resolves.toMatchObject({ numAdded: 3 });
  });

  it('reads the server field from the stored credential, not from an input of the same name', async () => {
    const base = ctx({ serverUrl: fake.url, document: [fruit] });
    const node = {
      ...base,
      node: { ...base.node, credential: 'cred-1' },
      credential: () => Promise.resolve({ qdrantApiKey: 'q-key', serverUrl: fake.url }),
      run: {
        ...base.run,
        services: {
          ...base.run.services,
          credentials: {
            get: () => Promise.resolve({ credentialName: 'qdrantApi', data: { qdrantApiKey: 'q-key' } }),
          },
        },
      },
    };
    await expect(qdrant.upsert!(node)).rejects.toThrow(/is not where this node's credential may be sent/);
  });

  it('connects without a credential to the server typed on the node', async () => {
    const open = await startFakeQdrant();
    try {
      const result = await qdrant.upsert!(
        ctx({ qdrantServerUrl: open.url, qdrantCollection: 'open', document: [fruit] }, { credential: {} }),
      );
      expect(result.numAdded).toBe(3);
      expect(open.calls.some((c) => 'api-key' in c.headers)).toBe(false);
    } finally {
      await open.close();
    }
  });

  it('fails with the guard’s refusal, naming FLOWLOOM_HTTP_ALLOW', async () => {
    await expect(
      qdrant.upsert!(
        ctx({ qdrantCollection: 'refused', document: [fruit] }, { services: { http: refusingHttp } }),
      ),
    ).rejects.toThrow(/^Qdrant: Refused to fetch .*FLOWLOOM_HTTP_ALLOW/);
  });

  it('ends with a timeout message when the server does not answer, and names garbage', async () => {
    const limit = SERVICE_TIMEOUTS.requestMs;
    SERVICE_TIMEOUTS.requestMs = 300;
    try {
      fake.mode = 'hang';
      await expect(qdrant.upsert!(ctx({ qdrantCollection: 'hangs', document: [fruit] }))).rejects.toThrow(
        /^Qdrant: 127\.0\.0\.1:\d+ did not answer within 0\.3 s$/,
      );
      fake.mode = 'garbage';
      await expect(qdrant.upsert!(ctx({ qdrantCollection: 'junk', document: [fruit] }))).rejects.toThrow(
        /^Qdrant: the server at http:\/\/127\.0\.0\.1:\d+ answered something that is not JSON/,
      );
    } finally {
      fake.mode = 'normal';
      SERVICE_TIMEOUTS.requestMs = limit;
    }
  });

  it('passes on what Qdrant says about a missing collection', async () => {
    const built = (await qdrant.init!(
      ctx({ qdrantCollection: 'missing' }, { output: 'vectorStore' }),
    )) as VectorStoreHandle;
    await expect(built.searchByVector([1, 0], 2)).rejects.toThrow(
      "Qdrant: POST /collections/missing/points/search failed with status 404: Not found: Collection `missing` doesn't exist!",
    );
  });
});

describe('the fake Qdrant', () => {
  it('answers the official client as our node’s requests expect', async () => {
    const client = new QdrantClient({ url: fake.url, apiKey: 'q-key', checkCompatibility: false });
    await client.createCollection('official', { vectors: { size: 2, distance: 'Cosine' } });
    expect((await client.collectionExists('official')).exists).toBe(true);
    await client.upsert('official', {
      wait: true,
      points: [
        {
          id: '11111111-1111-4111-8111-111111111111',
          vector: [1, 0],
          payload: { metadata: { source: 'a' } },
        },
        { id: 2, vector: [0, 1], payload: { metadata: { source: 'b' } } },
      ],
    });
    const found = await client.search('official', {
      vector: [1, 0.1],
      limit: 2,
      filter: { must: [{ key: 'metadata.source', match: { value: 'b' } }] },
    });
    expect(found.map((p) => p.id)).toEqual(['2']);
    const queried = await client.query('official', { query: [1, 0], limit: 1 });
    expect(queried.points[0]!.id).toBe('11111111-1111-4111-8111-111111111111');
    await client.delete('official', { wait: true, points: [2] });
    expect((await client.getCollection('official')).points_count).toBe(1);
  });
});
