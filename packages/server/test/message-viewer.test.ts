import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Permission } from '@flowloom/shared';
import { CONVERSATIONS_PER_BATCH } from '../src/modules/chat-messages/message-export.js';
import {
  ENGINES,
  EMPTY_FLOW,
  ownerSession,
  startTestServer,
  type Session,
  type TestServer,
} from './harness.js';

interface Row {
  id: string;
  role: string;
  content: string;
  chatId: string;
  sessionId: string | null;
  chatType: string;
  feedback?: { rating: string } | null;
}

const BASE = Date.parse('2026-03-01T10:00:00.000Z');
const at = (minutes: number) => new Date(BASE + minutes * 60_000).toISOString();

/**
 * The "View Messages" surface (SHARING.md §6.1): the session-paged list, stats, deletes and the
 * messages export, with their filters, permissions and bad input.
 */
describe.each(ENGINES)('message viewer routes (%s)', (engine) => {
  let server: TestServer;
  let owner: Session;
  let flowId: string;
  let agentflowId: string;
  const keys = new Map<string, string>();

  const withKey = (name: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    server.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${keys.get(name)!}` },
      ...(payload && { payload }),
    });

  async function key(name: string, permissions: Permission[]) {
    const listed = (await owner.request('POST', '/api/v1/apikey', { keyName: name, permissions })).json() as {
      keyName: string;
      apiKey: string;
    }[];
    keys.set(name, listed.find((k) => k.keyName === name)!.apiKey);
  }

  /** One exchange (question and answer) of session `s<n>`, `n` minutes after BASE. */
  async function exchange(
    chatflowid: string,
    n: number,
    extra: { chatType?: string; memoryType?: string; answer?: Record<string, string> } = {},
  ) {
    const common = {
      chatflowid,
      executionId: null,
      fileAnnotations: null,
      agentReasoning: null,
      reasonContent: null,
      action: null,
      chatType: extra.chatType ?? 'INTERNAL',
      chatId: `chat-${n}`,
      memoryType: extra.memoryType ?? null,
      sessionId: `s${n}`,
      followUpPrompts: null,
    };
    await server.database.db
      .insertInto('chat_message')
      .values([
        {
          ...common,
          id: `${chatflowid}-q${n}`,
          role: 'userMessage',
          content: `question ${n}`,
          sourceDocuments: null,
          usedTools: null,
          fileUploads: null,
          artifacts: null,
          leadEmail: null,
          createdDate: at(n),
          ...(extra.answer?.question && { ...JSON.parse(extra.answer.question) }),
        },
        {
          ...common,
          id: `${chatflowid}-a${n}`,
          role: 'apiMessage',
          content: `answer ${n}`,
          sourceDocuments: extra.answer?.sourceDocuments ?? null,
          usedTools: extra.answer?.usedTools ?? null,
          fileUploads: null,
          artifacts: extra.answer?.artifacts ?? null,
          leadEmail: null,
          createdDate: new Date(Date.parse(at(n)) + 1000).toISOString(),
        },
      ])
      .execute();
  }

  async function rate(chatflowid: string, n: number, rating: string, content: string | null = null) {
    await server.database.db
      .insertInto('chat_message_feedback')
      .values({
        id: `fb-${chatflowid}-${n}`,
        chatflowid,
        chatId: `chat-${n}`,
        messageId: `${chatflowid}-a${n}`,
        rating,
        content,
        createdDate: at(n),
      })
      .execute();
  }

  const list = async (query: string, id = flowId) => {
    const response = await owner.request('GET', `/api/v1/chatmessage/${id}?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Row[]>();
  };
  const sessionsOf = (rows: Row[]) => [...new Set(rows.map((r) => r.sessionId))];

  beforeAll(async () => {
    server = await startTestServer({ engine });
    owner = await ownerSession(server.app);
    const create = async (name: string, type: string) =>
      (await owner.request('POST', '/api/v1/chatflows', { name, type, flowData: EMPTY_FLOW })).json<{
        id: string;
      }>().id;
    flowId = await create('Support', 'CHATFLOW');
    agentflowId = await create('Agent', 'AGENTFLOW');
    // Twelve sessions, s1 (oldest, from the API) to s12 (newest).
    for (let n = 1; n <= 12; n++) {
      await exchange(flowId, n, {
        ...(n === 1 && { chatType: 'EXTERNAL' }),
        ...(n === 5 && {
          memoryType: 'Buffer Memory',
          answer: {
            usedTools: JSON.stringify([{ tool: 'calculator', toolInput: { a: 1 }, toolOutput: '2' }]),
            sourceDocuments: JSON.stringify([
              { pageContent: 'manual page', metadata: { source: 'manual.pdf' } },
            ]),
            artifacts: JSON.stringify([{ type: 'png', data: 'FILE-STORAGE::chart.png' }]),
            question: JSON.stringify({
              leadEmail: 'lead@example.com',
              fileUploads: JSON.stringify([{ type: 'stored-file', name: 'notes.txt', mime: 'text/plain' }]),
            }),
          },
        }),
      });
    }
    await rate(flowId, 12, 'THUMBS_UP', 'great');
    await rate(flowId, 3, 'THUMBS_DOWN', 'wrong answer');
    await exchange(agentflowId, 1);
    await key('chat viewer', ['chatflows:view']);
    await key('chat editor', ['chatflows:view', 'chatflows:update']);
    await key('exporter without flows', ['workspace:export']);
    await key('chat exporter', ['workspace:export', 'chatflows:view']);
  });
  afterAll(async () => {
    await server.close();
  });

  describe('the session-paged list', () => {
    it('pages sessions, not messages: 10 sessions newest first, then the rest', async () => {
      const first = await list('order=DESC&page=1&limit=10&feedback=true');
      expect(first).toHaveLength(20);
      expect(sessionsOf(first)).toEqual(['s12', 's11', 's10', 's9', 's8', 's7', 's6', 's5', 's4', 's3']);
      expect(first[0]).toMatchObject({
        role: 'apiMessage',
        content: 'answer 12',
        feedback: { rating: 'THUMBS_UP' },
      });
      const second = await list('order=DESC&page=2&limit=10&feedback=true');
      expect(sessionsOf(second)).toEqual(['s2', 's1']);
      expect(await list('order=DESC&page=3&limit=10&feedback=true')).toEqual([]);
      const stats = (await owner.request('GET', `/api/v1/stats/${flowId}`)).json();
      expect(stats).toEqual({ totalMessages: 24, totalSessions: 12, totalFeedback: 2, positiveFeedback: 1 });
    });

    it('filters the page by source, dates and rating', async () => {
      const api = await list(`page=1&limit=10&feedback=true&chatType=${encodeURIComponent('["EXTERNAL"]')}`);
      expect(sessionsOf(api)).toEqual(['s1']);
      const ui = await list(`page=1&limit=10&chatType=INTERNAL&chatType=MCP`);
      expect(sessionsOf(ui)).toHaveLength(10);
      expect(ui[0]).not.toHaveProperty('feedback');
      const window = await list(`page=1&limit=10&startDate=${at(4)}&endDate=${at(5)}`);
      expect(sessionsOf(window)).toEqual(['s5', 's4']);
      const negative = await list('page=1&limit=10&feedback=true&feedbackType=THUMBS_DOWN');
      expect(negative.map((r) => r.content)).toEqual(['answer 3', 'question 3']);
      const rated = await list(
        `page=1&limit=10&feedback=true&feedbackType=${encodeURIComponent('["THUMBS_UP","THUMBS_DOWN"]')}`,
      );
      expect(sessionsOf(rated)).toEqual(['s12', 's3']);
    });

    it('reads one conversation oldest first with its parsed tools, sources and uploads', async () => {
      const rows = await list(
        'chatId=chat-5&memoryType=Buffer%20Memory&sessionId=s5&order=ASC&feedback=true',
      );
      expect(rows.map((r) => r.content)).toEqual(['question 5', 'answer 5']);
      expect(rows[0]).toMatchObject({
        leadEmail: 'lead@example.com',
        fileUploads: [{ type: 'stored-file', name: 'notes.txt' }],
      });
      expect(rows[1]).toMatchObject({
        usedTools: [{ tool: 'calculator' }],
        sourceDocuments: [{ pageContent: 'manual page' }],
        feedback: null,
      });
    });

    it('refuses bad dates, a reversed range, huge limits and pages, and oversized ids', async () => {
      const cases: [string, string | RegExp][] = [
        ['startDate=yesterday', 'startDate must be a date, e.g. 2025-01-31'],
        [`startDate=${at(10)}&endDate=${at(1)}`, 'startDate must not be after endDate'],
        ['page=1&limit=5000', /limit must be a whole number from 1 to 1000/],
        ['page=0&limit=10', /page must be a whole number from 1/],
        ['page=x&limit=10', /page must be a whole number from 1/],
        [`chatId=${'x'.repeat(300)}`, /chatId must be at most 255 characters/],
        ['chatType=PRIVATE', /chatType must be one of/],
      ];
      for (const [query, message] of cases) {
        const response = await owner.request('GET', `/api/v1/chatmessage/${flowId}?${query}`);
        expect(response.statusCode, query).toBe(400);
        expect(response.json().message, query).toMatch(message);
      }
    });

    it('refuses a reversed range on the stats too', async () => {
      const response = await owner.request(
        'GET',
        `/api/v1/stats/${flowId}?startDate=${at(10)}&endDate=${at(1)}`,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('startDate must not be after endDate');
    });

    it('opens an agentflow only to the agentflow family', async () => {
      expect((await withKey('chat viewer', 'GET', `/api/v1/chatmessage/${flowId}`)).statusCode).toBe(200);
      expect((await withKey('chat viewer', 'GET', `/api/v1/chatmessage/${agentflowId}`)).statusCode).toBe(
        403,
      );
      expect((await withKey('chat viewer', 'GET', `/api/v1/stats/${agentflowId}`)).statusCode).toBe(403);
      expect((await owner.request('GET', `/api/v1/chatmessage/${agentflowId}`)).json()).toHaveLength(2);
    });
  });

  describe('export', () => {
    const exportBody = (extra: object = {}) => ({
      chatflowId: flowId,
      startDate: at(-60),
      endDate: at(60),
      ...extra,
    });

    it('answers the conversations as an attachment: newest first, messages oldest first', async () => {
      const response = await owner.request('POST', '/api/v1/export-import/chatflow-messages', exportBody());
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers['content-disposition']).toBe(`attachment; filename="${flowId}-Message.json"`);
      const conversations = response.json<Record<string, unknown>[]>();
      expect(conversations.map((c) => c.id)).toEqual(Array.from({ length: 12 }, (_, i) => `chat-${12 - i}`));
      expect(conversations[0]).toEqual({
        id: 'chat-12',
        source: 'UI',
        sessionId: 's12',
        memoryType: null,
        email: null,
        messages: [
          { content: 'question 12', role: 'user', time: at(12) },
          { content: 'answer 12', role: 'bot', time: expect.any(String), feedback: 'great' },
        ],
      });
      expect(conversations.at(-1)).toMatchObject({ id: 'chat-1', source: 'API/Embed' });
      const five = conversations.find((c) => c.id === 'chat-5') as {
        memoryType: string;
        email: string;
        messages: Record<string, unknown>[];
      };
      expect(five.memoryType).toBe('Buffer Memory');
      expect(five.email).toBe('lead@example.com');
      expect(five.messages[0]!.filePaths).toEqual([
        expect.stringMatching(new RegExp(`storage[/\\\\]${flowId}[/\\\\]chat-5[/\\\\]notes\\.txt$`)),
      ]);
      expect(five.messages[1]).toMatchObject({
        usedTools: [{ tool: 'calculator' }],
        sourceDocuments: [{ pageContent: 'manual page' }],
        artifacts: [
          {
            type: 'png',
            data: `${server.config.appUrl}/api/v1/get-upload-file?chatflowId=${flowId}&chatId=chat-5&fileName=chart.png`,
          },
        ],
      });
    });

    it('applies source, rating and date filters', async () => {
      const post = (extra: object) =>
        owner.request('POST', '/api/v1/export-import/chatflow-messages', exportBody(extra));
      const api = (await post({ chatType: ['EXTERNAL'] })).json<{ id: string }[]>();
      expect(api.map((c) => c.id)).toEqual(['chat-1']);
      const negative = (await post({ feedbackType: ['THUMBS_DOWN'] })).json<
        { id: string; messages: { role: string; feedback?: string }[] }[]
      >();
      expect(negative).toEqual([
        expect.objectContaining({
          id: 'chat-3',
          messages: [
            expect.objectContaining({ role: 'user' }),
            expect.objectContaining({ role: 'bot', feedback: 'wrong answer' }),
          ],
        }),
      ]);
      expect((await post({ startDate: at(100), endDate: at(200) })).json()).toEqual([]);
    });

    it('needs workspace:export and the flow family, and refuses bad bodies', async () => {
      const url = '/api/v1/export-import/chatflow-messages';
      expect((await server.app.inject({ method: 'POST', url, payload: exportBody() })).statusCode).toBe(401);
      expect((await withKey('chat viewer', 'POST', url, exportBody())).statusCode).toBe(403);
      expect((await withKey('exporter without flows', 'POST', url, exportBody())).statusCode).toBe(403);
      expect((await withKey('chat exporter', 'POST', url, exportBody())).statusCode).toBe(200);
      expect(
        (await withKey('chat exporter', 'POST', url, exportBody({ chatflowId: agentflowId }))).statusCode,
      ).toBe(403);
      const missing = await owner.request('POST', url, { startDate: at(0) });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toBe('chatflowId is required');
      const unknown = await owner.request('POST', url, exportBody({ chatflowId: 'nope' }));
      expect(unknown.statusCode).toBe(404);
      const badDate = await owner.request('POST', url, exportBody({ endDate: 'soon' }));
      expect(badDate.statusCode).toBe(400);
      expect(badDate.json().message).toBe('endDate must be a date, e.g. 2025-01-31');
      const reversed = await owner.request('POST', url, exportBody({ startDate: at(60), endDate: at(0) }));
      expect(reversed.json().message).toBe('startDate must not be after endDate');
      const badType = await owner.request('POST', url, exportBody({ feedbackType: ['MEH'] }));
      expect(badType.statusCode).toBe(400);
    });

    it('writes every conversation of a flow with more than one batch of them, in order', async () => {
      const CONVERSATIONS = 2 * CONVERSATIONS_PER_BATCH + 50;
      const big = (
        await owner.request('POST', '/api/v1/chatflows', {
          name: 'Busy',
          type: 'CHATFLOW',
          flowData: EMPTY_FLOW,
        })
      ).json<{ id: string }>().id;
      const rows = [];
      for (let n = 1; n <= CONVERSATIONS; n++) {
        for (const role of ['userMessage', 'apiMessage']) {
          rows.push({
            id: `${big}-${role}-${n}`,
            role,
            chatflowid: big,
            executionId: null,
            content: `${role} ${n}`,
            sourceDocuments: null,
            usedTools: null,
            fileAnnotations: null,
            agentReasoning: null,
            reasonContent: null,
            fileUploads: null,
            artifacts: null,
            action: null,
            chatType: 'INTERNAL',
            chatId: `c${n}`,
            memoryType: null,
            sessionId: `c${n}`,
            leadEmail: null,
            followUpPrompts: null,
            createdDate: new Date(BASE + n * 1000 + (role === 'apiMessage' ? 500 : 0)).toISOString(),
          });
        }
      }
      for (let start = 0; start < rows.length; start += 100)
        await server.database.db
          .insertInto('chat_message')
          .values(rows.slice(start, start + 100))
          .execute();
      const response = await owner.request('POST', '/api/v1/export-import/chatflow-messages', {
        chatflowId: big,
      });
      const conversations = response.json<{ id: string; messages: { role: string }[] }[]>();
      expect(conversations).toHaveLength(CONVERSATIONS);
      expect(conversations.map((c) => c.id)).toEqual(
        Array.from({ length: CONVERSATIONS }, (_, i) => `c${CONVERSATIONS - i}`),
      );
      expect(conversations.every((c) => c.messages.map((m) => m.role).join() === 'user,bot')).toBe(true);
    });
  });

  describe('delete', () => {
    const count = async () =>
      (await owner.request('GET', `/api/v1/stats/${flowId}`)).json<{ totalMessages: number }>().totalMessages;

    it('needs the update permission of the flow family', async () => {
      const response = await withKey('chat viewer', 'DELETE', `/api/v1/chatmessage/${flowId}?chatId=chat-4`);
      expect(response.statusCode).toBe(403);
      expect(await count()).toBe(24);
      expect((await withKey('chat editor', 'DELETE', `/api/v1/chatmessage/${agentflowId}`)).statusCode).toBe(
        403,
      );
    });

    it('clears one session as the viewer asks, and refuses bad filters', async () => {
      const bad = await owner.request(
        'DELETE',
        `/api/v1/chatmessage/${flowId}?startDate=${at(9)}&endDate=${at(1)}`,
      );
      expect(bad.statusCode).toBe(400);
      expect(
        (await owner.request('DELETE', `/api/v1/chatmessage/${flowId}?hardDelete=maybe`)).statusCode,
      ).toBe(400);
      expect(await count()).toBe(24);
      const response = await withKey(
        'chat editor',
        'DELETE',
        `/api/v1/chatmessage/${flowId}?chatId=chat-5&chatType=INTERNAL&memoryType=Buffer%20Memory&sessionId=s5&isClearFromViewMessageDialog=true`,
      );
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ deleted: 2 });
      expect(await count()).toBe(22);
    });

    it('deletes rated exchanges with their feedback, then a date range, then all with hardDelete', async () => {
      const rated = await owner.request(
        'DELETE',
        `/api/v1/chatmessage/${flowId}?feedbackType=THUMBS_DOWN&isClearFromViewMessageDialog=true`,
      );
      expect(rated.json()).toEqual({ deleted: 2 });
      const feedback = await server.database.db
        .selectFrom('chat_message_feedback')
        .select('messageId')
        .where('chatflowid', '=', flowId)
        .execute();
      expect(feedback.map((f) => f.messageId)).toEqual([`${flowId}-a12`]);
      const range = await owner.request(
        'DELETE',
        `/api/v1/chatmessage/${flowId}?startDate=${at(10)}&endDate=${at(11)}`,
      );
      expect(range.json()).toEqual({ deleted: 3 });
      const all = await owner.request('DELETE', `/api/v1/chatmessage/${flowId}?hardDelete=true`);
      expect(all.statusCode).toBe(200);
      expect(await count()).toBe(0);
      expect(
        await server.database.db
          .selectFrom('chat_message_feedback')
          .selectAll()
          .where('chatflowid', '=', flowId)
          .execute(),
      ).toEqual([]);
      // Other flows keep theirs.
      expect((await owner.request('GET', `/api/v1/chatmessage/${agentflowId}`)).json()).toHaveLength(2);
    });
  });
});
