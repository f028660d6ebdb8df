import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { embed, startTestLlmServer, type TestLlmServer } from '@flowloom/test-llm';
import { modelFetch } from '../llm/lean-fetch.js';
import { providers } from '../llm/provider-modules.js';
import { nodeContext } from '../testing/node-context.js';
import { openAIEmbeddings } from './openAIEmbeddings/openAIEmbeddings.js';
import { EMBEDDING_DEFAULTS, embeddingsOf, type EmbeddingsHandle } from './embeddings.js';
import { baseOptionsHeaders, batchSizeOf } from './embedding-inputs.js';

let llm: TestLlmServer;
beforeAll(async () => (llm = await startTestLlmServer()));
afterAll(() => llm.close());
beforeEach(() => llm.reset());

/** An embeddings handle over the OpenAI wire of the test server, cancelled by `signal`. */
async function handle(signal = new AbortController().signal, batchSize = 2): Promise<EmbeddingsHandle> {
  const ctx = nodeContext(openAIEmbeddings, { run: { signal } });
  const { createOpenAI } = await providers.openai();
  const provider = createOpenAI({
    apiKey: 'sk-test',
    baseURL: llm.openAiBaseUrl,
    fetch: modelFetch(ctx.run.services),
  });
  return embeddingsOf(
    ctx,
    provider.textEmbeddingModel('text-embedding-3-small'),
    { provider: 'OpenAI', modelName: 'text-embedding-3-small' },
    { ...EMBEDDING_DEFAULTS, batchSize },
  );
}

describe('embeddingsOf', () => {
  it('retries a failed request and carries on with the next batches', async () => {
    llm.scriptEmbeddings({ error: { status: 503, message: 'overloaded' }, retryAfterMs: 0 });
    const vectors = await (await handle()).embedDocuments(['a', 'b', 'c']);
    expect(vectors).toEqual([embed('a'), embed('b'), embed('c')]);
    expect(llm.requests.map((request) => (request.body as { input: string[] }).input)).toEqual([
      ['a', 'b'],
      ['a', 'b'],
      ['c'],
    ]);
  });

  it('does not retry a request the provider refuses outright', async () => {
    llm.scriptEmbeddings({ error: { status: 400, message: 'bad input' } });
    await expect((await handle()).embedDocuments(['a'])).rejects.toThrow(
      'OpenAI embeddings (text-embedding-3-small) failed: bad input (HTTP 400)',
    );
    expect(llm.requests).toHaveLength(1);
  });

  it("stops with the run's cancel, without its own message", async () => {
    const run = new AbortController();
    const model = await handle(run.signal);
    const pending = model.embedDocuments(['a', 'b', '[[delay:2000]] c']);
    setTimeout(() => run.abort(new Error('Run cancelled')), 100);
    await expect(pending).rejects.toThrow(/^Run cancelled$/);
    expect(llm.requests).toHaveLength(2);
  });

  it('embeds nothing for no texts', async () => {
    expect(await (await handle()).embedDocuments([])).toEqual([]);
    expect(llm.requests).toHaveLength(0);
  });
});

describe('embeddings inputs', () => {
  it('reads Base Options as Flowise does (the headers themselves), or under "headers"', () => {
    expect(baseOptionsHeaders('{"X-Team": "a", "X-Retries": 2}')).toEqual({
      'X-Team': 'a',
      'X-Retries': '2',
    });
    expect(baseOptionsHeaders({ headers: { 'X-Team': 'a' } })).toEqual({ 'X-Team': 'a' });
    expect(baseOptionsHeaders('')).toBeUndefined();
    expect(() => baseOptionsHeaders('{not json')).toThrow(/Base Options must be a JSON object/);
  });

  it('reads Batch Size as a whole number of at least one', () => {
    expect(batchSizeOf('100', 512)).toBe(100);
    expect(batchSizeOf(0, 512)).toBe(1);
    expect(batchSizeOf(2.7, 512)).toBe(2);
    expect(batchSizeOf(undefined, 512)).toBe(512);
  });
});
