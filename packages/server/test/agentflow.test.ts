import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentflowNodeType } from '@flowloom/engine';
import { agentEdge, agentNode } from './agentflow-fixtures.js';
import { ENGINES, ownerSession, startTestServer, type Session, type TestServer } from './harness.js';
import { parseSse } from './flowise-templates.js';

// Small node types: the server's handling of runs, traces and resumes does not depend on real models.
const def = (name: string) => ({
  label: name,
  name,
  version: 1,
  type: name,
  category: 'Agent Flows',
  baseClasses: [name],
  description: name,
  inputs: [{ label: 'Text', name: 'text', type: 'string', acceptVariable: true }],
});
const start: AgentflowNodeType = {
  icon: '',
  definition: def('startAgentflow'),
  run: (ctx) =>
    Promise.resolve({
      id: ctx.node.id,
      name: 'startAgentflow',
      input: { question: ctx.input },
      output: { content: '' },
      state: { ...ctx.state, visits: Number(ctx.state.visits ?? 0) + 1 },
    }),
};
const say: AgentflowNodeType = {
  icon: '',
  definition: def('directReplyAgentflow'),
  run(ctx) {
    if (ctx.inputs.text === 'fail') return Promise.reject(new Error('the reply broke'));
    ctx.run.emit('token', String(ctx.inputs.text));
    return Promise.resolve({
      id: ctx.node.id,
      name: 'directReplyAgentflow',
      input: {},
      output: { content: String(ctx.inputs.text), FLOWISE_CREDENTIAL_ID: 'secret-credential-id' },
      state: ctx.state,
    });
  },
};
const human: AgentflowNodeType = {
  icon: '',
  definition: def('humanInputAgentflow'),
  run: (ctx) =>
    Promise.resolve(
      ctx.humanInput
        ? {
            id: ctx.node.id,
            name: 'humanInputAgentflow',
            input: {},
            output: {
              content: '',
              conditions: [
                { isFulfilled: ctx.humanInput.type === 'proceed' },
                { isFulfilled: ctx.humanInput.type === 'reject' },
              ],
            },
            state: ctx.state,
          }
        : {
            id: ctx.node.id,
            name: 'humanInputAgentflow',
            input: { question: 'Send it?' },
            output: { content: 'Send it?', isWaitingForHumanInput: true },
            state: ctx.state,
          },
    ),
};
const node = agentNode;
const edge = agentEdge;
const registry = new Map([start, say, human].map((t) => [t.definition.name, t]));

const linear = {
  nodes: [
    node('start', 'startAgentflow', { startPersistState: true }),
    node('reply', 'directReplyAgentflow', { text: 'Hi, you said {{question}}' }),
  ],
  edges: [edge('start', 'reply')],
};
const approval = {
  nodes: [
    node('start', 'startAgentflow'),
    node('human', 'humanInputAgentflow'),
    node('yes', 'directReplyAgentflow', { text: 'sent' }),
    node('no', 'directReplyAgentflow', { text: 'cancelled' }),
  ],
  edges: [edge('start', 'human'), edge('human', 'yes', '0'), edge('human', 'no', '1')],
};

