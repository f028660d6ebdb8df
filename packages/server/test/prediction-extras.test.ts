import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestLlmServer, type TestLlmServer } from '@flowloom/test-llm';
import { parseSse, createConversationFlow } from './flowise-templates.js';
import { ownerSession, startTestServer, type Session, type TestServer, openAiCredential } from './harness.js';

/** A multipart body as a browser would send it (field order kept). */
async function multipart(fields: Record<string, string | Blob>, files: { name: string; blob: Blob }[] = []) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append('files', file.blob, file.name);
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')! },
  };
}

/** Multipart requests, per-flow rate limits and origin lists, session rules (FLOWISE_API.md §1.1–1.4). */
describe('the run API: multipart, rate limit, allowed origins, sessions', () => {
  let llm: TestLlmServer;
  let server: TestServer;
  let owner: Session;
  let flowId: string;
  let now = new Date('2026-01-01T00:00:00Z').getTime();
  // Every reading moves time on a little, so messages of one session keep their order.
  const clock = { now: () => new Date((now += 5)) };

  beforeAll(async () => {
    llm = await startTestLlmServer();
    server = await startTestServer({ env: { OPENAI_BASE_URL: llm.openAiBaseUrl }, clock });
    owner = await ownerSession(server.app);
    const credentialId = await openAiCredential(owner);
    flowId = await createConversationFlow(owner, credentialId);
  });
  afterAll(async () => {
    await server.close();
    await llm.close();
  });
  beforeEach(() => llm.reset());

  const predict = (payload: object, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
    server.app.inject({
      method: 'POST',
      url: `/api/v1/prediction/${flowId}`,
      payload,
      headers,
      remoteAddress,
    });
  const configure = async (fields: Record<string, unknown>) => {
    const response = await owner.request('PUT', `/api/v1/chatflows/${flowId}`, fields);
    expect(response.statusCode).toBe(200);
  };

  describe('multipart/form-data', () => {
    it('takes question, chat id and JSON fields from form fields', async () => {
      const form = await multipart({
        question: 'from a form',
        chatId: 'form-chat',
        overrideConfig: JSON.stringify({ sessionId: 'form-session' }),
      });
      const response = await server.app.inject({
        method: 'POST',
        url: `/api/v1/prediction/${flowId}`,
        ...form,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        text: 'Hello from the test LLM. You said: from a form',
        question: 'from a form',
        chatId: 'form-chat',
        sessionId: 'form-session',
      });
    });

    it('streams when the form says streaming=true', async () => {
      llm.script({ text: 'form stream' });
      const form = await multipart({ question: 'hi', streaming: 'true' });
      const response = await server.app.inject({
        method: 'POST',
        url: `/api/v1/prediction/${flowId}`,
        ...form,
      });
      expect(response.headers['content-type']).toBe('text/event-stream');
      expect(parseSse(response.body).map((e) => e.event)).toEqual([
        'start',
        'token',
        'token',
        'metadata',
        'end',
      ]);
    });

    it('refuses file parts with a message pointing to base64 uploads', async () => {
      const form = await multipart({ question: 'read this' }, [
        { name: 'notes.txt', blob: new Blob(['hello'], { type: 'text/plain' }) },
      ]);
      const response = await server.app.inject({
        method: 'POST',
        url: `/api/v1/prediction/${flowId}`,
        ...form,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(
        /^File uploads to flows arrive with document loaders; send uploads as base64 `uploads`/,
      );
      expect(llm.requests).toHaveLength(0);
    });

    it('refuses a JSON form field that is not JSON, and keeps multipart off other routes', async () => {
      const form = await multipart({ question: 'x', overrideConfig: '{not json' });
      const response = await server.app.inject({
        method: 'POST',
        url: `/api/v1/prediction/${flowId}`,
        ...form,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Form field overrideConfig must be JSON text');
      const other = await server.app.inject({
        method: 'POST',
        url: '/api/v1/leads',
        ...(await multipart({ chatflowid: flowId })),
      });
      expect(other.statusCode).toBe(415);
    });
  });

  describe('apiConfig.rateLimit', () => {
    afterAll(() => configure({ apiConfig: null }));

    it('answers 429 with the configured text once a client is over the limit, per client and window', async () => {
      await configure({
        apiConfig: JSON.stringify({
          rateLimit: { status: true, limitMax: '2', limitDuration: '60', limitMsg: 'Slow down, please' },
        }),
      });
      expect((await predict({ question: 'one' })).statusCode).toBe(200);
      expect((await predict({ question: 'two' })).statusCode).toBe(200);
      const third = await predict({ question: 'three' });
      expect(third.statusCode).toBe(429);
      expect(third.headers['content-type']).toMatch(/^text\/plain/);
      expect(third.body).toBe('Slow down, please');
      expect(third.headers['retry-after']).toBe('60');
      // Another address has its own window; the limited one is free again after the window.
      expect((await predict({ question: 'elsewhere' }, {}, '10.0.0.9')).statusCode).toBe(200);
      now += 61_000;
      expect((await predict({ question: 'later' })).statusCode).toBe(200);
      expect(llm.requests).toHaveLength(4);
    });

    it('does not limit when switched off or incomplete', async () => {
      await configure({
        apiConfig: JSON.stringify({ rateLimit: { status: false, limitMax: 1, limitDuration: 60 } }),
      });
      for (let i = 0; i < 3; i++) expect((await predict({ question: `q${i}` })).statusCode).toBe(200);
      // An incomplete limit is refused when saved (the dialog's rule), so the flow stays unlimited.
      const refused = await owner.request('PUT', `/api/v1/chatflows/${flowId}`, {
        apiConfig: JSON.stringify({ rateLimit: { status: true, limitMax: '', limitDuration: 60 } }),
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toContain('Need to fill all rate limit input fields');
      for (let i = 0; i < 3; i++) expect((await predict({ question: `q${i}` })).statusCode).toBe(200);
    });
  });

  describe('chatbotConfig.allowedOrigins', () => {
    afterAll(() => configure({ chatbotConfig: null }));

    it('lets listed sites and non-browser callers in, refuses other sites with the configured text', async () => {
      await configure({
        chatbotConfig: JSON.stringify({
          allowedOrigins: ['https://shop.example.com'],
          allowedOriginsError: 'Only our shop may use this bot',
        }),
      });
      expect((await predict({ question: 'x' })).statusCode).toBe(200);
      expect((await predict({ question: 'x' }, { origin: 'https://shop.example.com' })).statusCode).toBe(200);
      const refused = await predict({ question: 'x' }, { origin: 'https://evil.example.net' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ statusCode: 403, message: 'Only our shop may use this bot' });
      const streamed = await predict(
        { question: 'x', streaming: true },
        { origin: 'https://evil.example.net' },
      );
      expect(streamed.statusCode).toBe(403);
      expect(streamed.headers['content-type']).toMatch(/^text\/plain/);
      expect(streamed.body).toBe('Only our shop may use this bot');
      expect((await predict({ question: 'x' }, { origin: 'null' })).statusCode).toBe(403);
    });

    it('uses the default refusal text, and allows every site when the list has only blanks', async () => {
      await configure({ chatbotConfig: JSON.stringify({ allowedOrigins: ['https://shop.example.com'] }) });
      const refused = await predict({ question: 'x' }, { origin: 'https://other.example.org' });
      expect(refused.json().message).toBe('This site is not allowed to access this chatbot');
      await configure({ chatbotConfig: JSON.stringify({ allowedOrigins: [''] }) });
      expect((await predict({ question: 'x' }, { origin: 'https://other.example.org' })).statusCode).toBe(
        200,
      );
    });
  });

  describe('chatId and sessionId', () => {
    it('uses overrideConfig.sessionId as chat and session id when no chatId is sent', async () => {
      const body = (await predict({ question: 'hi', overrideConfig: { sessionId: 'sess-1' } })).json();
      expect(body).toMatchObject({ chatId: 'sess-1', sessionId: 'sess-1' });
    });

    it('keeps chatId and overrideConfig.sessionId apart; memory follows the session', async () => {
      const first = (
        await predict({
          question: 'My name is Ada',
          chatId: 'chat-x',
          overrideConfig: { sessionId: 'shared' },
        })
      ).json();
      expect(first).toMatchObject({ chatId: 'chat-x', sessionId: 'shared' });
      await predict({ question: 'Who am I?', chatId: 'chat-y', overrideConfig: { sessionId: 'shared' } });
      const second = llm.requests.at(-1)!.body as { messages: { role: string; content: string }[] };
      expect(second.messages.map((m) => m.content)).toContain('My name is Ada');
      const rows = (await owner.request('GET', `/api/v1/chatmessage/${flowId}?sessionId=shared`)).json();
      expect(rows.map((r: { chatId: string }) => r.chatId)).toEqual(['chat-x', 'chat-x', 'chat-y', 'chat-y']);
    });

    it('generates a chat id when none is given, and refuses a session id that is not text', async () => {
      const body = (await predict({ question: 'hi' })).json();
      expect(body.chatId).toMatch(/^[0-9a-f-]{36}$/);
      expect(body.sessionId).toBe(body.chatId);
      const bad = await predict({ question: 'hi', overrideConfig: { sessionId: 7 } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('Invalid sessionId: must be a string');
    });

    it('ignores overrideConfig.sessionId from the web app (internal prediction)', async () => {
      const body = (
        await owner.request('POST', `/api/v1/internal-prediction/${flowId}`, {
          question: 'hi',
          chatId: 'ui-chat',
          overrideConfig: { sessionId: 'ignored' },
        })
      ).json();
      expect(body).toMatchObject({ chatId: 'ui-chat', sessionId: 'ui-chat' });
    });
  });
});
