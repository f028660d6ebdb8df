import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestLlmServer, type ScriptedReply, type TestLlmServer } from '@flowloom/test-llm';
import type { FlowData, FlowNode } from '@flowloom/shared';
import { login, ownerSession, startTestServer, type Session, type TestServer } from './harness.js';
import { flowiseTemplate, parseSse, withCredential } from './flowise-templates.js';

/** The four Flowise "Agentflow V1" files (Sequential Agents and a supervisor team), flow type MULTIAGENT. */
const FILES = ['Branch Out Merge In', 'Essay Writing & Grading', 'Multi Agents', 'Software Team'] as const;

const route = (next: string, instructions = 'Do it'): ScriptedReply => ({
  toolCalls: [{ name: 'route', arguments: { reasoning: 'because', next, instructions } }],
});

/** What each file needs from the scripted model for one question, and what it must answer. */
const CASES: Record<(typeof FILES)[number], { replies: ScriptedReply[]; text: string; steps: string[] }> = {
  'Branch Out Merge In': {
    replies: [{ text: 'I am A' }, { text: 'I am B' }, { text: 'I am C' }, { text: 'I am D' }],
    text: 'I am D',
    steps: ['AgentA', 'AgentB', 'AgentC', 'AgentD'],
  },
  'Essay Writing & Grading': {
    replies: ['E1', 'C1', 'E2', 'C2', 'E3', 'C3', 'E4'].map((text) => ({ text })),
    text: 'E4',
    steps: [...Array(3).fill(['Writer', 'If loop > 3 times', 'Teacher']).flat(), 'Writer'],
  },
  'Multi Agents': {
    replies: [
      { text: '{"next":"code_reviewer","instructions":"Review","reasoning":"r"}' },
      { text: 'Looks good' },
      { text: '{"next":"FINISH","instructions":"Done","reasoning":"r"}' },
      { text: 'All reviewed' },
    ],
    text: 'All reviewed',
    steps: ['Supervisor', 'Condition', 'Code Reviewer', 'Supervisor', 'Condition', 'summarize'],
  },
  'Software Team': {
    replies: [route('code_reviewer'), { text: 'Reviewed the code' }, route('FINISH', '')],
    text: 'Reviewed the code',
    steps: ['Supervisor', 'Code Reviewer', 'Supervisor'],
  },
};

