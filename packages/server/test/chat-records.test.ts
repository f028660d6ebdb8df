import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestLlmServer, type TestLlmServer } from '@flowloom/test-llm';
import { conversationChain } from './flowise-templates.js';
import {
  moveToAnotherWorkspace,
  ownerSession,
  startTestServer,
  type Session,
  type TestServer,
  openAiCredential,
} from './harness.js';

/** Feedback, leads, stats and the chat-message list with feedback (FLOWISE_API.md §4.2). */
describe('chat records of a flow: feedback, leads, stats', () => {
  let llm: TestLlmServer;
  let server: TestServer;
  let owner: Session;
  let flowId: string;
  let otherFlowId: string;
  /** The answers of three exchanges: two in chat-a, one in chat-b. */
  const answers: { chatId: string; messageId: string }[] = [];

  const inject = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    server.app.inject({ method, url, ...(payload && { payload }) });

  beforeAll(async () => {
    llm = await startTestLlmServer();
    server = await startTestServer({ env: { OPENAI_BASE_URL: llm.openAiBaseUrl } });
    owner = await ownerSession(server.app);
    const credentialId = await openAiCredential(owner);
    const flowData = conversationChain(credentialId);
    flowId = (
      await owner.request('POST', '/api/v1/chatflows', { name: 'Support', type: 'CHATFLOW', flowData })
    ).json().id;
    otherFlowId = (
      await owner.request('POST', '/api/v1/chatflows', { name: 'Other', type: 'CHATFLOW', flowData })
    ).json().id;
    for (const [chatId, question] of [
      ['chat-a', 'first question'],
      ['chat-a', 'second question'],
      ['chat-b', 'third question'],
    ] as const) {
      const response = await inject('POST', `/api/v1/prediction/${flowId}`, { question, chatId });
      expect(response.statusCode).toBe(200);
      answers.push({ chatId, messageId: response.json().chatMessageId });
    }
  });
  afterAll(async () => {
    await server.close();
    await llm.close();
  });

  describe('feedback', () => {
    let feedbackId: string;

    it('rates an answer without an account, filling chat and flow ids from the message', async () => {
      const response = await inject('POST', '/api/v1/feedback', {
        messageId: answers[0]!.messageId,
        rating: 'THUMBS_UP',
      });
      expect(response.statusCode).toBe(200);
      const feedback = response.json();
      expect(feedback).toMatchObject({
        messageId: answers[0]!.messageId,
        chatId: 'chat-a',
        chatflowid: flowId,
        rating: 'THUMBS_UP',
        content: null,
      });
      expect(feedback.id).toMatch(/^[0-9a-f-]{36}$/);
      feedbackId = feedback.id;
    });

    it('accepts the flow id in the path and the comment in the body', async () => {
      const response = await inject('POST', `/api/v1/feedback/${flowId}`, {
        messageId: answers[2]!.messageId,
        chatId: 'chat-b',
        rating: 'THUMBS_DOWN',
        content: 'Not helpful',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ rating: 'THUMBS_DOWN', content: 'Not helpful' });
    });

    it('refuses a second rating of the same message and points to PUT', async () => {
      const response = await inject('POST', '/api/v1/feedback', {
        messageId: answers[0]!.messageId,
        rating: 'THUMBS_DOWN',
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        message: expect.stringContaining(`PUT /api/v1/feedback/${feedbackId}`),
        feedbackId,
      });
    });

    it('refuses ids that do not match the message, an unknown message, and a bad rating', async () => {
      const wrongChat = await inject('POST', '/api/v1/feedback', {
        messageId: answers[1]!.messageId,
        chatId: 'chat-b',
        rating: 'THUMBS_UP',
      });
      expect(wrongChat.statusCode).toBe(400);
      expect(wrongChat.json().message).toBe(
        `Inconsistent chat ID: message with ID ${answers[1]!.messageId} does not belong to chat with ID chat-b`,
      );
      const wrongFlow = await inject('POST', `/api/v1/feedback/${otherFlowId}`, {
        messageId: answers[1]!.messageId,
        rating: 'THUMBS_UP',
      });
      expect(wrongFlow.statusCode).toBe(400);
      expect(wrongFlow.json().message).toMatch(/^Inconsistent chatflow ID/);
      const unknown = await inject('POST', '/api/v1/feedback', { messageId: 'nope', rating: 'THUMBS_UP' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe('Message with ID nope not found');
      const noId = await inject('POST', '/api/v1/feedback', { rating: 'THUMBS_UP' });
      expect(noId.json().message).toBe('messageId is required');
      const badRating = await inject('POST', '/api/v1/feedback', {
        messageId: answers[1]!.messageId,
        rating: 'MEH',
      });
      expect(badRating.statusCode).toBe(400);
      expect(badRating.json().message).toBe('rating must be "THUMBS_UP" or "THUMBS_DOWN"');
    });

    it('changes rating and comment with PUT, but never moves the feedback to another message', async () => {
      const update = await inject('PUT', `/api/v1/feedback/${feedbackId}`, {
        content: 'Great answer',
      });
      expect(update.statusCode).toBe(200);
      expect(update.json()).toEqual({ status: 'OK' });
      const moved = await inject('PUT', `/api/v1/feedback/${feedbackId}`, {
        messageId: answers[1]!.messageId,
      });
      expect(moved.statusCode).toBe(400);
      expect((await inject('PUT', '/api/v1/feedback/unknown', { rating: 'THUMBS_UP' })).statusCode).toBe(404);
      const list = (await owner.request('GET', `/api/v1/feedback/${flowId}?chatId=chat-a`)).json();
      expect(list).toEqual([
        expect.objectContaining({ id: feedbackId, rating: 'THUMBS_UP', content: 'Great answer' }),
      ]);
    });

    it('lists feedback to members only, filtered by date and ordered', async () => {
      expect((await inject('GET', `/api/v1/feedback/${flowId}`)).statusCode).toBe(401);
      const all = (await owner.request('GET', `/api/v1/feedback/${flowId}?order=DESC`)).json();
      expect(all.map((f: { chatId: string }) => f.chatId)).toEqual(['chat-b', 'chat-a']);
      const future = (await owner.request('GET', `/api/v1/feedback/${flowId}?startDate=2999-01-01`)).json();
      expect(future).toEqual([]);
      const bad = await owner.request('GET', `/api/v1/feedback/${flowId}?startDate=yesterday`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('startDate must be a date, e.g. 2025-01-31');
    });
  });

  describe('chat-message list with feedback', () => {
    it('adds each message its feedback (null when unrated) with feedback=true', async () => {
      const rows = (await owner.request('GET', `/api/v1/chatmessage/${flowId}?feedback=true`)).json();
      expect(rows).toHaveLength(6);
      expect(rows.map((r: { feedback: { rating: string } | null }) => r.feedback?.rating ?? null)).toEqual([
        null,
        'THUMBS_UP',
        null,
        null,
        null,
        'THUMBS_DOWN',
      ]);
      const plain = (await owner.request('GET', `/api/v1/chatmessage/${flowId}`)).json();
      expect(plain[0]).not.toHaveProperty('feedback');
    });

    it('keeps only rated answers and their questions with feedbackType', async () => {
      const up = (
        await owner.request('GET', `/api/v1/chatmessage/${flowId}?feedback=true&feedbackType=THUMBS_UP`)
      ).json();
      expect(up.map((r: { role: string; content: string }) => [r.role, r.content])).toEqual([
        ['userMessage', 'first question'],
        ['apiMessage', 'Hello from the test LLM. You said: first question'],
      ]);
      const both = (
        await owner.request(
          'GET',
          `/api/v1/chatmessage/${flowId}?feedback=true&feedbackType=${encodeURIComponent('["THUMBS_UP","THUMBS_DOWN"]')}`,
        )
      ).json();
      expect(both).toHaveLength(4);
      const bad = await owner.request('GET', `/api/v1/chatmessage/${flowId}?feedback=true&feedbackType=MEH`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toMatch(/feedbackType must be one of THUMBS_UP, THUMBS_DOWN/);
    });
  });

  describe('stats', () => {
    it('counts messages, sessions and feedback of the flow', async () => {
      const response = await owner.request('GET', `/api/v1/stats/${flowId}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        totalMessages: 6,
        totalSessions: 2,
        totalFeedback: 2,
        positiveFeedback: 1,
      });
    });

    it('filters by feedback type, chat type and date', async () => {
      expect((await owner.request('GET', `/api/v1/stats/${flowId}?feedbackType=THUMBS_DOWN`)).json()).toEqual(
        {
          totalMessages: 2,
          totalSessions: 1,
          totalFeedback: 1,
          positiveFeedback: 0,
        },
      );
      expect(
        (
          await owner.request('GET', `/api/v1/stats/${flowId}?chatType=${encodeURIComponent('["INTERNAL"]')}`)
        ).json(),
      ).toEqual({ totalMessages: 0, totalSessions: 0, totalFeedback: 0, positiveFeedback: 0 });
      expect(
        (await owner.request('GET', `/api/v1/stats/${flowId}?chatType=EXTERNAL&endDate=2000-01-01`)).json()
          .totalMessages,
      ).toBe(0);
      expect((await owner.request('GET', `/api/v1/stats/${flowId}?chatType=PRIVATE`)).statusCode).toBe(400);
    });

    it('needs a member of the workspace', async () => {
      expect((await inject('GET', `/api/v1/stats/${flowId}`)).statusCode).toBe(401);
      expect(
        (await owner.request('GET', '/api/v1/stats/00000000-0000-4000-8000-000000000000')).statusCode,
      ).toBe(404);
    });
  });

  describe('leads', () => {
    it('saves a lead without an account and lists it to members', async () => {
      const created = await inject('POST', '/api/v1/leads', {
        chatflowid: flowId,
        chatId: 'chat-a',
        name: 'Grace',
        email: 'grace@example.com',
        phone: '+1 555 0100',
      });
      expect(created.statusCode).toBe(200);
      expect(created.json()).toMatchObject({
        chatflowid: flowId,
        chatId: 'chat-a',
        name: 'Grace',
        email: 'grace@example.com',
        phone: '+1 555 0100',
      });
      const anonymous = (
        await inject('POST', '/api/v1/leads', { chatflowid: flowId, email: 'x@example.com' })
      ).json();
      expect(anonymous.chatId).toMatch(/^[0-9a-f-]{36}$/);
      expect(anonymous.name).toBeNull();

      expect((await inject('GET', `/api/v1/leads/${flowId}`)).statusCode).toBe(401);
      const leads = (await owner.request('GET', `/api/v1/leads/${flowId}`)).json();
      expect(leads.map((l: { email: string }) => l.email)).toEqual(['grace@example.com', 'x@example.com']);
    });

    it('refuses a lead without a flow, for an unknown flow, or with a non-text field', async () => {
      expect((await inject('POST', '/api/v1/leads', { name: 'x' })).json().message).toBe(
        'chatflowid is required',
      );
      const unknown = await inject('POST', '/api/v1/leads', {
        chatflowid: '00000000-0000-4000-8000-000000000000',
      });
      expect(unknown.statusCode).toBe(404);
      const bad = await inject('POST', '/api/v1/leads', { chatflowid: flowId, email: 42 });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('email must be a string');
    });
  });

  it('keeps every list to its workspace: a member of another workspace sees a 404', async () => {
    await moveToAnotherWorkspace(server, owner, otherFlowId);
    for (const url of [
      `/api/v1/feedback/${otherFlowId}`,
      `/api/v1/leads/${otherFlowId}`,
      `/api/v1/stats/${otherFlowId}`,
      `/api/v1/chatmessage/${otherFlowId}?feedback=true`,
    ]) {
      const response = await owner.request('GET', url);
      expect(response.statusCode, url).toBe(404);
    }
  });
});
