import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestLlmServer, type TestLlmServer } from '@flowloom/test-llm';
import { ownerSession, startTestServer, type Session, type TestServer, openAiCredential } from './harness.js';
import { flowiseTemplate, parseSse, withCredential } from './flowise-templates.js';

describe('the run API with a real Flowise template (Conversation Chain)', () => {
  let llm: TestLlmServer;
  let server: TestServer;
  let owner: Session;
  let flowId: string;

  beforeAll(async () => {
    llm = await startTestLlmServer();
    server = await startTestServer({ env: { OPENAI_BASE_URL: llm.openAiBaseUrl } });
    owner = await ownerSession(server.app);
    const credentialId = await openAiCredential(owner);
    const flow = withCredential(
      flowiseTemplate('chatflows', 'Conversation Chain'),
      'chatOpenAI',
      credentialId,
    );
    const created = await owner.request('POST', '/api/v1/chatflows', {
      name: 'Conversation',
      type: 'CHATFLOW',
      flowData: JSON.stringify(flow),
    });
    expect(created.statusCode).toBe(201);
    flowId = created.json().id;
  });
  afterAll(async () => {
    await server.close();
    await llm.close();
  });
  beforeEach(() => llm.reset());

  const predict = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    server.app.inject({ method: 'POST', url: `/api/v1/prediction/${flowId}`, payload: body, headers });

  it('answers JSON with the Flowise fields and stores both messages', async () => {
    const response = await predict({ question: 'Hello there', chatId: 'chat-1' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      text: 'Hello from the test LLM. You said: Hello there',
      question: 'Hello there',
      chatId: 'chat-1',
      sessionId: 'chat-1',
      memoryType: 'Buffer Memory',
      isStreamValid: false,
    });
    expect(body.chatMessageId).toMatch(/^[0-9a-f-]{36}$/);
    const sent = llm.requests[0]!.body as {
      model: string;
      messages: { role: string; content: string }[];
      temperature: number;
    };
    expect(sent.model).toBe('gpt-3.5-turbo-16k');
    expect(sent.messages[0]!.role).toBe('system');
    expect(llm.requests[0]!.headers.authorization).toBe('Bearer sk-test');

    const messages = (await owner.request('GET', `/api/v1/chatmessage/${flowId}?chatId=chat-1`)).json();
    expect(messages.map((m: { role: string; content: string }) => [m.role, m.content])).toEqual([
      ['userMessage', 'Hello there'],
      ['apiMessage', 'Hello from the test LLM. You said: Hello there'],
    ]);
    expect(messages[1].id).toBe(body.chatMessageId);
    expect(messages[0].chatType).toBe('EXTERNAL');
  });

  it('remembers the session: the second question carries the first exchange', async () => {
    await predict({ question: 'My name is Ada', chatId: 'chat-2' });
    await predict({ question: 'What is my name?', chatId: 'chat-2' });
    const second = llm.requests[1]!.body as { messages: { role: string; content: string }[] };
    expect(second.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(second.messages[1]!.content).toBe('My name is Ada');
  });

  it('streams in the Flowise wire format: start, tokens, metadata, end', async () => {
    llm.script({ text: 'Streaming works fine' });
    const response = await predict({ question: 'stream please', chatId: 'chat-3', streaming: true });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/event-stream');
    expect(response.body.startsWith('message:\ndata:{"event":"start"')).toBe(true);
    const events = parseSse(response.body);
    expect(events.map((e) => e.event)).toEqual(['start', 'token', 'token', 'token', 'metadata', 'end']);
    expect(
      events
        .filter((e) => e.event === 'token')
        .map((e) => e.data)
        .join(''),
    ).toBe('Streaming works fine');
    expect(events.at(-1)).toEqual({ event: 'end', data: '[DONE]' });
    expect(events.at(-2)!.data).toMatchObject({
      chatId: 'chat-3',
      question: 'stream please',
      memoryType: 'Buffer Memory',
    });
    expect(
      (await server.app.inject({ method: 'GET', url: `/api/v1/chatflows-streaming/${flowId}` })).json(),
    ).toEqual({ isStreaming: true });
  });

  it('reports a provider error as an error event on a stream, and as a 500 with a message otherwise', async () => {
    llm.script({ error: { status: 401, message: 'Incorrect API key provided: sk-te**' } });
    const streamed = parseSse((await predict({ question: 'x', streaming: true })).body);
    expect(streamed.map((e) => e.event)).toEqual(['error', 'end']);
    expect(streamed[0]!.data).toMatch(/rejected the API key of ChatOpenAI/);
    llm.script({ error: { status: 500, message: 'upstream broke' } });
    const plain = await predict({ question: 'x' });
    expect(plain.statusCode).toBe(500);
    expect(plain.json().message).toMatch(/Conversation Chain \(conversationChain_0\): .*upstream broke/);
  });

  it('refuses a malformed request and an unknown flow with clear messages', async () => {
    expect((await predict({ question: 'x', chatId: 42 })).json().message).toBe(
      'Invalid chatId: must be a string',
    );
    const unknown = await server.app.inject({
      method: 'POST',
      url: '/api/v1/prediction/00000000-0000-4000-8000-000000000000',
      payload: { question: 'x' },
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await server.app.inject({
      method: 'POST',
      url: '/api/v1/prediction/not-a-uuid',
      payload: { question: 'x' },
    });
    expect(bad.json().message).toBe('Invalid Chatflow ID');
  });

  it('requires the bound API key once the flow has one', async () => {
    const keys = (await owner.request('POST', '/api/v1/apikey', { keyName: 'flow key' })).json();
    const key = keys.find((k: { keyName: string }) => k.keyName === 'flow key');
    await owner.request('PUT', `/api/v1/chatflows/${flowId}`, { apikeyid: key.id });
    try {
      expect((await predict({ question: 'x' })).statusCode).toBe(401);
      expect((await predict({ question: 'x' }, { authorization: 'Bearer wrong' })).statusCode).toBe(401);
      expect((await predict({ question: 'x' }, { authorization: `Bearer ${key.apiKey}` })).statusCode).toBe(
        200,
      );
    } finally {
      await owner.request('PUT', `/api/v1/chatflows/${flowId}`, { apikeyid: null });
    }
  });

  it('runs for the web app through internal-prediction, recorded as INTERNAL', async () => {
    const response = await owner.request('POST', `/api/v1/internal-prediction/${flowId}`, {
      question: 'from the canvas',
      chatId: 'chat-ui',
    });
    expect(response.statusCode).toBe(200);
    const messages = (await owner.request('GET', `/api/v1/chatmessage/${flowId}?chatId=chat-ui`)).json();
    expect(messages[0].chatType).toBe('INTERNAL');
  });
  it('deletes the messages of one chat and keeps the others', async () => {
    await predict({ question: 'keep me', chatId: 'keep' });
    await predict({ question: 'drop me', chatId: 'drop' });
    const deleted = await owner.request('DELETE', `/api/v1/chatmessage/${flowId}?chatId=drop`);
    expect(deleted.json()).toEqual({ deleted: 2 });
    expect((await owner.request('GET', `/api/v1/chatmessage/${flowId}?chatId=drop`)).json()).toEqual([]);
    expect((await owner.request('GET', `/api/v1/chatmessage/${flowId}?chatId=keep`)).json()).toHaveLength(2);
    const unknown = await owner.request('DELETE', '/api/v1/chatmessage/00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
  });
});
