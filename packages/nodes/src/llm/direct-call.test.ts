import { createOpenAI } from '@ai-sdk/openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestLlmServer, type TestLlmServer } from '@flowloom/test-llm';
import type { ChatModelHandle } from './chat-model.js';
import { directGenerate, directStream, textPrompt } from './direct-call.js';
import { generate } from './generate.js';
import { modelFetch } from './lean-fetch.js';

/** Model calls to the local test servers: every address may be reached. */
const leanFetch = modelFetch({ addressCheck: () => undefined, providerBaseUrls: {} });

let llm: TestLlmServer;
beforeAll(async () => (llm = await startTestLlmServer()));
afterAll(() => llm.close());
beforeEach(() => llm.reset());

function handle(settings: ChatModelHandle['settings'] = {}): ChatModelHandle {
  const provider = createOpenAI({ baseURL: llm.openAiBaseUrl, apiKey: 'sk-test', fetch: leanFetch });
  return {
    kind: 'chatModel',
    label: 'ChatOpenAI',
    provider: 'OpenAI',
    modelName: 'gpt-4o-mini',
    model: provider.chat('gpt-4o-mini'),
    settings,
    streaming: true,
    allowImageUploads: true,
  };
}

describe('textPrompt', () => {
  it('maps text messages to the provider prompt, system first', () => {
    expect(
      textPrompt('Be brief.', [
        { role: 'user', content: 'Hi' },
        { role: 'assistant', content: [{ type: 'text', text: 'Hello' }] },
      ]),
    ).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: [{ type: 'text', text: 'Hi' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'Hello' }] },
    ]);
  });

  it('gives up on anything but text, so the full AI SDK path handles it', () => {
    const image = { type: 'image' as const, image: new URL('https://example.com/a.png') };
    expect(textPrompt(undefined, [{ role: 'user', content: [image] }])).toBeUndefined();
    expect(
      textPrompt(undefined, [
        {
          role: 'tool',
          content: [
            { type: 'tool-result', toolCallId: '1', toolName: 't', output: { type: 'text', value: 'x' } },
          ],
        },
      ]),
    ).toBeUndefined();
  });
});

describe('direct model calls', () => {
  it('answers with the text and sends the settings and messages the provider way', async () => {
    llm.script({ text: 'Paris.' });
    const text = await directGenerate(handle({ temperature: 0.3, maxOutputTokens: 50 }), {
      system: 'Answer briefly.',
      messages: [{ role: 'user', content: 'Capital of France?' }],
    });
    expect(text).toBe('Paris.');
    const sent = llm.requests[0]!.body as { temperature: number; max_tokens: number; messages: unknown[] };
    expect(sent.temperature).toBe(0.3);
    expect(sent.max_tokens).toBe(50);
    expect(sent.messages).toEqual([
      { role: 'system', content: 'Answer briefly.' },
      { role: 'user', content: 'Capital of France?' },
    ]);
  });

  it('streams deltas as they arrive and returns the whole text', async () => {
    llm.script({ text: 'one two three' });
    const deltas: string[] = [];
    const text = await directStream(handle(), { messages: [{ role: 'user', content: 'count' }] }, (d) =>
      deltas.push(d),
    );
    expect(text).toBe('one two three');
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join('')).toBe('one two three');
  });

  it('reports provider errors readably through generate', async () => {
    llm.script({ error: { status: 401, message: 'Incorrect API key provided' } });
    const run = { emit: () => {}, signal: new AbortController().signal, streaming: false };
    await expect(
      generate(handle(), { messages: [{ role: 'user', content: 'x' }], stream: false, run }),
    ).rejects.toThrow(/rejected the API key of ChatOpenAI/);
  });

  it('stops when the run is aborted', async () => {
    llm.script({ text: 'late', delayMs: 2000 });
    const controller = new AbortController();
    const pending = directGenerate(handle(), {
      messages: [{ role: 'user', content: 'x' }],
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 20);
    await expect(pending).rejects.toThrow(/abort/i);
  });

  it('honours the node timeout', async () => {
    llm.script({ text: 'late', delayMs: 2000 });
    const started = Date.now();
    await expect(
      directGenerate(handle({ timeout: 50 }), { messages: [{ role: 'user', content: 'x' }] }),
    ).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(1500);
  });
});
