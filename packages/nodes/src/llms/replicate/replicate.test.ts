import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestEngine } from '@flowloom/engine';
import { startFakeReplicate, type FakeReplicate } from '@flowloom/test-llm';
import { CHAIN_NODES, llmChainWith, streamedText } from '../../testing/model-flow.js';
import { outputText, replicate, REPLICATE_TIMING } from './replicate.js';

const VERSION = 'a'.repeat(64);
let fake: FakeReplicate;
beforeAll(async () => {
  fake = await startFakeReplicate({ versionInputs: { [VERSION]: ['message', 'temperature'] } });
  REPLICATE_TIMING.pollMs = 5;
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.calls.length = 0;
  fake.predictions.length = 0;
  fake.mode = 'normal';
});

const engine = (token = 'r8_test', credential: Record<string, unknown> = {}) =>
  createTestEngine({
    nodes: [replicate, ...CHAIN_NODES],
    credentials: { key: { credentialName: 'replicateApi', data: { replicateApiKey: token, ...credential } } },
    services: { providerBaseUrls: { replicate: fake.apiUrl } },
  });
const flow = (inputs: Record<string, unknown>, template = '{question}') =>
  llmChainWith({ id: 'replicate_0', type: replicate, inputs, credential: 'key' }, template);

describe('Replicate', () => {
  it('runs a pinned version with the prompt under its first input and the node’s settings, joining the tokens', async () => {
    const model = `acme/llama:${VERSION}`;
    const result = await engine().run(
      flow(
        {
          model,
          temperature: 0.2,
          maxTokens: 64,
          topP: 0.9,
          repetitionPenalty: 1.1,
          additionalInputs: '{"seed": 7}',
        },
        'Say: {question}',
      ),
      { question: 'hi' },
    );
    expect(result.output.text).toBe('Replicate heard: Say: hi');
    const prediction = fake.predictions[0]!;
    expect(prediction.version).toBe(VERSION);
    expect(prediction.input).toEqual({
      message: 'Say: hi',
      temperature: 0.2,
      max_length: 64,
      top_p: 0.9,
      repetition_penalty: 1.1,
      seed: 7,
    });
    // Done within the create request's `Prefer: wait`: no poll needed.
    expect(fake.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      `GET /v1/models/acme/llama/versions/${VERSION}`,
      'POST /v1/predictions',
    ]);
    expect(fake.calls[1]!.headers.prefer).toBe('wait=30');
    expect(fake.calls.every((c) => c.headers.authorization === 'Bearer r8_test')).toBe(true);
  });

  it('runs a model without a version through its model route, and streams the answer as one piece', async () => {
    fake.script({ output: ['https://replicate.example/out.png'], polls: 3 });
    const result = await engine().run(flow({ model: 'stability-ai/sdxl' }), {
      question: 'a cat',
      streaming: true,
    });
    expect(streamedText(result.events)).toBe('https://replicate.example/out.png');
    expect(fake.predictions[0]).toMatchObject({ model: 'stability-ai/sdxl', input: { prompt: 'a cat' } });
    expect(fake.calls.filter((c) => c.method === 'GET')).toHaveLength(3);
  });

  it('fails naming the node when the prediction fails, the key is refused or the answer is not JSON', async () => {
    fake.script({ error: 'CUDA out of memory' });
    await expect(engine().run(flow({ model: 'acme/llama' }), { question: 'x' })).rejects.toThrow(
      /Replicate: the prediction failed: CUDA out of memory/,
    );
    await expect(engine('wrong').run(flow({ model: 'acme/llama' }), { question: 'x' })).rejects.toThrow(
      /Replicate: the API key was refused \(401 You did not pass a valid authentication token\)/,
    );
    fake.mode = 'garbage';
    await expect(engine().run(flow({ model: 'acme/llama' }), { question: 'x' })).rejects.toThrow(
      /Replicate: the service answered something that is not JSON/,
    );
  });

  it('cancels a prediction that does not finish in time', async () => {
    const limit = REPLICATE_TIMING.timeoutMs;
    REPLICATE_TIMING.timeoutMs = 200;
    try {
      fake.script({ never: true });
      await expect(engine().run(flow({ model: 'acme/slow' }), { question: 'x' })).rejects.toThrow(
        /Replicate: the prediction did not finish within 0.2 s and was canceled/,
      );
      expect(fake.predictions[0]!.status).toBe('canceled');
      expect(fake.calls.at(-1)).toMatchObject({ method: 'POST', path: '/v1/predictions/pred1/cancel' });
    } finally {
      REPLICATE_TIMING.timeoutMs = limit;
    }
  });

  it('checks its inputs before calling Replicate', async () => {
    await expect(engine().run(flow({}), { question: 'x' })).rejects.toThrow(/Replicate: enter the Model/);
    await expect(engine().run(flow({ model: 'not a model' }), { question: 'x' })).rejects.toThrow(
      /must read owner\/name or owner\/name:version/,
    );
    await expect(
      engine().run(flow({ model: 'a/b', additionalInputs: '[1]' }), { question: 'x' }),
    ).rejects.toThrow(/Additional Inputs must be a JSON object/);
    await expect(engine('').run(flow({ model: 'a/b' }), { question: 'x' })).rejects.toThrow(
      /connect a Replicate API credential/,
    );
    expect(fake.calls).toHaveLength(0);
  });

  it("sends its key only to the credential's Base URL when it names one", async () => {
    await engine('r8_test', { baseUrl: fake.apiUrl }).run(flow({ model: 'a/b' }), { question: 'x' });
    expect(fake.calls).toHaveLength(1);
  });

  it('joins list outputs and writes other outputs as JSON', () => {
    expect(outputText(['a', 'b'])).toBe('ab');
    expect(outputText({ text: 'x' })).toBe('{"text":"x"}');
    expect(outputText(null)).toBe('');
  });
});
