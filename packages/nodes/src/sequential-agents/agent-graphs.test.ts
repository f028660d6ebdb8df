import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestEngine,
  runAgentGraph,
  type AgentGraphRunRequest,
  type EngineServices,
  type NodeRegistry,
} from '@flowloom/engine';
import type { FlowData } from '@flowloom/shared';
import { startTestLlmServer, type TestLlmServer } from '@flowloom/test-llm';
import { chatflowNodes } from '../registry.js';
import { createQuickJsSandbox } from '../sandbox/quickjs.js';
import { patchNodes } from '../testing/flow-builder.js';

let llm: TestLlmServer;
beforeAll(async () => (llm = await startTestLlmServer()));
afterAll(() => llm.close());
beforeEach(() => llm.reset());

const FILES = new URL('../../../../../shared/compat/flowise/agentflows/', import.meta.url);

/** A real Flowise agentflow file with its chat model pointed at the test credential. */
function agentflow(name: string): FlowData {
  const file = JSON.parse(readFileSync(new URL(`${name}.json`, FILES), 'utf8')) as FlowData;
  let flow: FlowData = { nodes: file.nodes, edges: file.edges };
  for (const model of ['chatOpenAI', 'chatAnthropic']) flow = patchNodes(flow, model, { credential: model });
  return flow;
}

type Body = {
  messages: { role: string; content: unknown }[];
  system?: unknown;
  tools?: { function?: { name: string }; name?: string }[];
};
const body = (i: number) => llm.requests[i]!.body as Body;
const systemOf = (i: number): string => {
  const b = body(i);
  if (typeof b.system === 'string') return b.system;
  if (Array.isArray(b.system)) return (b.system as { text: string }[]).map((s) => s.text).join('');
  const first = b.messages.find((m) => m.role === 'system');
  return typeof first?.content === 'string' ? first.content : '';
};

function engine(services: Partial<EngineServices> = {}) {
  return createTestEngine({
    nodes: [...chatflowNodes],
    credentials: {
      chatOpenAI: { credentialName: 'openAIApi', data: { openAIApiKey: 'sk-test' } },
      chatAnthropic: { credentialName: 'anthropicApi', data: { anthropicApiKey: 'sk-ant' } },
    },
    services: {
      providerBaseUrls: { openai: llm.openAiBaseUrl, anthropic: llm.openAiBaseUrl },
      sandbox: createQuickJsSandbox(),
      ...services,
    },
  });
}

async function run(
  registry: NodeRegistry,
  services: EngineServices,
  flow: FlowData,
  request: Partial<AgentGraphRunRequest> & { question: string },
) {
  const events: { event: string; data: unknown }[] = [];
  const result = await runAgentGraph(registry, services, {
    flowId: 'flow-1',
    flow,
    chatId: 'chat-1',
    sessionId: 'chat-1',
    history: [],
    streaming: true,
    emit: (event, data) => events.push({ event, data }),
    signal: new AbortController().signal,
    vars: {},
    ...request,
  });
  return { ...result, events };
}

describe('Software Team (supervisor and workers)', () => {
  it('routes to the worker the supervisor names, reports back, and finishes with the worker’s answer', async () => {
    const { registry, services } = engine();
    llm.script(
      {
        toolCalls: [
          {
            name: 'route',
            arguments: {
              reasoning: 'code first',
              next: 'senior_software_engineer',
              instructions: 'Write it',
            },
          },
        ],
      },
      { text: 'Here is the login page code.' },
      { toolCalls: [{ name: 'route', arguments: { reasoning: 'done', next: 'FINISH', instructions: '' } }] },
    );
    const result = await run(registry, services, agentflow('Software Team'), {
      question: 'Build a login page',
    });

    expect(result.text).toBe('Here is the login page code.');
    expect(result.agentReasoning.map((r) => [r.agentName, r.next ?? null])).toEqual([
      ['Supervisor', 'senior_software_engineer'],
      ['Senior Software Engineer', null],
      ['Supervisor', 'FINISH'],
    ]);
    expect(result.agentReasoning[1]!.messages).toEqual(['Here is the login page code.']);
    // The supervisor is forced to call `route`, whose `next` lists FINISH and the workers.
    const first = llm.requests[0]!.body as {
      tool_choice?: unknown;
      tools: { function: { parameters: unknown } }[];
    };
    expect(first.tool_choice).toEqual({ type: 'function', function: { name: 'route' } });
    expect(JSON.stringify(first.tools[0]!.function.parameters)).toContain(
      '["FINISH","senior_software_engineer","code_reviewer"]',
    );
    // The worker's prompt has its values filled and names the team.
    expect(systemOf(1)).toContain('Flowise Inc');
    expect(systemOf(1)).toContain('senior_software_engineer, code_reviewer');
    expect(result.events.map((e) => e.event)).toEqual(
      expect.arrayContaining(['start', 'agentReasoning', 'nextAgent', 'token']),
    );
    expect(result.events.find((e) => e.event === 'nextAgent')!.data).toBe('Senior Software Engineer');
  });

  it('answers with the supervisor’s summarization when Summarization is on (Flowise always drops it)', async () => {
    const { registry, services } = engine();
    const route = (next: string, extra: Record<string, string> = {}) => ({
      toolCalls: [{ name: 'route', arguments: { reasoning: 'r', next, instructions: 'i', ...extra } }],
    });
    llm.script(
      route('senior_software_engineer'),
      { text: 'Here is the login page code.' },
      route('FINISH', { summarization: 'A login page was written.' }),
    );
    const flow = patchNodes(agentflow('Software Team'), 'supervisor', { inputs: { summarization: true } });
    const result = await run(registry, services, flow, { question: 'Build a login page' });
    expect(result.text).toBe('A login page was written.');
    const first = llm.requests[0]!.body as { tools: { function: { parameters: unknown } }[] };
    expect(JSON.stringify(first.tools[0]!.function.parameters)).toContain('"summarization"');
  });

  it('fails naming the supervisor when it picks a worker the team does not have', async () => {
    const { registry, services } = engine();
    llm.script({
      toolCalls: [{ name: 'route', arguments: { reasoning: '', next: 'designer', instructions: 'x' } }],
    });
    await expect(
      run(registry, services, agentflow('Software Team'), { question: 'Build a login page' }),
    ).rejects.toThrow(/Supervisor.*"designer", which is not a worker of this team/);
  });
});

