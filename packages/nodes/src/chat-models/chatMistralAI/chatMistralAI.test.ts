import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestEngine } from '@flowloom/engine';
import { startTestLlmServer, type TestLlmServer } from '@flowloom/test-llm';
import { CHAIN_NODES, llmChainWith, streamedText } from '../../testing/model-flow.js';
import { chatMistralAI } from './chatMistralAI.js';

let llm: TestLlmServer;
beforeAll(async () => (llm = await startTestLlmServer()));
afterAll(() => llm.close());
beforeEach(() => llm.reset());

const engine = (credential: Record<string, unknown> = {}) =>
  createTestEngine({
    nodes: [chatMistralAI, ...CHAIN_NODES],
    credentials: {
      key: { credentialName: 'mistralAIApi', data: { mistralAIAPIKey: 'mis-key', ...credential } },
    },
    services: { providerBaseUrls: { mistral: llm.openAiBaseUrl } },
  });
const node = (inputs: Record<string, unknown> = {}) =>
  llmChainWith({ id: 'chatMistralAI_0', type: chatMistralAI, credential: 'key', inputs });

describe('ChatMistralAI', () => {
  it('calls chat completions with the key, model, seed and safe mode', async () => {
    const result = await engine().run(node({ modelName: 'mistral-tiny', randomSeed: 7, safeMode: true }), {
      question: 'Bonjour',
    });
    expect(result.output.text).toBe('Hello from the test LLM. You said: Bonjour');
    const request = llm.requests[0]!;
    expect(request.path).toBe('/v1/chat/completions');
    expect(request.headers.authorization).toBe('Bearer mis-key');
    expect(request.body).toMatchObject({
      model: 'mistral-tiny',
      random_seed: 7,
      safe_prompt: true,
      temperature: 0.9,
    });
  });

  it('streams tokens, or answers whole when Streaming is off', async () => {
    llm.script({ text: 'streamed by Mistral' });
    const streamed = await engine().run(node(), { question: 'x', streaming: true });
    expect(streamedText(streamed.events)).toBe('streamed by Mistral');
    const whole = await engine().run(node({ streaming: false }), { question: 'x', streaming: true });
    expect(whole.streamed).toBe(false);
  });

  it('treats Override Endpoint as a server root and adds /v1', async () => {
    await engine().run(node({ overrideEndpoint: `${llm.url}/` }), { question: 'x' });
    expect(llm.requests[0]!.path).toBe('/v1/chat/completions');
    llm.reset();
    await expect(
      engine().run(node({ overrideEndpoint: `${llm.url}/proxy/v1` }), { question: 'x' }),
    ).rejects.toThrow(/is not where its credential may be sent/);
    await engine({ baseUrl: `${llm.url}/proxy/v1` }).run(node({ overrideEndpoint: `${llm.url}/proxy` }), {
      question: 'x',
    });
    expect(llm.requests[0]!.path).toBe('/proxy/v1/chat/completions');
  });
});