describe.each(ENGINES)('agentflow runs and executions on %s', (engine) => {
  let server: TestServer;
  let owner: Session;
  let linearId: string;
  let approvalId: string;

  beforeAll(async () => {
    server = await startTestServer({ engine, app: { agentflowRegistry: registry } });
    owner = await ownerSession(server.app);
    linearId = (
      await owner.request('POST', '/api/v1/chatflows', {
        name: 'Greeter',
        type: 'AGENTFLOW',
        flowData: JSON.stringify(linear),
      })
    ).json().id;
    approvalId = (
      await owner.request('POST', '/api/v1/chatflows', {
        name: 'Approver',
        type: 'AGENTFLOW',
        flowData: JSON.stringify(approval),
      })
    ).json().id;
  });
  afterAll(async () => server.close());

  const predict = (id: string, body: Record<string, unknown>) =>
    server.app.inject({ method: 'POST', url: `/api/v1/prediction/${id}`, payload: body });

  it('answers with the trace and an execution id, stores the execution and the linked messages', async () => {
    const response = await predict(linearId, { question: 'hello', chatId: 's1' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      text: 'Hi, you said hello',
      question: 'hello',
      chatId: 's1',
      sessionId: 's1',
    });
    expect(
      body.agentFlowExecutedData.map((e: { nodeId: string; status: string }) => [e.nodeId, e.status]),
    ).toEqual([
      ['start', 'FINISHED'],
      ['reply', 'FINISHED'],
    ]);
    expect(JSON.stringify(body)).not.toContain('secret-credential-id');
    const execution = (await owner.request('GET', `/api/v1/executions/${body.executionId}`)).json();
    expect(execution).toMatchObject({
      state: 'FINISHED',
      sessionId: 's1',
      agentflow: { name: 'Greeter' },
      isPublic: false,
    });
    expect(execution.executionData).toHaveLength(2);
    const messages = (await owner.request('GET', `/api/v1/chatmessage/${linearId}?chatId=s1`)).json();
    expect(messages.map((m: { executionId: string }) => m.executionId)).toEqual([
      body.executionId,
      body.executionId,
    ]);
  });

  it('carries flow state over to the next run of the session when the Start node persists it', async () => {
    await predict(linearId, { question: 'one', chatId: 's2' });
    const second = (await predict(linearId, { question: 'two', chatId: 's2' })).json();
    expect(second.agentFlowExecutedData[0].data.state.visits).toBe(2);
  });

  it('streams the v2 events: INPROGRESS, node steps, tokens, FINISHED, metadata, end', async () => {
    const events = parseSse((await predict(linearId, { question: 'x', streaming: true })).body);
    const names = events.map((e) => e.event);
    expect(names[0]).toBe('agentFlowEvent');
    expect(events[0]!.data).toBe('INPROGRESS');
    expect(names).toContain('nextAgentFlow');
    expect(names).toContain('agentFlowExecutedData');
    expect(names).not.toContain('start');
    expect(events.find((e) => e.event === 'token')!.data).toBe('Hi, you said x');
    expect(names.slice(-3)).toEqual(['agentFlowEvent', 'metadata', 'end']);
  });

  it('stops for a person, then resumes the same execution on proceed', async () => {
    const stopped = (await predict(approvalId, { question: 'send the mail', chatId: 'h1' })).json();
    expect(stopped.action).toMatchObject({
      mapping: { approve: 'Proceed', reject: 'Reject' },
      data: { nodeId: 'human' },
    });
    expect((await owner.request('GET', `/api/v1/executions/${stopped.executionId}`)).json()).toMatchObject({
      state: 'STOPPED',
    });
    const pending = (await owner.request('GET', `/api/v1/chatmessage/${approvalId}?chatId=h1`)).json();
    expect(pending[1].action).toMatchObject({ id: stopped.action.id });

    const resumed = (
      await predict(approvalId, { chatId: 'h1', humanInput: { type: 'proceed', startNodeId: 'human' } })
    ).json();
    expect(resumed.executionId).toBe(stopped.executionId);
    expect(resumed.text).toBe('sent');
    expect(resumed.question).toBe('Proceed');
    const execution = (await owner.request('GET', `/api/v1/executions/${stopped.executionId}`)).json();
    expect(execution.state).toBe('FINISHED');
    expect(execution.executionData.map((e: { nodeId: string }) => e.nodeId)).toEqual([
      'start',
      'human',
      'yes',
    ]);
    const after = (await owner.request('GET', `/api/v1/chatmessage/${approvalId}?chatId=h1`)).json();
    expect(after[1].action).toBeNull();

    const again = await predict(approvalId, { chatId: 'h1', humanInput: { type: 'proceed' } });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/Cannot resume execution .* in 'FINISHED' state/);
    const none = await predict(approvalId, { chatId: 'nobody', humanInput: { type: 'reject' } });
    expect(none.json().message).toMatch(/No previous execution found/);
  });

  it('resumes a stopped run after a server restart (the execution lives in the database)', async () => {
    const stopped = (await predict(approvalId, { question: 'ship it', chatId: 'restart-1' })).json();
    expect(stopped.action).toBeDefined();
    // A second server process on the same database: nothing of the first run is in memory there.
    const { createApp } = await import('../src/app.js');
    const restarted = await createApp({
      config: server.config,
      database: server.database,
      agentflowRegistry: registry,
    });
    try {
      const resumed = await restarted.inject({
        method: 'POST',
        url: `/api/v1/prediction/${approvalId}`,
        payload: { chatId: 'restart-1', humanInput: { type: 'reject' } },
      });
      expect(resumed.statusCode).toBe(200);
      expect(resumed.json()).toMatchObject({ executionId: stopped.executionId, text: 'cancelled' });
    } finally {
      await restarted.close();
    }
  });

  it('records a failing node as ERROR and answers 500 naming it', async () => {
    const broken = {
      nodes: [node('start', 'startAgentflow'), node('reply', 'directReplyAgentflow', { text: 'fail' })],
      edges: [edge('start', 'reply')],
    };
    const id = (
      await owner.request('POST', '/api/v1/chatflows', {
        name: 'Broken',
        type: 'AGENTFLOW',
        flowData: JSON.stringify(broken),
      })
    ).json().id;
    const response = await predict(id, { question: 'x', chatId: 'e1' });
    expect(response.statusCode).toBe(500);
    expect(response.json().message).toBe('reply (reply): the reply broke');
    const list = (await owner.request('GET', `/api/v1/executions?agentflowId=${id}`)).json();
    expect(list.data[0]).toMatchObject({ state: 'ERROR' });
    expect(list.data[0].executionData.at(-1)).toMatchObject({
      status: 'ERROR',
      data: { error: 'the reply broke' },
    });
  });

  it('refuses a flow with nodes this server lacks, naming them', async () => {
    const odd = {
      nodes: [node('start', 'startAgentflow'), node('x', 'spaceshipAgentflow')],
      edges: [edge('start', 'x')],
    };
    const id = (
      await owner.request('POST', '/api/v1/chatflows', {
        name: 'Odd',
        type: 'AGENTFLOW',
        flowData: JSON.stringify(odd),
      })
    ).json().id;
    const response = await predict(id, { question: 'x' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/spaceshipAgentflow/);
  });

  it('lists executions with filters and pages, shares one publicly, and deletes', async () => {
    const page = (await owner.request('GET', '/api/v1/executions?agentflowName=greet&page=1&limit=2')).json();
    expect(page.total).toBeGreaterThanOrEqual(4);
    expect(page.data).toHaveLength(2);
    expect((await owner.request('GET', '/api/v1/executions?state=STOPPED')).json().total).toBe(0);
    expect((await owner.request('GET', '/api/v1/executions?state=BOGUS')).statusCode).toBe(400);
    const id = page.data[0].id;
    expect(
      (await server.app.inject({ method: 'GET', url: `/api/v1/public-executions/${id}` })).statusCode,
    ).toBe(404);
    await owner.request('PUT', `/api/v1/executions/${id}`, { isPublic: true });
    const shared = await server.app.inject({ method: 'GET', url: `/api/v1/public-executions/${id}` });
    expect(shared.statusCode).toBe(200);
    expect(shared.body).not.toContain('secret-credential-id');
    const all = (await owner.request('GET', '/api/v1/executions?limit=100')).json();
    const deleted = await owner.request('DELETE', '/api/v1/executions', {
      executionIds: all.data.map((e: { id: string }) => e.id),
    });
    expect(deleted.json().deleted).toBe(all.total);
    expect((await owner.request('GET', '/api/v1/executions')).json().total).toBe(0);
    expect((await owner.request('DELETE', '/api/v1/executions', { executionIds: [] })).statusCode).toBe(400);
  });
});