describe('Branch Out Merge In (fan-out, fan-in)', () => {
  it('runs B and C after A, and D once after both', async () => {
    const { registry, services } = engine();
    llm.script({ text: 'I am A' }, { text: 'I am B' }, { text: 'I am C' }, { text: 'I am D' });
    const result = await run(registry, services, agentflow('Branch Out Merge In'), {
      question: 'Who are you?',
    });
    expect(result.agentReasoning.map((r) => r.agentName)).toEqual(['AgentA', 'AgentB', 'AgentC', 'AgentD']);
    expect(result.text).toBe('I am D');
    expect(llm.requests).toHaveLength(4);
    // D sees what A, B and C said.
    expect(JSON.stringify(body(3).messages)).toContain('I am B');
    expect(JSON.stringify(body(3).messages)).toContain('I am C');
  });
});

describe('Essay Writing & Grading (condition, loop, agent memory)', () => {
  it('loops writer → teacher until the condition sends it to End, and remembers the thread', async () => {
    const { registry, services } = engine();
    llm.script(
      { text: 'Essay v1' },
      { text: 'Critique 1' },
      { text: 'Essay v2' },
      { text: 'Critique 2' },
      { text: 'Essay v3' },
      { text: 'Critique 3' },
      { text: 'Essay v4' },
    );
    const result = await run(registry, services, agentflow('Essay Writing & Grading'), {
      question: 'Write about rivers',
    });
    // Grading while there are at most 6 messages: the question plus seven answers ends it.
    const round = ['Writer', 'If loop > 3 times', 'Teacher'];
    expect(result.agentReasoning.map((r) => r.agentName)).toEqual([...round, ...round, ...round, 'Writer']);
    expect(result.agentReasoning[1]).toMatchObject({ messages: ['Grading'], nodeName: 'seqCondition' });
    expect(result.text).toBe('Essay v4');
    const checkpoint = await services.checkpoints.load('flow-1:chat-1');
    expect(checkpoint?.state.messages).toHaveLength(8);

    // Agent Memory: the next turn continues the same thread (9 messages: straight to End).
    llm.script({ text: 'Essay v5' });
    const next = await run(registry, services, agentflow('Essay Writing & Grading'), { question: 'Shorter' });
    expect(next.text).toBe('Essay v5');
    expect(JSON.stringify(body(7).messages)).toContain('Essay v4');
    expect(JSON.stringify(body(7).messages)).toContain('Shorter');
  });
});

describe('Multi Agents (LLM supervisor with structured output, state, condition, loops)', () => {
  it('routes on the state key the LLM node set and summarises at the end', async () => {
    const { registry, services } = engine();
    llm.script(
      { text: JSON.stringify({ next: 'software_engineer', instructions: 'Build it', reasoning: 'r' }) },
      { text: 'Code written' },
      { text: JSON.stringify({ next: 'FINISH', instructions: 'Done', reasoning: 'r' }) },
      { text: 'Summary: code written' },
    );
    const result = await run(registry, services, agentflow('Multi Agents'), { question: 'Make a todo app' });
    expect(result.agentReasoning.map((r) => r.agentName)).toEqual([
      'Supervisor',
      'Condition',
      'Software Engineer',
      'Supervisor',
      'Condition',
      'summarize',
    ]);
    expect(result.agentReasoning[0]!.state).toEqual({ next: 'software_engineer' });
    expect(result.text).toBe('Summary: code written');
  });
});

describe('bad input', () => {
  it('stops a loop that never reaches End at the recursion limit, naming the nodes', async () => {
    const { registry, services } = engine();
    // The condition always grades: the loop has no exit.
    const flow = patchNodes(agentflow('Essay Writing & Grading'), 'seqCondition', {
      inputs: {
        conditionUI: JSON.stringify([
          {
            variable: '$flow.state.messages.length',
            operation: 'Greater Than',
            value: '0',
            output: 'Grading',
          },
        ]),
      },
    });
    const error = await run(registry, services, flow, { question: 'Write' }).catch((e: unknown) => e);
    expect(String(error)).toMatch(/ran 25 steps without reaching an End node.*Writer|Teacher/);
  });

  it('refuses a Loop To that names no node', async () => {
    const { registry, services } = engine();
    const flow = patchNodes(agentflow('Essay Writing & Grading'), 'seqLoop', {
      inputs: { loopToName: 'Nobody' },
    });
    await expect(run(registry, services, flow, { question: 'Write' })).rejects.toThrow(
      /Loop To "nobody" is not the name of an agent, LLM, tool or function node of this flow/,
    );
  });
});
