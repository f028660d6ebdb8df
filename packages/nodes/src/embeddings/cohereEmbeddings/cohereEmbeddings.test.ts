import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { embed, startTestLlmServer, type TestLlmServer } from '@flowloom/test-llm';
import { nodeContext } from '../../testing/node-context.js';
import { isEmbeddings, type EmbeddingsHandle } from '../embeddings.js';
import { cohereEmbeddings } from './cohereEmbeddings.js';

let llm: TestLlmServer;
beforeAll(async () => (llm = await startTestLlmServer()));
afterAll(() => llm.close());
beforeEach(() => llm.reset());

async function embeddings(
  inputs: Record<string, unknown> = {},
  options: { credential?: Record<string, unknown>; operator?: Record<string, string> } = {},
): Promise<EmbeddingsHandle> {
  const built = await cohereEmbeddings.init!(
    nodeContext(cohereEmbeddings, {
      inputs: { modelName: 'embed-english-v3.0', ...inputs },
      credential: options.credential ?? { cohereApiKey: 'co-key' },
      services: { providerBaseUrls: options.operator ?? { cohere: `${llm.url}/v2` } },
    }),
  );
  if (!isEmbeddings(built)) throw new Error('not embeddings');
  return built;
}

interface CohereBody {
  model: string;
  texts: string[];
  input_type: string;
  embedding_types: string[];
}
const bodies = () => llm.requests.map((request) => request.body as CohereBody);

describe('Cohere Embedding', () => {
  it('embeds 96 texts per /v2/embed request with the key, the model and the Type', async () => {
    const texts = Array.from({ length: 97 }, (_, i) => `text number ${i}`);
    const model = await embeddings({ inputType: 'search_document' });
    expect(await model.embedDocuments(texts)).toEqual(texts.map((text) => embed(text)));
    expect(llm.requests.map((request) => request.path)).toEqual(['/v2/embed', '/v2/embed']);
    expect(bodies().map((body) => body.texts)).toEqual([texts.slice(0, 96), texts.slice(96)]);
    expect(bodies()[0]).toMatchObject({
      model: 'embed-english-v3.0',
      input_type: 'search_document',
      embedding_types: ['float'],
    });
    expect(llm.requests[0]!.headers.authorization).toBe('Bearer co-key');
  });

  it('embeds as search_query when no Type is chosen', async () => {
    await (await embeddings()).embedQuery('red apple');
    expect(bodies()[0]!.input_type).toBe('search_query');
  });

  it("calls the endpoint named by the credential, and no other's", async () => {
    const model = await embeddings(
      {},
      { credential: { cohereApiKey: 'co-key', baseUrl: `${llm.url}/v2/` }, operator: {} },
    );
    expect(await model.embedQuery('red apple')).toEqual(embed('red apple'));
    expect(llm.requests[0]!.path).toBe('/v2/embed');
  });

  it('names the provider, model and status when Cohere refuses the key', async () => {
    const model = await embeddings();
    await expect(model.embedQuery('[[error:401 invalid api token]]')).rejects.toThrow(
      'Cohere embeddings (embed-english-v3.0) failed: invalid api token (HTTP 401)',
    );
  });
});
