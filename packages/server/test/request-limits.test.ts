import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREDICTION_LIMITS } from '@flowloom/shared';
import { ownerSession, startTestServer, type TestServer } from './harness.js';

/**
 * Issue 10, finding 6: every field of a run request has a size limit, so what a visitor sends costs
 * the server in proportion. Before, an anonymous 40 MB `form` was stored as ~147 MB and answered as
 * 126 MB.
 */
describe('size limits of the run API', () => {
  let server: TestServer;
  let flowId: string;

  beforeAll(async () => {
    server = await startTestServer();
    const owner = await ownerSession(server.app);
    const node = (id: string, name: string, inputs: Record<string, unknown>) => ({
      id,
      type: 'agentFlow',
      position: { x: 0, y: 0 },
      data: {
        id,
        name,
        label: name,
        version: 1,
        type: name,
        category: 'Agent Flows',
        baseClasses: [],
        inputs,
      },
    });
    const flowData = JSON.stringify({
      nodes: [
        node('startAgentflow_0', 'startAgentflow', {
          startInputType: 'formInput',
          formInputTypes: [{ type: 'string', label: 'Text', name: 'text' }],
        }),
        node('directReplyAgentflow_0', 'directReplyAgentflow', { directReplyMessage: 'thanks' }),
      ],
      edges: [
        {
          id: 'e',
          source: 'startAgentflow_0',
          sourceHandle: 'startAgentflow_0-output-startAgentflow',
          target: 'directReplyAgentflow_0',
          targetHandle: 'directReplyAgentflow_0',
          type: 'agentFlow',
        },
      ],
    });
    const created = await owner.request('POST', '/api/v1/chatflows', {
      name: 'form',
      type: 'AGENTFLOW',
      isPublic: true,
      flowData,
    });
    flowId = created.json<{ id: string }>().id;
  });
  afterAll(() => server.close());

  const predict = (payload: Record<string, unknown>) =>
    server.app.inject({ method: 'POST', url: `/api/v1/prediction/${flowId}`, payload });

  it.each([
    [
      'question',
      { question: 'q'.repeat(PREDICTION_LIMITS.questionChars + 1) },
      'question is too long: at most 1,000,000 characters',
    ],
    [
      'form',
      { form: { text: 'x'.repeat(PREDICTION_LIMITS.formChars) } },
      'form is too large: at most 1,000,000 characters as JSON',
    ],
    [
      'form fields',
      { form: Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`f${i}`, 1])) },
      'form has too many fields: at most 100',
    ],
    [
      'history items',
      { question: 'q', history: Array.from({ length: 501 }, () => ({ role: 'userMessage', content: 'x' })) },
      'history is too long: at most 500 messages',
    ],
    [
      'history size',
      {
        question: 'q',
        history: [{ role: 'userMessage', content: 'x'.repeat(PREDICTION_LIMITS.historyChars) }],
      },
      'history is too large: at most 2,000,000 characters as JSON',
    ],
    [
      'overrideConfig',
      { question: 'q', overrideConfig: { systemMessage: 'x'.repeat(PREDICTION_LIMITS.overrideConfigChars) } },
      'overrideConfig is too large',
    ],
    [
      'uploads',
      {
        question: 'q',
        uploads: Array.from({ length: 11 }, () => ({
          type: 'url',
          name: 'a.png',
          data: 'https://x.test/a.png',
        })),
      },
      'Too many uploads: at most 10 a message',
    ],
    [
      'upload data',
      {
        question: 'q',
        uploads: [{ type: 'file', name: 'a.png', data: 'x'.repeat(PREDICTION_LIMITS.uploadDataChars + 1) }],
      },
      'An upload is too large',
    ],
  ])('refuses a %s over its limit with a 400 naming it, storing nothing', async (_name, payload, message) => {
    const before = await server.database.db.selectFrom('execution').select('id').execute();
    const response = await predict(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain(message);
    const after = await server.database.db.selectFrom('execution').select('id').execute();
    expect(after).toHaveLength(before.length);
  });

  it('runs a form within the limits, and answers in proportion to it', async () => {
    const form = { text: 'x'.repeat(500_000) };
    const response = await predict({ form });
    expect(response.statusCode).toBe(200);
    expect(response.body.length).toBeLessThan(4 * 500_000);
  });
});