describe('Flowise agentflow v1 files (Sequential Agents, supervisor teams) through /prediction', () => {
  let llm: TestLlmServer;
  let server: TestServer;
  let owner: Session;
  let openai: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    llm = await startTestLlmServer();
    server = await startTestServer({
      env: { OPENAI_BASE_URL: llm.openAiBaseUrl, ANTHROPIC_BASE_URL: llm.openAiBaseUrl },
    });
    owner = await ownerSession(server.app);
    openai = (
      await owner.request('POST', '/api/v1/credentials', {
        name: 'openai',
        credentialName: 'openAIApi',
        plainDataObj: { openAIApiKey: 'sk-test' },
      })
    ).json().id;
    const anthropic = (
      await owner.request('POST', '/api/v1/credentials', {
        name: 'anthropic',
        credentialName: 'anthropicApi',
        plainDataObj: { anthropicApiKey: 'sk-ant' },
      })
    ).json().id;
    for (const name of FILES) {
      const flow = withCredential(
        withCredential(flowiseTemplate('agentflows', name), 'chatOpenAI', openai),
        'chatAnthropic',
        anthropic,
      );
      const created = await owner.request('POST', '/api/v1/chatflows', {
        name,
        type: 'MULTIAGENT',
        flowData: JSON.stringify(flow),
      });
      expect(created.statusCode, created.body).toBe(201);
      ids[name] = created.json().id;
    }
  });
  afterAll(async () => {
    await server.close();
    await llm.close();
  });

  const predict = (id: string, payload: Record<string, unknown>) =>
    server.app.inject({ method: 'POST', url: `/api/v1/prediction/${id}`, payload });

  it.each(FILES)('%s answers as JSON, with its agent reasoning stored on the message', async (name) => {
    const { replies, text, steps } = CASES[name];
    llm.reset();
    llm.script(...replies);
    const response = await predict(ids[name]!, { question: 'Please help', chatId: `json-${name}` });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.text).toBe(text);
    expect(body.agentReasoning.map((r: { agentName: string }) => r.agentName)).toEqual(steps);
    const stored = (
      await owner.request(
        'GET',
        `/api/v1/chatmessage/${ids[name]}?chatId=${encodeURIComponent(`json-${name}`)}`,
      )
    ).json();
    const answer = stored.find((m: { role: string }) => m.role === 'apiMessage');
    expect(answer, JSON.stringify(stored)).toBeDefined();
    expect(answer.content).toBe(text);
    expect(answer.agentReasoning).toHaveLength(steps.length);
  });

  it.each(FILES)('%s streams reasoning frames, the answer as one token, then metadata', async (name) => {
    const { replies, text, steps } = CASES[name];
    llm.reset();
    llm.script(...replies);
    const response = await predict(ids[name]!, { question: 'Please help', streaming: true });
    const events = parseSse(response.body);
    const kinds = events.map((e) => e.event);
    expect(kinds[0]).toBe('start');
    expect(Array.isArray(events[0]!.data)).toBe(true);
    const reasoning = events.filter((e) => e.event === 'agentReasoning').at(-1)!.data as {
      agentName: string;
    }[];
    expect(reasoning.map((r) => r.agentName)).toEqual(steps);
    expect(events.filter((e) => e.event === 'token').map((e) => e.data)).toEqual([text]);
    expect(kinds.slice(-5)).toEqual(['usedTools', 'sourceDocuments', 'artifacts', 'metadata', 'end']);
  });

  it('refuses a flow whose Start has no model with a message naming the node', async () => {
    const flow = flowiseTemplate('agentflows', 'Branch Out Merge In');
    flow.edges = flow.edges.filter((e) => !e.source.startsWith('chatAnthropic'));
    flow.nodes = flow.nodes.map((n) =>
      n.data.name === 'seqStart' ? { ...n, data: { ...n.data, inputs: { ...n.data.inputs, model: '' } } } : n,
    );
    const id = (
      await owner.request('POST', '/api/v1/chatflows', {
        name: 'No model',
        type: 'MULTIAGENT',
        flowData: JSON.stringify(flow),
      })
    ).json().id;
    const response = await predict(id, { question: 'Hi' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/Start \(seqStart_0\): Chat Model is not connected/);
  });

  describe('tool approval (Require Approval on an Agent)', () => {
    let approvalId: string;
    beforeAll(async () => {
      approvalId = (
        await owner.request('POST', '/api/v1/chatflows', {
          name: 'Approve tools',
          type: 'MULTIAGENT',
          flowData: JSON.stringify(approvalFlow(openai)),
        })
      ).json().id;
    });

    it('pauses before the tool, survives a restart, and runs the tool once approved', async () => {
      llm.reset();
      llm.script(
        { toolCalls: [{ name: 'calculator', arguments: { input: '6*7' } }] },
        { text: 'May I run the calculator on 6*7?' },
      );
      const first = await predict(approvalId, { question: 'What is 6*7?', chatId: 'approve-1' });
      expect(first.statusCode, first.body).toBe(200);
      const paused = first.json();
      expect(paused.text).toBe('May I run the calculator on 6*7?');
      expect(paused.action.mapping).toMatchObject({ approve: 'Yes', reject: 'No' });
      expect(paused.action.elements).toEqual([
        { type: 'approve-button', label: 'Yes' },
        { type: 'reject-button', label: 'No' },
      ]);
      const pending = (
        await owner.request('GET', `/api/v1/chatmessage/${approvalId}?chatId=approve-1`)
      ).json();
      expect(pending.find((m: { role: string }) => m.role === 'apiMessage').action.id).toBe(paused.action.id);

      server = await server.restart();
      owner = await login(server.app);

      llm.script({ text: 'It is 42.' });
      const approved = await predict(approvalId, {
        question: 'Yes',
        chatId: 'approve-1',
        action: paused.action,
      });
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json().text).toBe('It is 42.');
      // The model saw the tool's result; the reasoning shows the tool it used.
      expect(JSON.stringify(llm.requests.at(-1)!.body)).toContain('42');
      const agent = approved
        .json()
        .agentReasoning.find((r: { agentName: string }) => r.agentName === 'Mathematician');
      expect(agent.usedTools).toEqual([
        { tool: 'calculator', toolInput: { input: '6*7' }, toolOutput: '42' },
      ]);
      const after = (await owner.request('GET', `/api/v1/chatmessage/${approvalId}?chatId=approve-1`)).json();
      expect(after.every((m: { action: string | null }) => m.action === null)).toBe(true);
    });

    it('tells the agent the call was refused when the person rejects it', async () => {
      llm.reset();
      llm.script(
        { toolCalls: [{ name: 'calculator', arguments: { input: '1/0' } }] },
        { text: 'Run the calculator?' },
      );
      const paused = (await predict(approvalId, { question: 'Divide by zero', chatId: 'reject-1' })).json();
      llm.script({ text: 'Understood, I will not run it.' });
      const rejected = await predict(approvalId, {
        question: 'No',
        chatId: 'reject-1',
        action: paused.action,
      });
      expect(rejected.json().text).toBe('Understood, I will not run it.');
      expect(JSON.stringify(llm.requests.at(-1)!.body)).toContain('Tool calculator call denied by user');
    });

    it('ends the run naming the agent and the tool when the model calls it with wrong arguments', async () => {
      llm.reset();
      llm.script({ toolCalls: [{ name: 'calculator', arguments: { expression: 5 } }] }, { text: 'Run it?' });
      const paused = (await predict(approvalId, { question: 'Compute', chatId: 'bad-args-1' })).json();
      const failed = await predict(approvalId, {
        question: 'Yes',
        chatId: 'bad-args-1',
        action: paused.action,
      });
      expect(failed.statusCode).toBe(500);
      expect(failed.json().message).toMatch(/^Mathematician \(seqAgent_0\): Tool calculator failed: /);
      // Nothing is left waiting: a new question runs normally.
      llm.script({ text: 'Hello again.' });
      const next = await predict(approvalId, { question: 'Hi', chatId: 'bad-args-1' });
      expect(next.json().text).toBe('Hello again.');
    });

    it('treats typed text instead of a button as a new question', async () => {
      llm.reset();
      llm.script({ toolCalls: [{ name: 'calculator', arguments: { input: '2+2' } }] }, { text: 'Proceed?' });
      const paused = (await predict(approvalId, { question: 'Add 2 and 2', chatId: 'typed-1' })).json();
      llm.script({ text: 'Sure, something else then.' });
      const typed = await predict(approvalId, {
        question: 'Never mind',
        chatId: 'typed-1',
        action: paused.action,
      });
      expect(typed.json().text).toBe('Sure, something else then.');
      expect(typed.json().action).toBeUndefined();
    });
  });
});

