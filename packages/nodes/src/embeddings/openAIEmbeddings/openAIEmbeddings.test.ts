import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestLlmServer, type TestLlmServer } from '@flowloom/test-llm';
import { nodeContext } from '../../testing/node-context.js';
import { isEmbeddings, type EmbeddingsHandle } from '../embeddings.js';
import { openAIEmbeddings } from './openAIEmbeddings.js';

let llm: TestLlmServer;
beforeAll(async () => (llm = await startTestLlmServer()));
afterAll(() => llm.close());
beforeEach(() => llm.reset());

async function embeddings(inputs: Record<string, unknown> = {}): Promise<EmbeddingsHandle> {
  const built = await openAIEmbeddings.init!(
    nodeContext(openAIEmbeddings, {
      inputs: { modelName: 'text-embedding-3-small', ...inputs },
      credential: { openAIApiKey: 'sk-test' },
      services: { providerBaseUrls: { openai: llm.openAiBaseUrl } },
    }),
  );
  if (!isEmbeddings(built)) throw new Error('not embeddings');
  return built;
}

const cosine = (a: number[], b: number[]) => a.reduce((sum, x, i) => sum + x * b[i]!, 0);

describe('OpenAI Embeddings', () => {
  it('embeds documents in batches with the key and model, one vector per text in order', async () => {
    const model = await embeddings({ batchSize: 2 });
    const [apple, pie, car] = await model.embedDocuments(['red apple', 'red apple pie', 'blue car']);
    expect(apple).toHaveLength(16);
    expect(cosine(apple!, pie!)).toBeGreaterThan(cosine(apple!, car!));
    const calls = llm.requests.filter((request) => request.path === '/v1/embeddings');
    expect(calls.map((call) => (call.body as { input: string[] }).input)).toEqual([
      ['red apple', 'red apple pie'],
      ['blue car'],
    ]);
    expect(calls[0]!.headers.authorization).toBe('Bearer sk-test');
    expect(calls[0]!.body).toMatchObject({ model: 'text-embedding-3-small' });
  });

  it('embeds a query, with newlines stripped when asked', async () => {
    const model = await embeddings({ stripNewLines: true });
    const vector = await model.embedQuery('red\napple');
    expect(vector).toEqual((await model.embedDocuments(['red apple']))[0]);
    expect((llm.requests[0]!.body as { input: string[] }).input).toEqual(['red apple']);
  });

  it('asks for shorter vectors with Dimensions', async () => {
    const model = await embeddings({ dimensions: 8 });
    expect(await model.embedQuery('red apple')).toHaveLength(8);
    expect(llm.requests[0]!.body).toMatchObject({ dimensions: 8 });
  });

  it("sends Flowise's Base Options (the headers themselves) and gives up after Timeout", async () => {
    const model = await embeddings({ baseOptions: '{"X-Team": "search"}', timeout: 50 });
    await model.embedQuery('red apple');
    expect(llm.requests[0]!.headers['x-team']).toBe('search');
    await expect(model.embedQuery('[[delay:400]] slow')).rejects.toThrow(
      'OpenAI embeddings (text-embedding-3-small) failed: no answer within 50 ms',
    );
  });
});
