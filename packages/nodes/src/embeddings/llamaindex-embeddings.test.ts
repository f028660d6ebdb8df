import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestLlmServer, type TestLlmServer } from '@flowloom/test-llm';
import { nodeContext } from '../testing/node-context.js';
import type { EmbeddingsHandle } from './embeddings.js';
import { azureOpenAIEmbeddingsLlamaIndex, openAIEmbedding_LlamaIndex } from './llamaindex-embeddings.js';

let llm: TestLlmServer;
beforeAll(async () => (llm = await startTestLlmServer()));
afterAll(() => llm.close());
beforeEach(() => llm.reset());

describe('LlamaIndex embeddings', () => {
  it('OpenAI Embedding: the LlamaIndex default model on OpenAI’s endpoint', async () => {
    const ctx = nodeContext(openAIEmbedding_LlamaIndex, {
      inputs: { modelName: '' },
      credential: { openAIApiKey: 'sk-openai' },
      services: { providerBaseUrls: { openai: llm.openAiBaseUrl } },
    });
    const embeddings = (await openAIEmbedding_LlamaIndex.init!(ctx)) as EmbeddingsHandle;
    expect(await embeddings.embedDocuments(['red apples', 'green pears'])).toHaveLength(2);
    const request = llm.requests[0]!;
    expect(request.path).toBe('/v1/embeddings');
    expect(request.headers.authorization).toBe('Bearer sk-openai');
    expect(request.body).toMatchObject({
      model: 'text-embedding-ada-002',
      input: ['red apples', 'green pears'],
    });
    expect(openAIEmbedding_LlamaIndex.definition).toMatchObject({
      baseClasses: ['OpenAIEmbedding', 'BaseEmbedding_LlamaIndex', 'BaseEmbedding'],
      tags: ['LlamaIndex'],
    });
  });

  it('Azure OpenAI Embeddings: the deployment of the credential', async () => {
    const ctx = nodeContext(azureOpenAIEmbeddingsLlamaIndex, {
      credential: {
        azureOpenAIApiKey: 'az-key',
        azureOpenAIApiInstanceName: 'inst',
        azureOpenAIApiDeploymentName: 'embed-dep',
        azureOpenAIApiVersion: '2024-10-21',
      },
      services: { providerBaseUrls: { azure: `${llm.url}/openai` } },
    });
    const embeddings = (await azureOpenAIEmbeddingsLlamaIndex.init!(ctx)) as EmbeddingsHandle;
    expect(await embeddings.embedQuery('red apples')).toHaveLength(16);
    expect(llm.requests[0]!.url).toBe('/openai/deployments/embed-dep/embeddings?api-version=2024-10-21');
    expect(llm.requests[0]!.headers['api-key']).toBe('az-key');
  });
});
