import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { embed, startTestLlmServer, type TestLlmServer } from '@flowloom/test-llm';
import { nodeContext } from '../../testing/node-context.js';
import { isEmbeddings, type EmbeddingsHandle } from '../embeddings.js';
import { azureOpenAIEmbeddings } from './azureOpenAIEmbeddings.js';

let llm: TestLlmServer;
beforeAll(async () => (llm = await startTestLlmServer()));
afterAll(() => llm.close());
beforeEach(() => llm.reset());

const CREDENTIAL = {
  azureOpenAIApiKey: 'az-key',
  azureOpenAIApiInstanceName: 'my-instance',
  azureOpenAIApiDeploymentName: 'emb-dep',
  azureOpenAIApiVersion: '2024-10-21',
};

async function embeddings(
  inputs: Record<string, unknown> = {},
  credential: Record<string, unknown> = CREDENTIAL,
): Promise<EmbeddingsHandle> {
  const built = await azureOpenAIEmbeddings.init!(
    nodeContext(azureOpenAIEmbeddings, {
      inputs,
      credential,
      services: { providerBaseUrls: { azure: `${llm.url}/openai` } },
    }),
  );
  if (!isEmbeddings(built)) throw new Error('not embeddings');
  return built;
}

const inputsSent = () => llm.requests.map((request) => (request.body as { input: string[] }).input);

describe('Azure OpenAI Embedding', () => {
  it("embeds in batches on the credential's deployment with its key and API version", async () => {
    const model = await embeddings({ batchSize: 2 });
    const vectors = await model.embedDocuments(['red apple', 'red apple pie', 'blue car']);
    expect(vectors).toEqual([embed('red apple'), embed('red apple pie'), embed('blue car')]);
    expect(inputsSent()).toEqual([['red apple', 'red apple pie'], ['blue car']]);
    const request = llm.requests[0]!;
    expect(request.url).toBe('/openai/deployments/emb-dep/embeddings?api-version=2024-10-21');
    expect(request.headers['api-key']).toBe('az-key');
    expect(request.body).toMatchObject({ model: 'emb-dep' });
    expect(model).toMatchObject({ provider: 'Azure OpenAI', modelName: 'emb-dep' });
  });

  it('sends Base Options as headers, and a Base Path naming the allowed endpoint', async () => {
    const model = await embeddings({
      baseOptions: '{"X-Team": "search"}',
      basepath: `${llm.url}/openai/deployments`,
    });
    expect(await model.embedQuery('red apple')).toEqual(embed('red apple'));
    expect(llm.requests[0]!.headers['x-team']).toBe('search');
  });

  it("refuses a Base Path that would send the credential's key elsewhere", async () => {
    await expect(embeddings({ basepath: 'https://attacker.example/openai' })).rejects.toThrow(
      /not where its credential may be sent/,
    );
  });

  it('names the provider, deployment and status when a batch fails part-way', async () => {
    const model = await embeddings({ batchSize: 2 });
    await expect(model.embedDocuments(['a', 'b', '[[error:400 input too long]] c'])).rejects.toThrow(
      'Azure OpenAI embeddings (emb-dep) failed: input too long (HTTP 400)',
    );
    expect(inputsSent()).toHaveLength(2);
  });

  it('gives up on a request after Timeout milliseconds', async () => {
    const model = await embeddings({ timeout: 50 });
    await expect(model.embedQuery('[[delay:400]] slow')).rejects.toThrow(
      'Azure OpenAI embeddings (emb-dep) failed: no answer within 50 ms',
    );
  });

  it('asks for the deployment name when the credential has none', async () => {
    const { azureOpenAIApiDeploymentName: _, ...credential } = CREDENTIAL;
    await expect(embeddings({}, credential)).rejects.toThrow(/deployment name/);
  });
});
