import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { embed, startTestLlmServer, type TestLlmServer } from '@flowloom/test-llm';
import { nodeContext } from '../../testing/node-context.js';
import { isEmbeddings, type EmbeddingsHandle } from '../embeddings.js';
import { googleGenerativeAiEmbeddings } from './googleGenerativeAiEmbeddings.js';

let llm: TestLlmServer;
beforeAll(async () => (llm = await startTestLlmServer()));
afterAll(() => llm.close());
beforeEach(() => llm.reset());

async function embeddings(
  inputs: Record<string, unknown> = {},
  options: { credential?: Record<string, unknown>; operator?: boolean } = {},
): Promise<EmbeddingsHandle> {
  const built = await googleGenerativeAiEmbeddings.init!(
    nodeContext(googleGenerativeAiEmbeddings, {
      inputs: { modelName: 'gemini-embedding-001', ...inputs },
      credential: options.credential ?? { googleGenerativeAPIKey: 'g-key' },
      services: {
        providerBaseUrls: options.operator === false ? {} : { google: `${llm.url}/v1beta` },
      },
    }),
  );
  if (!isEmbeddings(built)) throw new Error('not embeddings');
  return built;
}

interface BatchBody {
  requests: { model: string; content: { parts: { text: string }[] }; taskType?: string }[];
}

describe('Google Gemini Embedding', () => {
  it('embeds 100 texts per batchEmbedContents request (embedContent for a lone one) with the key', async () => {
    const texts = Array.from({ length: 101 }, (_, i) => `text number ${i}`);
    const vectors = await (await embeddings()).embedDocuments(texts);
    expect(vectors).toEqual(texts.map((text) => embed(text)));
    expect(llm.requests.map((request) => request.path)).toEqual([
      '/v1beta/models/gemini-embedding-001:batchEmbedContents',
      '/v1beta/models/gemini-embedding-001:embedContent',
    ]);
    const batch = llm.requests[0]!.body as BatchBody;
    expect(batch.requests.map((request) => request.content.parts[0]!.text)).toEqual(texts.slice(0, 100));
    expect(batch.requests[0]).toMatchObject({ model: 'models/gemini-embedding-001' });
    expect(batch.requests[0]!.taskType).toBeUndefined();
    expect(llm.requests[1]!.body).toMatchObject({ content: { parts: [{ text: 'text number 100' }] } });
    expect(llm.requests.every((request) => request.headers['x-goog-api-key'] === 'g-key')).toBe(true);
  });

  it('sends the Task Type and strips new lines when asked', async () => {
    const model = await embeddings({ tasktype: 'RETRIEVAL_DOCUMENT', stripNewLines: true });
    await model.embedDocuments(['red\napple', 'blue car']);
    const batch = llm.requests[0]!.body as BatchBody;
    expect(batch.requests.map((request) => request.taskType)).toEqual([
      'RETRIEVAL_DOCUMENT',
      'RETRIEVAL_DOCUMENT',
    ]);
    expect(batch.requests[0]!.content.parts[0]!.text).toBe('red apple');
  });

  it('calls the endpoint named by the credential when the operator set none', async () => {
    const model = await embeddings(
      {},
      { credential: { googleGenerativeAPIKey: 'g-key', baseUrl: `${llm.url}/v1beta` }, operator: false },
    );
    expect(await model.embedQuery('red apple')).toEqual(embed('red apple'));
    expect(llm.requests).toHaveLength(1);
  });

  it('retries a failing request with back-off, then names the provider, model and status', async () => {
    const model = await embeddings();
    await expect(model.embedQuery('[[error:429 Quota exceeded]][[retryAfter:0]] x')).rejects.toThrow(
      'Google Gemini embeddings (gemini-embedding-001) failed: Failed after 4 attempts. Last error: Quota exceeded (HTTP 429)',
    );
    expect(llm.requests).toHaveLength(4);
  });
});
