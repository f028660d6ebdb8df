import type { AddressInfo } from 'node:net';
import { FlowiseClient } from 'flowise-sdk';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestLlmServer, type TestLlmServer } from '@flowloom/test-llm';
import { createConversationFlow } from './flowise-templates.js';
import { ownerSession, startTestServer, type Session, type TestServer, openAiCredential } from './harness.js';

/** The published Flowise client (`flowise-sdk`) against Flowloom on a real port. */
describe('the flowise-sdk client', () => {
  let llm: TestLlmServer;
  let server: TestServer;
  let owner: Session;
  let baseUrl: string;
  let flowId: string;

  beforeAll(async () => {
    llm = await startTestLlmServer();
    server = await startTestServer({ env: { OPENAI_BASE_URL: llm.openAiBaseUrl } });
    owner = await ownerSession(server.app);
    const credentialId = await openAiCredential(owner);
    flowId = await createConversationFlow(owner, credentialId);
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await server.close();
    await llm.close();
  });
  beforeEach(() => llm.reset());

  it('gets a JSON answer', async () => {
    const client = new FlowiseClient({ baseUrl });
    const answer = await client.createPrediction({
      chatflowId: flowId,
      question: 'Hello from the SDK',
      chatId: 'sdk-chat',
    });
    expect(answer).toMatchObject({
      text: 'Hello from the test LLM. You said: Hello from the SDK',
      question: 'Hello from the SDK',
      chatId: 'sdk-chat',
      memoryType: 'Buffer Memory',
    });
    expect(answer.chatMessageId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('streams chunks of {event, data}: start, tokens, metadata, end', async () => {
    llm.script({ text: 'Streamed to the SDK' });
    const client = new FlowiseClient({ baseUrl });
    const stream = await client.createPrediction({
      chatflowId: flowId,
      question: 'stream it',
      chatId: 'sdk-stream',
      streaming: true,
    });
    const chunks: { event: string; data: unknown }[] = [];
    for await (const chunk of stream) chunks.push(chunk);
    expect(chunks.map((c) => c.event)).toEqual([
      'start',
      'token',
      'token',
      'token',
      'token',
      'metadata',
      'end',
    ]);
    expect(
      chunks
        .filter((c) => c.event === 'token')
        .map((c) => c.data)
        .join(''),
    ).toBe('Streamed to the SDK');
    expect(chunks.find((c) => c.event === 'metadata')!.data).toMatchObject({
      chatId: 'sdk-stream',
      question: 'stream it',
    });
  });

  it('sends history in its legacy {type, message} shape and the bound API key', async () => {
    const keys = (await owner.request('POST', '/api/v1/apikey', { keyName: 'sdk key' })).json();
    const key = keys.find((k: { keyName: string }) => k.keyName === 'sdk key');
    await owner.request('PUT', `/api/v1/chatflows/${flowId}`, { apikeyid: key.id });
    const unauthenticated = await new FlowiseClient({ baseUrl }).createPrediction({
      chatflowId: flowId,
      question: 'x',
    });
    expect(unauthenticated.success).toBe(false);
    const answer = await new FlowiseClient({ baseUrl, apiKey: key.apiKey }).createPrediction({
      chatflowId: flowId,
      question: 'And my name?',
      history: [
        { type: 'userMessage', message: 'I am Ada' },
        { type: 'apiMessage', message: 'Hi Ada' },
      ],
    });
    expect(answer.text).toBe('Hello from the test LLM. You said: And my name?');
    const sent = llm.requests.at(-1)!.body as { messages: { role: string; content: string }[] };
    expect(sent.messages.map((m) => m.content)).toEqual(expect.arrayContaining(['I am Ada', 'Hi Ada']));
  });
});
