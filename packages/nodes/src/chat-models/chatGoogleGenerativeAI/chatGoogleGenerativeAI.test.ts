import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestEngine } from '@flowloom/engine';
import { startTestLlmServer, type TestLlmServer } from '@flowloom/test-llm';
import { CHAIN_NODES, llmChainWith, streamedText } from '../../testing/model-flow.js';
import { chatGoogleGenerativeAI } from './chatGoogleGenerativeAI.js';

let llm: TestLlmServer;
beforeAll(async () => (llm = await startTestLlmServer()));
afterAll(() => llm.close());
beforeEach(() => llm.reset());

const engine = (credential: Record<string, unknown> = {}) =>
  createTestEngine({
    nodes: [chatGoogleGenerativeAI, ...CHAIN_NODES],
    credentials: {
      key: { credentialName: 'googleGenerativeAI', data: { googleGenerativeAPIKey: 'g-key', ...credential } },
    },
    services: { providerBaseUrls: { google: `${llm.url}/v1beta` } },
  });
const node = (inputs: Record<string, unknown> = {}) =>
  llmChainWith({ id: 'chatGoogleGenerativeAI_0', type: chatGoogleGenerativeAI, credential: 'key', inputs });

describe('ChatGoogleGenerativeAI', () => {
  it('calls generateContent of the chosen model with the key and settings', async () => {
    const result = await engine().run(node({ modelName: 'gemini-2.0-flash', maxOutputTokens: 64 }), {
      question: 'Hi Gemini',
    });
    expect(result.output.text).toBe('Hello from the test LLM. You said: Hi Gemini');
    const request = llm.requests[0]!;
    expect(request.path).toBe('/v1beta/models/gemini-2.0-flash:generateContent');
    expect(request.headers['x-goog-api-key']).toBe('g-key');
    expect(request.body).toMatchObject({ generationConfig: { temperature: 0.9, maxOutputTokens: 64 } });
  });

  it('prefers a Custom Model Name and sends paired safety settings', async () => {
    await engine().run(
      node({
        customModelName: 'gemini-exp',
        harmCategory: '["HARM_CATEGORY_HARASSMENT"]',
        harmBlockThreshold: ['BLOCK_ONLY_HIGH'],
      }),
      { question: 'x' },
    );
    expect(llm.requests[0]!.path).toBe('/v1beta/models/gemini-exp:generateContent');
    expect(llm.requests[0]!.body).toMatchObject({
      safetySettings: [{ category: 'HARM_CATEGORY_HARASSMENT', threshold: 'BLOCK_ONLY_HIGH' }],
    });
  });

  it('streams through streamGenerateContent, or answers whole when Streaming is off', async () => {
    llm.script({ text: 'streamed from Gemini' });
    const streamed = await engine().run(node(), { question: 'x', streaming: true });
    expect(streamedText(streamed.events)).toBe('streamed from Gemini');
    expect(llm.requests[0]!.url).toBe('/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse');
    const whole = await engine().run(node({ streaming: false }), { question: 'x', streaming: true });
    expect(whole.streamed).toBe(false);
    expect(llm.requests[1]!.path).toBe('/v1beta/models/gemini-2.5-flash:generateContent');
  });

  it('uses its Base URL input where its credential names that endpoint, and refuses it elsewhere', async () => {
    await engine({ baseUrl: `${llm.url}/custom` }).run(node({ baseUrl: `${llm.url}/custom` }), {
      question: 'x',
    });
    expect(llm.requests[0]!.path).toBe('/custom/models/gemini-2.5-flash:generateContent');
    await expect(engine().run(node({ baseUrl: `${llm.url}/custom` }), { question: 'x' })).rejects.toThrow(
      /is not where its credential may be sent/,
    );
    expect(llm.requests).toHaveLength(1);
  });

  it('refuses unpaired harm settings with a readable message', async () => {
    await expect(
      engine().run(node({ harmCategory: ['HARM_CATEGORY_HARASSMENT'] }), { question: 'x' }),
    ).rejects.toThrow(/Harm Category and Harm Block Threshold must list the same number/);
  });
});