/** Start (ChatOpenAI) → Agent "Mathematician" with a Calculator and Require Approval → End. */
function approvalFlow(credentialId: string): FlowData {
  const node = (id: string, name: string, label: string, category: string, inputs: Record<string, unknown>) =>
    ({
      id,
      type: 'customNode',
      position: { x: 0, y: 0 },
      data: {
        id,
        name,
        label,
        category,
        inputs,
        outputs: {},
        inputAnchors: [],
        inputParams: [],
        outputAnchors: [],
      },
    }) as unknown as FlowNode;
  const edge = (source: string, target: string, input: string, type: string) => ({
    id: `${source}-${target}`,
    source,
    target,
    sourceHandle: `${source}-output-x-${type}`,
    targetHandle: `${target}-input-${input}-${type}`,
    type: 'buttonedge',
  });
  const model = node('chatOpenAI_0', 'chatOpenAI', 'ChatOpenAI', 'Chat Models', { modelName: 'gpt-4o-mini' });
  model.data.credential = credentialId;
  return {
    nodes: [
      model,
      node('calculator_0', 'calculator', 'Calculator', 'Tools', {}),
      node('seqStart_0', 'seqStart', 'Start', 'Sequential Agents', {
        model: '{{chatOpenAI_0.data.instance}}',
      }),
      node('seqAgent_0', 'seqAgent', 'Agent', 'Sequential Agents', {
        agentName: 'Mathematician',
        systemMessagePrompt: 'You do arithmetic with the calculator.',
        tools: ['{{calculator_0.data.instance}}'],
        sequentialNode: ['{{seqStart_0.data.instance}}'],
        interrupt: true,
      }),
      node('seqEnd_0', 'seqEnd', 'End', 'Sequential Agents', {
        sequentialNode: '{{seqAgent_0.data.instance}}',
      }),
    ],
    edges: [
      edge('chatOpenAI_0', 'seqStart_0', 'model', 'BaseChatModel'),
      edge('calculator_0', 'seqAgent_0', 'tools', 'Tool'),
      edge('seqStart_0', 'seqAgent_0', 'sequentialNode', 'Start'),
      edge('seqAgent_0', 'seqEnd_0', 'sequentialNode', 'Agent'),
    ],
  } as FlowData;
}
