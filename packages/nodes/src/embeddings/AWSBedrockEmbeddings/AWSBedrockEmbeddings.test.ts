import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { embed, startTestLlmServer, type TestLlmServer } from '@flowloom/test-llm';
import { BEDROCK_LIMITS } from '../../llm/bedrock-client.js';
import { nodeContext } from '../../testing/node-context.js';
import type { EmbeddingsHandle } from '../embeddings.js';
import { AWSBedrockEmbeddings, THROTTLE_BACKOFF_MS } from './AWSBedrockEmbeddings.js';

let llm: TestLlmServer;
beforeAll(async () => {
  llm = await startTestLlmServer();
  BEDROCK_LIMITS.maxAttempts = 1;
  THROTTLE_BACKOFF_MS.step = 1;
});
afterAll(() => llm.close());
beforeEach(() => llm.reset());

const KEYS = { awsKey: 'AKIATEST', awsSecret: 'secret-test' };
async function embeddings(inputs: Record<string, unknown>, credential: Record<string, unknown> = KEYS) {
  const ctx = nodeContext(AWSBedrockEmbeddings, {
    inputs: { region: 'us-west-2', endpointHost: llm.url, ...inputs },
    credential,
  });
  return (await AWSBedrockEmbeddings.init!(ctx)) as EmbeddingsHandle;
}

describe('AWS Bedrock Embedding', () => {
  it('embeds each text with Titan through signed InvokeModel calls', async () => {
    const model = await embeddings({ model: 'amazon.titan-embed-text-v2:0' });
    const vectors = await model.embedDocuments(['red apple', 'green\npear']);
    expect(vectors).toEqual([embed('red apple'), embed('green pear')]);
    expect(llm.requests.map((r) => r.path)).toEqual([
      '/model/amazon.titan-embed-text-v2%3A0/invoke',
      '/model/amazon.titan-embed-text-v2%3A0/invoke',
    ]);
    expect(llm.requests.map((r) => r.body)).toEqual(
      expect.arrayContaining([{ inputText: 'red apple' }, { inputText: 'green pear' }]),
    );
    expect(String(llm.requests[0]!.headers.authorization)).toMatch(
      /Credential=AKIATEST\/\d{8}\/us-west-2\/bedrock\//,
    );
  });

  it('embeds with Cohere in one request, with the input type it needs', async () => {
    const model = await embeddings({ model: 'cohere.embed-english-v3', inputType: 'search_document' });
    expect(await model.embedQuery('blue sky')).toEqual(embed('blue sky'));
    expect(llm.requests[0]!.body).toEqual({
      texts: ['blue sky'],
      input_type: 'search_document',
      truncate: 'END',
    });
    await expect(embeddings({ model: 'cohere.embed-english-v3' })).rejects.toThrow(
      /choose the Cohere Input Type/,
    );
  });

  it('retries a throttled request, then names the node when throttling goes on', async () => {
    llm.scriptEmbeddings({ error: { status: 429, message: 'Rate exceeded' } });
    const model = await embeddings({ customModel: 'amazon.titan-embed-text-v1', maxRetries: 2 });
    expect(await model.embedQuery('x')).toEqual(embed('x'));
    expect(llm.requests).toHaveLength(2);
    llm.reset();
    const impatient = await embeddings({ maxRetries: 1 });
    await expect(impatient.embedQuery('[[error:429 Rate exceeded]]')).rejects.toThrow(
      /AWS Bedrock Embedding \(amazon.titan-embed-text-v1\): Bedrock is throttling requests \(ThrottlingException: Rate exceeded\)/,
    );
    expect(llm.requests).toHaveLength(2);
  });

  it('fails clearly on an answer without a vector, and without keys', async () => {
    const model = await embeddings({ model: 'cohere.embed-english-v3', inputType: 'search_query' });
    llm.scriptEmbeddings({ error: { status: 400, message: 'Malformed input request' } });
    await expect(model.embedQuery('x')).rejects.toThrow(
      /AWS Bedrock Embedding \(cohere.embed-english-v3\): Bedrock answered 400 \(ValidationException: Malformed input request\)/,
    );
    await expect(embeddings({}, {})).rejects.toThrow(/connect an AWS credential/);
  });
});
