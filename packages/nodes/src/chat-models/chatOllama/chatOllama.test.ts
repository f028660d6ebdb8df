import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestEngine } from '@flowloom/engine';
import { startTestLlmServer, type TestLlmServer } from '@flowloom/test-llm';
import { CHAIN_NODES, llmChainWith, streamedText } from '../../testing/model-flow.js';
import { chatOllama } from './chatOllama.js';

let llm: TestLlmServer;
beforeAll(async () => (llm = await startTestLlmServer()));
afterAll(() => llm.close());
beforeEach(() => llm.reset());

const engine = (providerBaseUrls: Record<string, string> = {}) =>
  createTestEngine({ nodes: [chatOllama, ...CHAIN_NODES], services: { providerBaseUrls } });
const node = (inputs: Record<string, unknown>) =>
  llmChainWith({ id: 'chatOllama_0', type: chatOllama, inputs: { modelName: 'llama3.2', ...inputs } });

describe('ChatOllama', () => {
  it('calls /api/chat of its Base URL without a credential, options in `options`', async () => {
    const result = await engine().run(
      node({ baseUrl: llm.url, numCtx: 4096, topK: 20, stop: 'User:, AI:', keepAlive: '10m' }),
      { question: 'Hi llama' },
    );
    expect(result.output.text).toBe('Hello from the test LLM. You said: Hi llama');
    const request = llm.requests[0]!;
    expect(request.path).toBe('/api/chat');
    expect(request.headers.authorization).toBeUndefined();
    expect(request.body).toMatchObject({
      model: 'llama3.2',
      keep_alive: '10m',
      options: { temperature: 0.9, num_ctx: 4096, top_k: 20, stop: ['User:', 'AI:'] },
    });
  });

  it('streams NDJSON tokens, or answers whole when Streaming is off', async () => {
    llm.script({ text: 'streamed by llama' });
    const streamed = await engine().run(node({ baseUrl: llm.url }), { question: 'x', streaming: true });
    expect(streamedText(streamed.events)).toBe('streamed by llama');
    const whole = await engine().run(node({ baseUrl: llm.url, streaming: false }), {
      question: 'x',
      streaming: true,
    });
    expect(whole.streamed).toBe(false);
    expect(llm.requests[1]!.body).toMatchObject({ stream: false });
  });

  it('lets OLLAMA_BASE_URL replace the stock localhost address, but not a typed one', async () => {
    await engine({ ollama: llm.url }).run(node({}), { question: 'x' });
    expect(llm.requests).toHaveLength(1);
    const typed = engine({ ollama: llm.url }).run(node({ baseUrl: 'http://127.0.0.1:9' }), { question: 'x' });
    await expect(typed).rejects.toThrow(/Could not reach Ollama for ChatOllama/);
  });

  it('needs a model name', async () => {
    await expect(engine().run(node({ modelName: '' }), { question: 'x' })).rejects.toThrow(
      /Model Name is required/,
    );
  });
});
