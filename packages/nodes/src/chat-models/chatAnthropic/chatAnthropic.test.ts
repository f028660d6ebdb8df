import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestEngine } from '@flowloom/engine';
import { startTestLlmServer, type TestLlmServer } from '@flowloom/test-llm';
import { CHAIN_NODES, llmChainWith, streamedText } from '../../testing/model-flow.js';
import { chatAnthropic } from './chatAnthropic.js';

let llm: TestLlmServer;
beforeAll(async () => (llm = await startTestLlmServer()));
afterAll(() => llm.close());
beforeEach(() => llm.reset());

const engine = () =>
  createTestEngine({
    nodes: [chatAnthropic, ...CHAIN_NODES],
    credentials: { key: { credentialName: 'anthropicApi', data: { anthropicApiKey: 'sk-ant' } } },
    services: { providerBaseUrls: { anthropic: `${llm.url}/v1` } },
  });
const node = (inputs: Record<string, unknown> = {}) =>
  llmChainWith({ id: 'chatAnthropic_0', type: chatAnthropic, credential: 'key', inputs });

describe('ChatAnthropic', () => {
  it('calls the Messages API with the key, model and settings of the node', async () => {
    const result = await engine().run(node({ modelName: 'claude-3-5-haiku-latest', maxTokensToSample: 50 }), {
      question: 'Hi Claude',
    });
    expect(result.output.text).toBe('Hello from the test LLM. You said: Hi Claude');
    const request = llm.requests[0]!;
    expect(request.path).toBe('/v1/messages');
    expect(request.headers['x-api-key']).toBe('sk-ant');
    expect(request.body).toMatchObject({
      model: 'claude-3-5-haiku-latest',
      max_tokens: 50,
      temperature: 0.9,
    });
  });

  it('streams tokens, or answers in one piece when Streaming is off', async () => {
    llm.script({ text: 'a streamed answer' });
    const streamed = await engine().run(node(), { question: 'x', streaming: true });
    expect(streamedText(streamed.events)).toBe('a streamed answer');
    const whole = await engine().run(node({ streaming: false }), { question: 'x', streaming: true });
    expect(whole.streamed).toBe(false);
    expect(llm.requests[1]!.body).not.toHaveProperty('stream', true);
  });

  it('asks for extended thinking with its budget and leaves the temperature out', async () => {
    await engine().run(node({ extendedThinking: true, budgetTokens: 2048 }), { question: 'think' });
    const body = llm.requests[0]!.body as Record<string, unknown>;
    expect(body.thinking).toEqual({ type: 'enabled', budget_tokens: 2048 });
    expect(body).not.toHaveProperty('temperature');
  });

  it('uses its Base URL input over the server default', async () => {
    await engine().run(node({ baseUrl: `${llm.url}/v1/` }), { question: 'x' });
    expect(llm.requests).toHaveLength(1);
    expect(llm.requests[0]!.path).toBe('/v1/messages');
  });

  it('turns a rejected key into a readable error', async () => {
    llm.script({ error: { status: 401, message: 'invalid x-api-key' } });
    await expect(engine().run(node(), { question: 'x' })).rejects.toThrow(
      /401 Anthropic rejected the API key of ChatAnthropic/,
    );
  });
});
