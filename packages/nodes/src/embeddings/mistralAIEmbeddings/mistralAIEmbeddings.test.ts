import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { embed, startTestLlmServer, type TestLlmServer } from '@flowloom/test-llm';
import { nodeContext } from '../../testing/node-context.js';
import { isEmbeddings, type EmbeddingsHandle } from '../embeddings.js';
import { mistralAIEmbeddings } from './mistralAIEmbeddings.js';

let llm: TestLlmServer;
beforeAll(async () => (llm = await startTestLlmServer()));
afterAll(() => llm.close());
beforeEach(() => llm.reset());

async function embeddings(
  inputs: Record<string, unknown> = {},
  credential: Record<string, unknown> = { mistralAIAPIKey: 'mi-key' },
): Promise<EmbeddingsHandle> {
  const built = await mistralAIEmbeddings.init!(
    nodeContext(mistralAIEmbeddings, {
      inputs,
      credential,
      services: { providerBaseUrls: { mistral: llm.openAiBaseUrl } },
    }),
  );
  if (!isEmbeddings(built)) throw new Error('not embeddings');
  return built;
}

const inputsSent = () => llm.requests.map((request) => (request.body as { input: string[] }).input);

describe('MistralAI Embedding', () => {
  it('embeds in batches of Batch Size with the key, new lines stripped by default', async () => {
    const model = await embeddings({ batchSize: '2' });
    const vectors = await model.embedDocuments(['red\napple', 'red apple pie', 'blue car']);
    expect(vectors).toEqual([embed('red apple'), embed('red apple pie'), embed('blue car')]);
    expect(inputsSent()).toEqual([['red apple', 'red apple pie'], ['blue car']]);
    expect(llm.requests[0]!.path).toBe('/v1/embeddings');
    expect(llm.requests[0]!.headers.authorization).toBe('Bearer mi-key');
    expect(llm.requests[0]!.body).toMatchObject({ model: 'mistral-embed', encoding_format: 'float' });
  });

  it("keeps under Mistral's 32 texts a request when Batch Size is larger", async () => {
    const texts = Array.from({ length: 33 }, (_, i) => `text ${i}`);
    await (await embeddings()).embedDocuments(texts);
    expect(inputsSent()).toEqual([texts.slice(0, 32), texts.slice(32)]);
  });

  it('keeps new lines when Strip New Lines is off', async () => {
    await (await embeddings({ stripNewLines: false })).embedQuery('red\napple');
    expect(inputsSent()).toEqual([['red\napple']]);
  });

  it('accepts an Override Endpoint that names the allowed server, adding /v1', async () => {
    const model = await embeddings({ overrideEndpoint: llm.url });
    expect(await model.embedQuery('red apple')).toEqual(embed('red apple'));
    await expect(embeddings({ overrideEndpoint: 'https://elsewhere.example' })).rejects.toThrow(
      /not where its credential may be sent/,
    );
  });

  it('reads Mistral-shaped errors and names the model', async () => {
    const model = await embeddings();
    await expect(model.embedQuery('[[error:401 Unauthorized key]]')).rejects.toThrow(
      'Mistral AI embeddings (mistral-embed) failed: Unauthorized key (HTTP 401)',
    );
  });
});
