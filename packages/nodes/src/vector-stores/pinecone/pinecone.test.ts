import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakePinecone, type FakePinecone } from '@flowloom/test-llm';
import { SERVICE_TIMEOUTS } from '../../connections/service-call.js';
import {
  describeVectorStoreContract,
  fruit,
  recordingHttp,
  refusingHttp,
  storeContexts,
} from '../../testing/vector-store-contract.js';
import { isRetriever, type VectorStoreHandle } from '../vector-store.js';
import { pinecone, pineconeMetadata } from './pinecone.js';

let fake: FakePinecone;
const http = recordingHttp();
beforeAll(async () => {
  fake = await startFakePinecone({ apiKey: 'pc-key' });
});
afterAll(() => fake.close());

const credential = () => ({ pineconeApiKey: 'pc-key', controllerHostUrl: fake.url });

describeVectorStoreContract('Pinecone', {
  type: pinecone,
  inputs: (name) => ({ pineconeIndex: 'docs', pineconeNamespace: name }),
  credential,
  services: () => ({ http }),
  sourceFilter: (source) => ({ pineconeMetadataFilter: JSON.stringify({ source: { $eq: source } }) }),
  count: (name) => Promise.resolve(fake.records('docs', name).size),
  fileUpload: true,
});

describe('Pinecone', () => {
  const ctx = storeContexts(pinecone, {
    inputs: () => ({ pineconeIndex: 'docs' }),
    credential,
    services: () => ({ http }),
  });

  it('keeps the text under the Text Key and namespaces records', async () => {
    await pinecone.upsert!(
      ctx({ pineconeNamespace: 'keyed', pineconeTextKey: 'body', document: [fruit.slice(0, 1)] }),
    );
    const [record] = [...fake.records('docs', 'keyed').values()];
    expect(record!.metadata).toEqual({ source: 'fruit.txt', body: 'red apples grow on apple trees' });
    expect(fake.records('docs', '').size).toBe(0);
  });

  it('sends every request through the guarded client, with the key only to the credential’s server', async () => {
    const before = fake.calls.length;
    const urls = http.urls.length;
    await pinecone.upsert!(ctx({ pineconeNamespace: 'guarded', document: [fruit] }));
    const calls = fake.calls.slice(before);
    expect(calls.length).toBeGreaterThan(0);
    expect(http.urls.slice(urls)).toHaveLength(calls.length);
    expect(calls.every((call) => call.headers['api-key'] === 'pc-key')).toBe(true);
  });

  it('goes to api.pinecone.io when the credential names no controller', async () => {
    const seen: string[] = [];
    const stub = (url: string) => {
      seen.push(url);
      return Promise.reject(new Error('offline'));
    };
    const node = ctx(
      { pineconeNamespace: 'default-host', document: [fruit] },
      { credential: { pineconeApiKey: 'pc-key' }, services: { http: stub } },
    );
    await expect(pinecone.upsert!(node)).rejects.toThrow(/^Pinecone: /);
    expect(seen[0]).toBe('https://api.pinecone.io/indexes/docs');
  });

  it('fails with the guard’s refusal, naming FLOWLOOM_HTTP_ALLOW', async () => {
    const before = fake.calls.length;
    await expect(
      pinecone.upsert!(
        ctx({ pineconeIndex: 'refused', document: [fruit] }, { services: { http: refusingHttp } }),
      ),
    ).rejects.toThrow(
      /^Pinecone: Refused to fetch http:\/\/127\.0\.0\.1:\d+\/indexes\/refused: .*FLOWLOOM_HTTP_ALLOW/,
    );
    expect(fake.calls.length).toBe(before);
  });

  it('adds the chat rule to a filter that has its own $or without widening it', async () => {
    const built = (await pinecone.init!(
      ctx(
        { fileUpload: true, pineconeMetadataFilter: { $or: [{ a: 1 }, { b: 2 }] } },
        { output: 'vectorStore', run: { chatId: 'c1' } },
      ),
    )) as VectorStoreHandle;
    expect(built.filter).toEqual({
      $and: [
        { $or: [{ a: 1 }, { b: 2 }] },
        { $or: [{ flowise_chatId: { $eq: 'c1' } }, { flowise_chatId: { $exists: false } }] },
      ],
    });
  });

  it('searches by MMR when asked', async () => {
    await pinecone.upsert!(ctx({ pineconeNamespace: 'mmr', document: [fruit] }));
    const retriever = await pinecone.init!(
      ctx(
        { pineconeNamespace: 'mmr', searchType: 'mmr', topK: 2, fetchK: 3, lambda: 0.5 },
        { output: 'retriever' },
      ),
    );
    if (!isRetriever(retriever)) throw new Error('no retriever');
    expect(await retriever.retrieve('red apples')).toHaveLength(2);
    expect(fake.calls.at(-1)!.body).toMatchObject({ topK: 3, includeValues: true });
  });

  it('names the node when the API key is refused', async () => {
    await expect(
      pinecone.upsert!(
        ctx(
          { pineconeIndex: 'other', document: [fruit] },
          { credential: { pineconeApiKey: 'wrong', controllerHostUrl: fake.url } },
        ),
      ),
    ).rejects.toThrow(/^Pinecone: .*API key you provided was rejected/);
  });

  it('ends with a timeout message when the server does not answer', async () => {
    const limit = SERVICE_TIMEOUTS.requestMs;
    SERVICE_TIMEOUTS.requestMs = 300;
    fake.mode = 'hang';
    try {
      await expect(
        pinecone.upsert!(
          ctx(
            { pineconeIndex: 'hangs', document: [fruit] },
            { credential: { pineconeApiKey: 'hang-key', controllerHostUrl: fake.url } },
          ),
        ),
      ).rejects.toThrow(/^Pinecone: 127\.0\.0\.1:\d+ did not answer within 0\.3 s$/);
    } finally {
      fake.mode = 'normal';
      SERVICE_TIMEOUTS.requestMs = limit;
    }
  });

  it('says so when the server answers something that is not Pinecone', async () => {
    fake.mode = 'garbage';
    try {
      await expect(
        pinecone.upsert!(
          ctx(
            { pineconeIndex: 'garbage', document: [fruit] },
            { credential: { pineconeApiKey: 'junk-key', controllerHostUrl: fake.url } },
          ),
        ),
      ).rejects.toThrow(/^Pinecone: the server answered something that is not JSON/);
    } finally {
      fake.mode = 'normal';
    }
  });

  it('names a missing index', async () => {
    const strict = await startFakePinecone({ apiKey: 'pc-key', indexes: ['docs'] });
    try {
      await expect(
        pinecone.upsert!(
          ctx(
            { pineconeIndex: 'nope', document: [fruit] },
            { credential: { pineconeApiKey: 'pc-key', controllerHostUrl: strict.url } },
          ),
        ),
      ).rejects.toThrow(`Pinecone: there is no index "nope" at ${strict.url}`);
    } finally {
      await strict.close();
    }
  });

  it('requires an index and a key', async () => {
    await expect(pinecone.init!(ctx({ pineconeIndex: '' }))).rejects.toThrow(
      'Pinecone: Pinecone Index is required',
    );
    await expect(pinecone.init!(ctx({}, { credential: {} }))).rejects.toThrow(
      /connect a Pinecone API credential/,
    );
  });
});

describe('pineconeMetadata', () => {
  it('flattens nested objects to dotted keys and drops empty values', () => {
    expect(
      pineconeMetadata({ loc: { lines: { from: 1, to: 3 } }, tags: ['a', 1], none: null, ok: true }),
    ).toEqual({
      'loc.lines.from': 1,
      'loc.lines.to': 3,
      tags: ['a', '1'],
      ok: true,
    });
  });
});
