import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestLlmServer, type TestLlmServer } from '@flowloom/test-llm';
import type { Permission } from '@flowloom/shared';
import { conversationChain } from './flowise-templates.js';
import {
  ENGINES,
  EMPTY_FLOW,
  ownerSession,
  startTestServer,
  type Session,
  type TestServer,
  openAiCredential,
} from './harness.js';

/**
 * Issue 10, finding 5: every route about one flow checks the permission family of that flow's type
 * (chatflows, agentflows, assistants) and the action, as `/chatflows/:id` does; internal-prediction
 * also keeps a flow bound to an API key closed to other keys; changing a feedback needs the chat it
 * belongs to.
 */
describe.each(ENGINES)('permission families on flow routes (%s)', (engine) => {
  let llm: TestLlmServer;
  let server: TestServer;
  let owner: Session;
  let chatflowId: string;
  let agentflowId: string;
  let assistantId: string;
  const keys = new Map<string, { id: string; apiKey: string }>();
  /** The server's clock, moved forward by tests of time windows. */
  let offsetMs = 0;

  async function key(name: string, permissions: Permission[]) {
    const listed = (await owner.request('POST', '/api/v1/apikey', { keyName: name, permissions })).json() as {
      keyName: string;
      id: string;
      apiKey: string;
    }[];
    const created = listed.find((k) => k.keyName === name)!;
    keys.set(name, created);
    return created;
  }

  const withKey = (name: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    server.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${keys.get(name)!.apiKey}` },
      ...(payload && { payload }),
    });

  async function createFlow(name: string, type: string, flowData: string, extra: object = {}) {
    const response = await owner.request('POST', '/api/v1/chatflows', { name, type, flowData, ...extra });
    expect(response.statusCode).toBe(201);
    return response.json<{ id: string }>().id;
  }

  beforeAll(async () => {
    llm = await startTestLlmServer();
    server = await startTestServer({
      engine,
      env: { OPENAI_BASE_URL: llm.openAiBaseUrl },
      clock: { now: () => new Date(Date.now() + offsetMs) },
    });
    owner = await ownerSession(server.app);
    const credentialId = await openAiCredential(owner);
    const runnable = conversationChain(credentialId);
    chatflowId = await createFlow('Support', 'CHATFLOW', runnable);
    agentflowId = await createFlow('Agent', 'AGENTFLOW', EMPTY_FLOW);
    assistantId = await createFlow('Helper', 'ASSISTANT', EMPTY_FLOW);
    await key('chat viewer', ['chatflows:view']);
    await key('chat editor', ['chatflows:view', 'chatflows:update']);
    await key('assistant viewer', ['assistants:view']);
    await key('agent viewer', ['agentflows:view']);
  });
  afterAll(async () => {
    await server.close();
    await llm.close();
  });

  describe('reads of a flow need the view permission of its own family', () => {
    const reads = (id: string) => [
      `/api/v1/chatmessage/${id}`,
      `/api/v1/stats/${id}`,
      `/api/v1/feedback/${id}`,
      `/api/v1/leads/${id}`,
      `/api/v1/flow-config/${id}`,
    ];

    it("refuses an agentflow's records to a key holding only chatflows:view, and serves a chatflow's", async () => {
      for (const url of reads(agentflowId)) {
        const response = await withKey('chat viewer', 'GET', url);
        expect(response.statusCode, url).toBe(403);
        expect(response.json().message, url).toBe('Forbidden');
      }
      for (const url of reads(chatflowId)) {
        expect((await withKey('chat viewer', 'GET', url)).statusCode, url).toBe(200);
      }
    });

    it("serves an agentflow's records to a key holding agentflows:view, and refuses a chatflow's", async () => {
      for (const url of reads(agentflowId)) {
        expect((await withKey('agent viewer', 'GET', url)).statusCode, url).toBe(200);
      }
      for (const url of reads(chatflowId)) {
        expect((await withKey('agent viewer', 'GET', url)).statusCode, url).toBe(403);
      }
    });

    it("serves an assistant's records to a key holding assistants:view only", async () => {
      for (const url of reads(assistantId)) {
        expect((await withKey('assistant viewer', 'GET', url)).statusCode, url).toBe(200);
      }
      for (const url of reads(chatflowId)) {
        expect((await withKey('assistant viewer', 'GET', url)).statusCode, url).toBe(403);
      }
    });
  });

  describe('deleting messages needs the update permission of the flow family', () => {
    it("refuses a chatflows:update key an agentflow's messages, as it refuses to change the agentflow", async () => {
      const update = await withKey('chat editor', 'PUT', `/api/v1/chatflows/${agentflowId}`, { name: 'x' });
      expect(update.statusCode).toBe(403);
      const remove = await withKey('chat editor', 'DELETE', `/api/v1/chatmessage/${agentflowId}`);
      expect(remove.statusCode).toBe(403);
      expect(remove.json().message).toBe('Forbidden');
      const own = await withKey('chat editor', 'DELETE', `/api/v1/chatmessage/${chatflowId}?chatId=nobody`);
      expect(own.statusCode).toBe(200);
      expect(own.json()).toEqual({ deleted: 0 });
    });
  });

  describe('internal-prediction', () => {
    it('refuses to run a chatflow for a key holding only assistants:view', async () => {
      const response = await withKey(
        'assistant viewer',
        'POST',
        `/api/v1/internal-prediction/${chatflowId}`,
        {
          question: 'hello',
        },
      );
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('Forbidden');
      expect((await owner.request('GET', `/api/v1/chatmessage/${chatflowId}`)).json()).toEqual([]);
    });

    it('runs a chatflow for a key holding chatflows:view', async () => {
      const response = await withKey('chat viewer', 'POST', `/api/v1/internal-prediction/${chatflowId}`, {
        question: 'hello',
        chatId: 'viewer-chat',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toHaveProperty('text');
    });

    it('keeps a flow bound to an API key closed to every other key, as /prediction does', async () => {
      const bound = await key('bound', ['chatflows:view']);
      const boundFlow = await createFlow(
        'Bound',
        'CHATFLOW',
        (await owner.request('GET', `/api/v1/chatflows/${chatflowId}`)).json<{ flowData: string }>().flowData,
        { apikeyid: bound.id },
      );
      const other = await withKey('chat viewer', 'POST', `/api/v1/internal-prediction/${boundFlow}`, {
        question: 'hello',
      });
      expect(other.statusCode).toBe(401);
      expect(other.json().message).toBe(
        'Unauthorized: this flow needs its API key (Authorization: Bearer <key>)',
      );
      const own = await withKey('bound', 'POST', `/api/v1/internal-prediction/${boundFlow}`, {
        question: 'hello',
      });
      expect(own.statusCode).toBe(200);
      // The web app's session is not an API key: members keep testing bound flows on the canvas.
      const member = await owner.request('POST', `/api/v1/internal-prediction/${boundFlow}`, {
        question: 'hello',
      });
      expect(member.statusCode).toBe(200);
    });
  });

  describe('PUT /feedback/:id', () => {
    async function rate(chatId: string, content?: string) {
      const answer = await server.app.inject({
        method: 'POST',
        url: `/api/v1/prediction/${chatflowId}`,
        payload: { question: 'rate me', chatId },
      });
      expect(answer.statusCode).toBe(200);
      const feedback = await server.app.inject({
        method: 'POST',
        url: '/api/v1/feedback',
        payload: {
          messageId: answer.json<{ chatMessageId: string }>().chatMessageId,
          rating: 'THUMBS_DOWN',
          ...(content !== undefined && { content }),
        },
      });
      expect(feedback.statusCode).toBe(200);
      return feedback.json<{ id: string }>().id;
    }

    const put = (id: string, payload: object) =>
      server.app.inject({ method: 'PUT', url: `/api/v1/feedback/${id}`, payload });

    async function stored(id: string) {
      const list = (await owner.request('GET', `/api/v1/feedback/${chatflowId}`)).json() as {
        id: string;
        rating: string;
        content: string | null;
      }[];
      return list.find((f) => f.id === id);
    }

    it("refuses to change another visitor's rating or comment to whoever only knows the feedback id", async () => {
      const id = await rate('visitor-a', 'Wrong price');
      const flipped = await put(id, { rating: 'THUMBS_UP' });
      expect(flipped.statusCode).toBe(403);
      expect(flipped.json().message).toBe(
        `Feedback ${id} can only be changed from the chat it belongs to: send that chat's chatId with the change.`,
      );
      expect((await put(id, { content: 'Great!' })).statusCode).toBe(403);
      expect(await stored(id)).toMatchObject({ rating: 'THUMBS_DOWN', content: 'Wrong price' });
    });

    it('accepts any change that names the chat of the feedback', async () => {
      const id = await rate('visitor-b', 'Wrong price');
      const wrongChat = await put(id, { chatId: 'visitor-a', rating: 'THUMBS_UP' });
      expect(wrongChat.statusCode).toBe(400);
      const changed = await put(id, { chatId: 'visitor-b', rating: 'THUMBS_UP', content: 'Fixed now' });
      expect(changed.statusCode).toBe(200);
      expect(await stored(id)).toMatchObject({ rating: 'THUMBS_UP', content: 'Fixed now' });
    });

    it("accepts the chat window's comment right after a rating (Flowise's embed sends only the content)", async () => {
      const id = await rate('visitor-c');
      expect((await put(id, { content: 'Too slow' })).statusCode).toBe(200);
      expect(await stored(id)).toMatchObject({ rating: 'THUMBS_DOWN', content: 'Too slow' });
      // Once commented, the comment is the visitor's: a second one needs the chat.
      expect((await put(id, { content: 'Replaced' })).statusCode).toBe(403);
    });

    it('refuses that comment once the rating is older than ten minutes', async () => {
      const id = await rate('visitor-d');
      offsetMs = 11 * 60_000;
      try {
        expect((await put(id, { content: 'Late' })).statusCode).toBe(403);
      } finally {
        offsetMs = 0;
      }
    });

    it('lets a member holding the update permission of the flow family change any feedback', async () => {
      const id = await rate('visitor-e', 'Rude');
      expect((await owner.request('PUT', `/api/v1/feedback/${id}`, { rating: 'THUMBS_UP' })).statusCode).toBe(
        200,
      );
      expect(await stored(id)).toMatchObject({ rating: 'THUMBS_UP', content: 'Rude' });
    });
  });
});
