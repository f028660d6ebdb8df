import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestEngine } from '@flowloom/engine';
import { startTestLlmServer, type TestLlmServer } from '@flowloom/test-llm';
import { CHAIN_NODES, llmChainWith, streamedText } from '../../testing/model-flow.js';
import { groqChat } from './groqChat.js';

let llm: TestLlmServer;
beforeAll(async () => (llm = await startTestLlmServer()));
afterAll(() => llm.close());
beforeEach(() => llm.reset());

const engine = (credential: Record<string, unknown> = {}) =>
  createTestEngine({
    nodes: [groqChat, ...CHAIN_NODES],
    credentials: { key: { credentialName: 'groqApi', data: { groqApiKey: 'gsk-test', ...credential } } },
    services: { providerBaseUrls: { groq: `${llm.url}/openai/v1` } },
  });
const node = (inputs: Record<string, unknown> = {}, credential: string | null = 'key') =>
  llmChainWith({ id: 'groqChat_0', type: groqChat, inputs, ...(credential && { credential }) });

describe('GroqChat', () => {
  it("calls Groq's chat completions with the key, model and max tokens", async () => {
    const result = await engine().run(node({ modelName: 'llama-3.1-8b-instant', maxTokens: 99 }), {
      question: 'Hi Groq',
    });
    expect(result.output.text).toBe('Hello from the test LLM. You said: Hi Groq');
    const request = llm.requests[0]!;
    expect(request.path).toBe('/openai/v1/chat/completions');
    expect(request.headers.authorization).toBe('Bearer gsk-test');
    expect(request.body).toMatchObject({ model: 'llama-3.1-8b-instant', max_tokens: 99, temperature: 0.9 });
  });

  it('streams tokens, or answers whole when Streaming is off', async () => {
    llm.script({ text: 'fast tokens here' });
    const streamed = await engine().run(node(), { question: 'x', streaming: true });
    expect(streamedText(streamed.events)).toBe('fast tokens here');
    const whole = await engine().run(node({ streaming: false }), { question: 'x', streaming: true });
    expect(whole.streamed).toBe(false);
  });

  it('uses its Base URL input where its credential names that endpoint, and refuses it elsewhere', async () => {
    await expect(engine().run(node({ baseUrl: llm.openAiBaseUrl }), { question: 'x' })).rejects.toThrow(
      /is not where its credential may be sent/,
    );
    expect(llm.requests).toHaveLength(0);
    await engine({ baseUrl: llm.openAiBaseUrl }).run(node({ baseUrl: llm.openAiBaseUrl }), { question: 'x' });
    expect(llm.requests[0]!.path).toBe('/v1/chat/completions');
  });

  it("sends its key to the credential's Base URL when the node sets none", async () => {
    await engine({ baseUrl: llm.openAiBaseUrl }).run(node(), { question: 'x' });
    expect(llm.requests[0]!.path).toBe('/v1/chat/completions');
    expect(llm.requests[0]!.headers.authorization).toBe('Bearer gsk-test');
  });

  it('asks for a credential when none is connected', async () => {
    await expect(engine().run(node({}, null), { question: 'x' })).rejects.toThrow(
      /Connect a Groq API credential/,
    );
  });
});
