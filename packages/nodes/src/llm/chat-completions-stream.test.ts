import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAzure } from '@ai-sdk/azure';
import { createGroq } from '@ai-sdk/groq';
import { createOpenAI } from '@ai-sdk/openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestLlmServer, type TestLlmServer } from '@flowloom/test-llm';
import type { ChatModelHandle } from './chat-model.js';
import { streamChatCompletion } from './chat-completions-stream.js';
import { directStream } from './direct-call.js';
import { generate } from './generate.js';
import { CAPTURE_HEADER, CapturedRequest, modelFetch, modelTransport } from './lean-fetch.js';

/** Model calls to the local test servers: every address may be reached. */
const leanFetch = modelFetch({ addressCheck: () => undefined, providerBaseUrls: {} });

let llm: TestLlmServer;
beforeAll(async () => (llm = await startTestLlmServer()));
afterAll(() => llm.close());
beforeEach(() => llm.reset());

function handle(
  model: ChatModelHandle['model'],
  settings: ChatModelHandle['settings'] = {},
): ChatModelHandle {
  return {
    kind: 'chatModel',
    label: 'Chat Model',
    provider: 'OpenAI',
    modelName: 'm',
    model,
    settings,
    streaming: true,
    allowImageUploads: false,
  };
}
const openAi = () =>
  createOpenAI({ baseURL: llm.openAiBaseUrl, apiKey: 'sk-test', fetch: leanFetch }).chat('gpt-4o-mini');
const ask = (text: string) => ({ messages: [{ role: 'user' as const, content: text }] });

describe('streamed chat completions', () => {
  it('sends the request the provider built (our marker header removed) and streams the text', async () => {
    llm.script({ text: 'one two three' });
    const deltas: string[] = [];
    const text = await directStream(handle(openAi(), { temperature: 0.2 }), ask('count'), (d) =>
      deltas.push(d),
    );
    expect(text).toBe('one two three');
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join('')).toBe(text);
    const [request] = llm.requests;
    expect(request!.headers.authorization).toBe('Bearer sk-test');
    expect(request!.headers[CAPTURE_HEADER]).toBeUndefined();
    expect(request!.body).toMatchObject({
      model: 'gpt-4o-mini',
      stream: true,
      temperature: 0.2,
      messages: [{ role: 'user', content: 'count' }],
    });
  });

  it('streams Azure OpenAI and Groq models the same way', async () => {
    const azure = createAzure({
      baseURL: `${llm.url}/openai`,
      apiKey: 'az-key',
      apiVersion: '2024-10-21',
      useDeploymentBasedUrls: true,
      fetch: leanFetch,
    }).chat('my-deployment');
    const groq = createGroq({ baseURL: llm.openAiBaseUrl, apiKey: 'gsk', fetch: leanFetch }).languageModel(
      'llama',
    );
    llm.script({ text: 'from azure' }, { text: 'from groq' });
    expect(await directStream(handle(azure), ask('a'), () => undefined)).toBe('from azure');
    expect(await directStream(handle(groq), ask('b'), () => undefined)).toBe('from groq');
    expect(llm.requests[0]!.url).toContain('api-version=2024-10-21');
    expect(llm.requests[0]!.headers['api-key']).toBe('az-key');
    expect(llm.requests[1]!.headers.authorization).toBe('Bearer gsk');
  });

  it('fails with the server’s message and status, which generate turns into a readable error', async () => {
    llm.script({ error: { status: 401, message: 'Incorrect API key provided' } });
    const run = { emit: () => undefined, signal: new AbortController().signal, streaming: true };
    await expect(generate(handle(openAi()), { ...ask('x'), stream: true, run })).rejects.toThrow(
      /rejected the API key of Chat Model/,
    );
    llm.script({ error: { status: 500, message: 'The model is overloaded' } });
    await expect(directStream(handle(openAi()), ask('x'), () => undefined)).rejects.toMatchObject({
      message: 'The model is overloaded',
      statusCode: 500,
    });
  });

  it('stops when the run is aborted, and on the node timeout', async () => {
    llm.script({ text: 'late', delayMs: 2000 }, { text: 'late', delayMs: 2000 });
    const controller = new AbortController();
    const pending = directStream(
      handle(openAi()),
      { ...ask('x'), signal: controller.signal },
      () => undefined,
    );
    setTimeout(() => controller.abort(), 20);
    await expect(pending).rejects.toThrow(/abort/i);
    const started = Date.now();
    await expect(
      directStream(handle(openAi(), { timeout: 50 }), ask('x'), () => undefined),
    ).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(1500);
  });
});

describe('streamChatCompletion against other servers', () => {
  let server: http.Server;
  let base: string;
  let answer: (response: http.ServerResponse) => void = () => undefined;
  beforeAll(async () => {
    server = http.createServer((request, response) => {
      request.resume();
      request.on('end', () => answer(response));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });
  const captured = () =>
    new CapturedRequest(
      new URL(`${base}/v1/chat/completions`),
      'POST',
      {},
      '{}',
      modelTransport({ addressCheck: () => undefined, providerBaseUrls: {} }),
    );

  it('takes a whole JSON answer from a server that does not stream', async () => {
    answer = (response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: 'whole' } }] }));
    };
    const deltas: string[] = [];
    expect(await streamChatCompletion(captured(), (d) => deltas.push(d))).toBe('whole');
    expect(deltas).toEqual(['whole']);
  });

  it('fails on an error event in the stream, keeping the text it already passed on', async () => {
    answer = (response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write('data: {"choices":[{"delta":{"content":"Hel"}}]}\n\n');
      response.end('data: {"error":{"message":"context length exceeded"}}\n\n');
    };
    const deltas: string[] = [];
    await expect(streamChatCompletion(captured(), (d) => deltas.push(d))).rejects.toThrow(
      'context length exceeded',
    );
    expect(deltas).toEqual(['Hel']);
  });

  it('fails readably on an event that is not JSON, and on a stream cut short', async () => {
    answer = (response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.end('data: {not json\n\n');
    };
    await expect(streamChatCompletion(captured(), () => undefined)).rejects.toThrow(/not JSON/);
    answer = (response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write('data: {"choices":[{"delta":{"content":"par"}}]}\n\n');
      setTimeout(() => response.socket?.destroy(), 10);
    };
    await expect(streamChatCompletion(captured(), () => undefined)).rejects.toThrow();
  });

  it('uses the status line when an error body has no message', async () => {
    answer = (response) => {
      response.writeHead(502, 'Bad Gateway');
      response.end();
    };
    await expect(streamChatCompletion(captured(), () => undefined)).rejects.toMatchObject({
      message: '502 Bad Gateway',
      statusCode: 502,
    });
  });
});
