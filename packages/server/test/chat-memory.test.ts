import { readFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FlowData } from '@flowloom/shared';
import { startTestLlmServer, type TestLlmServer } from '@flowloom/test-llm';
import {
  freshDatabase,
  openAiCredential,
  ownerSession,
  startTestServer,
  type Session,
  type TestDatabase,
  type TestServer,
} from './harness.js';

/**
 * A Conversation Chain whose memory is a table of the user's own PostgreSQL (Postgres Chat Memory),
 * in a flow of our own in Flowise's export shape, run through the app on the scripted LLM.
 */

const PG_URL = process.env.TEST_DATABASE_URL;
const FIXTURE = new URL('./fixtures/chat-memory/Postgres Conversation.json', import.meta.url);

type Sent = { messages: { role: string; content: string }[] };

describe.skipIf(!PG_URL)('Postgres Chat Memory in a chatflow', () => {
  let llm: TestLlmServer;
  let server: TestServer;
  let owner: Session;
  /** The user's own database the memory writes to (not the app's). */
  let userDb: TestDatabase;
  let userClient: pg.Client;
  let flowId: string;
  /** The flow's JSON, its memory on this port of the database server. */
  let flowOn: (port: string) => FlowData;
  let port: string;

  beforeAll(async () => {
    llm = await startTestLlmServer();
    server = await startTestServer({
      env: { OPENAI_BASE_URL: llm.openAiBaseUrl, FLOWLOOM_HTTP_ALLOW: '127.0.0.1' },
    });
    owner = await ownerSession(server.app);
    userDb = await freshDatabase('postgres');
    userClient = new pg.Client({ connectionString: userDb.url });
    await userClient.connect();
    const target = new URL(userDb.url);
    const openai = await openAiCredential(owner);
    // The credential names the only server its password may go to (the local server trusts it anyway).
    const credential = async (port: string) => {
      const saved = await owner.request('POST', '/api/v1/credentials', {
        name: `Visits database on ${port}`,
        credentialName: 'PostgresApi',
        plainDataObj: {
          user: decodeURIComponent(target.username),
          password: 'keeper-secret',
          server: `${target.hostname}:${port}`,
        },
      });
      expect(saved.statusCode, saved.body).toBe(201);
      return saved.json<{ id: string }>().id;
    };
    port = target.port || '5432';
    const credentials: Record<string, string> = {
      [port]: await credential(port),
      '9': await credential('9'),
    };
    const file = JSON.parse(readFileSync(FIXTURE, 'utf8')) as FlowData;
    flowOn = (port) => ({
      nodes: file.nodes.map((node) => {
        if (node.id === 'chatOpenAI_0') return { ...node, data: { ...node.data, credential: openai } };
        if (node.id !== 'postgresChatMemory_0') return node;
        const server = { host: target.hostname, port, database: target.pathname.slice(1) };
        return {
          ...node,
          data: { ...node.data, credential: credentials[port], inputs: { ...node.data.inputs, ...server } },
        };
      }),
      edges: file.edges,
    });
    const create = async (name: string, flowData: FlowData) => {
      const created = await owner.request('POST', '/api/v1/chatflows', {
        name,
        type: 'CHATFLOW',
        flowData: JSON.stringify(flowData),
      });
      expect(created.statusCode, created.body).toBe(201);
      return created.json<{ id: string }>().id;
    };
    flowId = await create('Lighthouse visits', flowOn(port));
  });
  afterAll(async () => {
    await server?.close();
    await llm?.close();
    await userClient?.end();
    await userDb?.drop();
  });
  beforeEach(() => llm.reset());

  const ask = (id: string, question: string, chatId: string) =>
    owner.request('POST', `/api/v1/internal-prediction/${id}`, { question, chatId, streaming: false });
  const sent = (n: number) => (llm.requests[n]!.body as Sent).messages.map((m) => [m.role, m.content]);
  const rows = async (sessionId: string) =>
    (
      await userClient.query<{ message: { type: string; data: { content: string } } }>(
        'SELECT message FROM keeper_visits WHERE session_id = $1 ORDER BY id',
        [sessionId],
      )
    ).rows.map(({ message }) => `${message.type}: ${message.data.content}`);

  it('gives the second question of a chat the first one, from the user’s table, and keeps another chat apart', async () => {
    for (const [question, chatId] of [
      ['I came by boat from Penrock', 'visitor-1'],
      ['Where did I come from?', 'visitor-1'],
      ['Where did I come from?', 'visitor-2'],
    ] as const) {
      const answer = await ask(flowId, question, chatId);
      expect(answer.statusCode, answer.body).toBe(200);
    }
    expect(sent(1).slice(1)).toEqual([
      ['user', 'I came by boat from Penrock'],
      ['assistant', 'Hello from the test LLM. You said: I came by boat from Penrock'],
      ['user', 'Where did I come from?'],
    ]);
    expect(sent(2).slice(1)).toEqual([['user', 'Where did I come from?']]);
    expect(await rows('visitor-1')).toEqual([
      'human: I came by boat from Penrock',
      'ai: Hello from the test LLM. You said: I came by boat from Penrock',
      'human: Where did I come from?',
      'ai: Hello from the test LLM. You said: Where did I come from?',
    ]);
    expect(await rows('visitor-2')).toHaveLength(2);
  });

  it('clearing a chat in the app deletes its turns from the user’s table, and only its', async () => {
    await ask(flowId, 'The fog horn woke me', 'visitor-3');
    await ask(flowId, 'I like the lamp room', 'visitor-4');
    const cleared = await owner.request(
      'DELETE',
      `/api/v1/chatmessage/${flowId}?chatId=visitor-3&chatType=INTERNAL`,
    );
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(await rows('visitor-3')).toEqual([]);
    expect(await rows('visitor-4')).toHaveLength(2);
    llm.reset();
    await ask(flowId, 'What woke me?', 'visitor-3');
    expect(sent(0).slice(1)).toEqual([['user', 'What woke me?']]);
  });

  it('a delete without a chat id clears the memories only with hardDelete, as in Flowise', async () => {
    await ask(flowId, 'I am here for the tour', 'visitor-6');
    const today = new Date().toISOString().slice(0, 10);
    const soft = await owner.request(
      'DELETE',
      `/api/v1/chatmessage/${flowId}?startDate=${today}T00:00:00.000Z&endDate=2999-01-01T00:00:00.000Z`,
    );
    expect(soft.statusCode, soft.body).toBe(200);
    expect(await rows('visitor-6')).toHaveLength(2);
    await ask(flowId, 'When does the tour start?', 'visitor-6');
    const hard = await owner.request('DELETE', `/api/v1/chatmessage/${flowId}?hardDelete=true`);
    expect(hard.statusCode, hard.body).toBe(200);
    expect(await rows('visitor-6')).toEqual([]);
  });

  it('names the memory when its database cannot be reached, and keeps a chat it cannot clear', async () => {
    await ask(flowId, 'Is the lamp lit tonight?', 'visitor-5');
    const move = (to: string) =>
      owner.request('PUT', `/api/v1/chatflows/${flowId}`, { flowData: JSON.stringify(flowOn(to)) });
    expect((await move('9')).statusCode).toBe(200);
    try {
      const answer = await ask(flowId, 'Hello?', 'visitor-5');
      expect(answer.statusCode, answer.body).toBe(500);
      expect(answer.json<{ message: string }>().message).toMatch(
        /Postgres Chat Memory \(127\.0\.0\.1:9\/flowloom_t_\w+\): connection refused/,
      );
      const cleared = await owner.request('DELETE', `/api/v1/chatmessage/${flowId}?chatId=visitor-5`);
      expect(cleared.statusCode).toBe(500);
      expect(cleared.json<{ message: string }>().message).toMatch(
        /^Postgres Chat Memory \(postgresChatMemory_0\): Postgres Chat Memory \(127\.0\.0\.1:9\/\w+\): connection refused$/,
      );
      const kept = await owner.request('GET', `/api/v1/chatmessage/${flowId}?chatId=visitor-5`);
      expect(kept.json<unknown[]>()).toHaveLength(2);
      expect(await rows('visitor-5')).toHaveLength(2);
    } finally {
      await move(port);
    }
  });
});
