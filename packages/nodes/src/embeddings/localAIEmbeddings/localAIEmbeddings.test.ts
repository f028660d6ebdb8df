import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { embed, startTestLlmServer, type TestLlmServer } from '@flowloom/test-llm';
import { nodeContext } from '../../testing/node-context.js';
import { isEmbeddings, type EmbeddingsHandle } from '../embeddings.js';
import { localAIEmbeddings } from './localAIEmbeddings.js';

let llm: TestLlmServer;
beforeAll(async () => (llm = await startTestLlmServer()));
afterAll(() => llm.close());
beforeEach(() => llm.reset());

async function embeddings(
  inputs: Record<string, unknown>,
  credential: Record<string, unknown> = {},
): Promise<EmbeddingsHandle> {
  const built = await localAIEmbeddings.init!(
    nodeContext(localAIEmbeddings, {
      inputs: { modelName: 'bert-embeddings', ...inputs },
      credential,
    }),
  );
  if (!isEmbeddings(built)) throw new Error('not embeddings');
  return built;
}

describe('LocalAI Embedding', () => {
  it('embeds through <Base Path>/embeddings without a key when it has no credential', async () => {
    const model = await embeddings({ basePath: llm.openAiBaseUrl });
    expect(await model.embedDocuments(['red apple', 'blue car'])).toEqual([
      embed('red apple'),
      embed('blue car'),
    ]);
    expect(llm.requests).toHaveLength(1);
    expect(llm.requests[0]!.path).toBe('/v1/embeddings');
    expect(llm.requests[0]!.body).toMatchObject({
      model: 'bert-embeddings',
      input: ['red apple', 'blue car'],
    });
    expect(llm.requests[0]!.headers.authorization).toBeUndefined();
  });

  it("sends the credential's key only to the Base URL the credential names", async () => {
    const credential = { localAIApiKey: 'la-key', baseUrl: llm.openAiBaseUrl };
    await (await embeddings({ basePath: '' }, credential)).embedQuery('red apple');
    await (await embeddings({ basePath: `${llm.openAiBaseUrl}/` }, credential)).embedQuery('red apple');
    expect(llm.requests.map((request) => request.headers.authorization)).toEqual([
      'Bearer la-key',
      'Bearer la-key',
    ]);
    await expect(
      embeddings({ basePath: 'http://elsewhere.example/v1' }, { localAIApiKey: 'la-key' }),
    ).rejects.toThrow(/not where its credential may be sent/);
  });

  it('names the provider, model and status when the server fails', async () => {
    const model = await embeddings({ basePath: llm.openAiBaseUrl });
    await expect(model.embedQuery('[[error:400 model not loaded]]')).rejects.toThrow(
      'LocalAI embeddings (bert-embeddings) failed: model not loaded (HTTP 400)',
    );
  });

  it('asks for the Base Path and the model', async () => {
    await expect(embeddings({})).rejects.toThrow(/Base Path is required/);
    await expect(embeddings({ basePath: llm.openAiBaseUrl, modelName: '' })).rejects.toThrow(
      /Model Name is required/,
    );
  });
});
