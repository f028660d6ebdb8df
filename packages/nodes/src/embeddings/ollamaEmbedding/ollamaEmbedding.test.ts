import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { embed, startTestLlmServer, type TestLlmServer } from '@flowloom/test-llm';
import { nodeContext } from '../../testing/node-context.js';
import { isEmbeddings, type EmbeddingsHandle } from '../embeddings.js';
import { ollamaEmbedding } from './ollamaEmbedding.js';

let llm: TestLlmServer;
beforeAll(async () => (llm = await startTestLlmServer()));
afterAll(() => llm.close());
beforeEach(() => llm.reset());

async function embeddings(
  inputs: Record<string, unknown>,
  providerBaseUrls: Record<string, string> = {},
): Promise<EmbeddingsHandle> {
  const built = await ollamaEmbedding.init!(
    nodeContext(ollamaEmbedding, {
      inputs: { modelName: 'nomic-embed-text', ...inputs },
      services: { providerBaseUrls },
    }),
  );
  if (!isEmbeddings(built)) throw new Error('not embeddings');
  return built;
}

describe('Ollama Embedding', () => {
  it('embeds through /api/embed at the Base URL with the model options', async () => {
    const model = await embeddings({ baseUrl: `${llm.url}/`, numGpu: 1, numThread: '4' });
    const vectors = await model.embedDocuments(['red apple', 'blue car']);
    expect(vectors).toEqual([embed('red apple'), embed('blue car')]);
    expect(llm.requests).toHaveLength(1);
    expect(llm.requests[0]!.path).toBe('/api/embed');
    expect(llm.requests[0]!.body).toEqual({
      model: 'nomic-embed-text',
      input: ['red apple', 'blue car'],
      options: { use_mmap: true, num_gpu: 1, num_thread: 4 },
    });
    expect(llm.requests[0]!.headers.authorization).toBeUndefined();
  });

  it("replaces Flowise's stock localhost URL with the operator's Ollama, but not a typed one", async () => {
    const operator = { ollama: llm.url };
    await (await embeddings({ baseUrl: 'http://localhost:11434', useMMap: false }, operator)).embedQuery('x');
    expect(llm.requests[0]!.body).toMatchObject({ options: { use_mmap: false } });
    await (await embeddings({ baseUrl: `${llm.url}/proxied` }, operator)).embedQuery('x');
    expect(llm.requests.map((request) => request.path)).toEqual(['/api/embed', '/proxied/api/embed']);
  });

  it('names the provider, model and status when Ollama answers an error', async () => {
    const model = await embeddings({ baseUrl: llm.url });
    await expect(model.embedQuery('[[error:404 model not found, try pulling it first]]')).rejects.toThrow(
      'Ollama embeddings (nomic-embed-text) failed: model not found, try pulling it first (HTTP 404)',
    );
  });

  it('asks for a model name', async () => {
    await expect(embeddings({ baseUrl: llm.url, modelName: '' })).rejects.toThrow(/Model Name is required/);
  });
});
