import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildGraph, type ExecutedEntry } from '@flowloom/engine';
import type { FlowData } from '@flowloom/shared';
import { startTestLlmServer, type TestLlmServer } from '@flowloom/test-llm';
import { agentAgentflow } from './agentAgentflow/agentAgentflow.js';
import { flowEdge, flowNode, openAiModel, runTestFlow, testServices, tokens } from './common/test-harness.js';
import { conditionAgentAgentflow } from './conditionAgentAgentflow/conditionAgentAgentflow.js';
import { conditionAgentflow } from './conditionAgentflow/conditionAgentflow.js';
import { customFunctionAgentflow } from './customFunctionAgentflow/customFunctionAgentflow.js';
import { directReplyAgentflow } from './directReplyAgentflow/directReplyAgentflow.js';
import { httpAgentflow } from './httpAgentflow/httpAgentflow.js';
import { humanInputAgentflow } from './humanInputAgentflow/humanInputAgentflow.js';
import { iterationAgentflow } from './iterationAgentflow/iterationAgentflow.js';
import { llmAgentflow } from './llmAgentflow/llmAgentflow.js';
import { loopAgentflow } from './loopAgentflow/loopAgentflow.js';
import { createAgentflowRegistry } from './registry.js';
import { startAgentflow } from './startAgentflow/startAgentflow.js';

let llm: TestLlmServer;
beforeAll(async () => (llm = await startTestLlmServer()));
afterAll(() => llm.close());
beforeEach(() => llm.reset());

const services = (extra: Parameters<typeof testServices>[0] = {}) =>
  testServices({ providerBaseUrls: { openai: llm.openAiBaseUrl }, ...extra });
const start = (inputs: Record<string, unknown> = {}) => flowNode('startAgentflow_0', startAgentflow, inputs);
const llmNode = (id: string, inputs: Record<string, unknown> = {}, extra = {}) =>
  flowNode(id, llmAgentflow, { ...openAiModel('llmModel'), ...inputs }, extra);
const reply = (id: string, message: string) =>
  flowNode(id, directReplyAgentflow, { directReplyMessage: message });
const nodeIds = (entries: ExecutedEntry[]) => entries.map((e) => e.nodeId);
type Body = { messages: { role: string; content: unknown }[] };
const lastUserText = (i: number) =>
  String((llm.requests[i]!.body as Body).messages.filter((m) => m.role === 'user').at(-1)?.content);

describe('scenario 1: a linear run', () => {
  it('runs Start → LLM → Direct Reply in order, answers the LLM text, and only the reply streams', async () => {
    llm.script({ text: 'Bonjour le monde' });
    const flow: FlowData = {
      nodes: [start(), llmNode('llmAgentflow_0'), reply('directReplyAgentflow_0', '{{ llmAgentflow_0 }}')],
      edges: [
        flowEdge('startAgentflow_0', 'llmAgentflow_0'),
        flowEdge('llmAgentflow_0', 'directReplyAgentflow_0'),
      ],
    };
    const run = await runTestFlow(flow, { question: 'Hello' }, services());
    expect(run.state).toBe('FINISHED');
    expect(nodeIds(run.executionData)).toEqual([
      'startAgentflow_0',
      'llmAgentflow_0',
      'directReplyAgentflow_0',
    ]);
    expect(run.executionData.map((e) => e.previousNodeIds)).toEqual([
      [],
      ['startAgentflow_0'],
      ['llmAgentflow_0'],
    ]);
    expect(run.text).toBe('Bonjour le monde');
    expect(tokens(run.events)).toBe('Bonjour le monde');
    expect(run.events.filter((e) => e.event === 'token')).toHaveLength(1);
    const llmOutput = run.executionData[1]!.data.output!;
    expect(llmOutput.usageMetadata).toMatchObject({ input_tokens: expect.any(Number) });
    expect(lastUserText(0)).toBe('Hello');
  });
});

describe('scenarios 2–3: condition routing', () => {
  const routed = (conditions: unknown[]): FlowData => ({
    nodes: [
      start(),
      flowNode('conditionAgentflow_0', conditionAgentflow, { conditions }),
      reply('directReplyAgentflow_0', 'zero'),
      reply('directReplyAgentflow_1', 'one'),
      reply('directReplyAgentflow_2', 'else'),
    ],
    edges: [
      flowEdge('startAgentflow_0', 'conditionAgentflow_0'),
      flowEdge('conditionAgentflow_0', 'directReplyAgentflow_0', 0),
      flowEdge('conditionAgentflow_0', 'directReplyAgentflow_1', 1),
      flowEdge('conditionAgentflow_0', 'directReplyAgentflow_2', 2),
    ],
  });
  const rows = [
    { type: 'string', value1: '<p>{{ question }}</p>', operation: 'equal', value2: '<p>a</p>' },
    { type: 'string', value1: '{{question}}', operation: 'contains', value2: 'b' },
  ];

  it.each([
    ['a', 'zero'],
    ['xbx', 'one'],
    ['zzz', 'else'],
    ['ab', 'one'],
    ['ba', 'one'],
  ])('routes %j to the %s branch only', async (question, answer) => {
    const run = await runTestFlow(routed(rows), { question }, services());
    expect(run.text).toBe(answer);
    expect(run.executionData).toHaveLength(3);
  });

  it('takes only the first matching row, and marks Else when nothing matched', async () => {
    const both = [
      { type: 'string', value1: '{{question}}', operation: 'contains', value2: 'a' },
      { type: 'string', value1: '{{question}}', operation: 'contains', value2: 'b' },
    ];
    const first = await runTestFlow(routed(both), { question: 'ab' }, services());
    expect(first.text).toBe('zero');
    const none = await runTestFlow(routed(both), { question: 'zzz' }, services());
    const conditions = none.executionData[1]!.data.output!.conditions!;
    expect(conditions.map((c) => c.isFulfilled)).toEqual([false, false, true]);
  });

  it.each([
    [{ type: 'number', value1: '10', operation: 'largerEqual', value2: 9.5 }, true],
    [{ type: 'string', value1: '3.14', operation: 'regex', value2: '^\\d+\\.\\d+$' }, true],
    [{ type: 'string', value1: 'abc', operation: 'regex', value2: '([' }, false],
    [{ type: 'string', value1: '{{ $flow.state.missing }}', operation: 'isEmpty', value2: '' }, false],
    [{ type: 'boolean', value1: true, operation: 'notEqual', value2: false }, true],
    [{ type: 'string', value1: '<p><strong>a</strong></p>', operation: 'equal', value2: 'a' }, true],
    [{ type: 'string', value1: '**a**', operation: 'equal', value2: '_a_' }, true],
  ])('evaluates %j as %s', async (row, expected) => {
    const run = await runTestFlow(routed([row]), { question: 'q' }, services());
    expect(run.executionData[1]!.data.output!.conditions![0]!.isFulfilled).toBe(expected);
  });
});

describe('scenario 4: condition agent', () => {
  const flow = (): FlowData => ({
    nodes: [
      start(),
      flowNode('conditionAgentAgentflow_0', conditionAgentAgentflow, {
        ...openAiModel('conditionAgentModel'),
        conditionAgentInstructions: 'Classify the request',
        conditionAgentScenarios: [
          { scenario: 'billing issue' },
          { scenario: 'technical support' },
          { scenario: 'other' },
        ],
      }),
      reply('directReplyAgentflow_0', 'billing'),
      reply('directReplyAgentflow_1', 'tech'),
      reply('directReplyAgentflow_2', 'other'),
    ],
    edges: [
      flowEdge('startAgentflow_0', 'conditionAgentAgentflow_0'),
      flowEdge('conditionAgentAgentflow_0', 'directReplyAgentflow_0', 0),
      flowEdge('conditionAgentAgentflow_0', 'directReplyAgentflow_1', 1),
      flowEdge('conditionAgentAgentflow_0', 'directReplyAgentflow_2', 2),
    ],
  });

  it('matches a reply that starts a scenario', async () => {
    llm.script({ text: '{"output":"tech"}' });
    const run = await runTestFlow(flow(), { question: 'my router is broken' }, services());
    expect(run.text).toBe('tech');
    const conditions = run.executionData[1]!.data.output!.conditions!;
    expect(conditions.map((c) => c.isFulfilled)).toEqual([false, true, false]);
    expect(lastUserText(0)).toContain('my router is broken');
  });

  it('reads a fenced reply, and sends an unrelated one to the last scenario', async () => {
    llm.script({ text: '```json\n{"output": "Billing Issue"}\n```' }, { text: '{"output":"weather"}' });
    expect((await runTestFlow(flow(), { question: 'q' }, services())).text).toBe('billing');
    expect((await runTestFlow(flow(), { question: 'q' }, services())).text).toBe('other');
  });

  it('fails the run on a reply that is not JSON', async () => {
    llm.script({ text: 'I think it is billing' });
    const saves: string[] = [];
    await expect(
      runTestFlow(
        flow(),
        { question: 'q', save: (s) => Promise.resolve(void saves.push(s.state)) },
        services(),
      ),
    ).rejects.toThrow(/Failed to parse a valid scenario/);
    expect(saves.at(-1)).toBe('ERROR');
  });
});

describe('scenario 6: loop', () => {
  it('runs the body max times, reads {{ loop_count }}, and answers the fallback', async () => {
    const flow: FlowData = {
      nodes: [
        start(),
        llmNode('llmAgentflow_0', {
          llmEnableMemory: false,
          llmMessages: [{ role: 'user', content: 'pass {{ loop_count }}' }],
        }),
        flowNode('loopAgentflow_0', loopAgentflow, {
          loopBackToNode: 'llmAgentflow_0-LLM 0',
          maxLoopCount: 3,
          fallbackMessage: 'done',
        }),
      ],
      edges: [flowEdge('startAgentflow_0', 'llmAgentflow_0'), flowEdge('llmAgentflow_0', 'loopAgentflow_0')],
    };
    const run = await runTestFlow(flow, { question: 'go' }, services());
    expect(nodeIds(run.executionData).filter((id) => id === 'llmAgentflow_0')).toHaveLength(3);
    expect(nodeIds(run.executionData).filter((id) => id === 'loopAgentflow_0')).toHaveLength(3);
    expect([0, 1, 2].map(lastUserText)).toEqual(['pass 0', 'pass 1', 'pass 2']);
    expect(run.executionData.at(-1)!.data.output!.content).toBe('done');
    expect(run.text).toBe('done');
  });
});

describe('scenarios 8–9: iteration', () => {
  const iterate = (input: string, child: ReturnType<typeof flowNode>): FlowData => ({
    nodes: [
      start({ startState: [{ key: 'acc', value: '0' }] }),
      flowNode('iterationAgentflow_0', iterationAgentflow, { iterationInput: input }),
      child,
      reply('directReplyAgentflow_0', '{{ iterationAgentflow_0 }}'),
    ],
    edges: [
      flowEdge('startAgentflow_0', 'iterationAgentflow_0'),
      flowEdge('iterationAgentflow_0', 'directReplyAgentflow_0'),
    ],
  });
  const echo = () =>
    llmNode(
      'llmAgentflow_0',
      { llmUserMessage: '[[reply:item {{ $iteration }}]]' },
      { parentNode: 'iterationAgentflow_0' },
    );

  it.each([['["a","b","c"]'], ["['a','b','c']"]])('runs a child LLM once per item of %s', async (input) => {
    const run = await runTestFlow(iterate(input, echo()), { question: 'q' }, services());
    const children = run.executionData.filter((e) => e.data.parentNodeId === 'iterationAgentflow_0');
    expect(children.map((e) => e.data.iterationIndex)).toEqual([0, 1, 2]);
    const iteration = run.executionData.find((e) => e.nodeId === 'iterationAgentflow_0')!;
    expect(iteration.data.output!.iterationResults).toEqual(['item a', 'item b', 'item c']);
    expect(run.text).toBe('item a\nitem b\nitem c');
  });

  it('reads paths of object items, and refuses an input that is not an array', async () => {
    const child = llmNode(
      'llmAgentflow_0',
      { llmUserMessage: '[[reply:{{ $iteration.task }}]]' },
      { parentNode: 'iterationAgentflow_0' },
    );
    const run = await runTestFlow(
      iterate('[{"task": "x"}, {task: "y"}]', child),
      { question: 'q' },
      services(),
    );
    expect(run.text).toBe('x\ny');
    await expect(runTestFlow(iterate('{"a": 1}', echo()), { question: 'q' }, services())).rejects.toThrow();
  });

  it('accumulates state from a child custom function across items', async () => {
    const child = flowNode(
      'customFunctionAgentflow_0',
      customFunctionAgentflow,
      {
        customFunctionJavascriptFunction: 'return String(Number($flow.state.acc) + 1);',
        customFunctionUpdateState: [{ key: 'acc', value: '{{ output }}' }],
      },
      { parentNode: 'iterationAgentflow_0' },
    );
    const run = await runTestFlow(iterate('[1,2,3]', child), { question: 'q' }, services());
    expect(run.flowState.acc).toBe('3');
    const children = run.executionData.filter((e) => e.nodeId === 'customFunctionAgentflow_0');
    expect(children.map((e) => e.data.output!.content)).toEqual(['1', '2', '3']);
  });
});

describe('scenarios 10–11: human input', () => {
  const flow = (): FlowData => ({
    nodes: [
      start(),
      flowNode('agentAgentflow_0', agentAgentflow, openAiModel('agentModel'), { label: 'Writer' }),
      flowNode('humanInputAgentflow_0', humanInputAgentflow, {
        humanInputDescriptionType: 'fixed',
        humanInputDescription: 'Send it?',
      }),
      llmNode('llmAgentflow_0', { llmUserMessage: '[[reply:sent]]' }),
      flowNode('loopAgentflow_0', loopAgentflow, {
        loopBackToNode: 'agentAgentflow_0-Writer',
        maxLoopCount: 5,
      }),
    ],
    edges: [
      flowEdge('startAgentflow_0', 'agentAgentflow_0'),
      flowEdge('agentAgentflow_0', 'humanInputAgentflow_0'),
      flowEdge('humanInputAgentflow_0', 'llmAgentflow_0', 0),
      flowEdge('humanInputAgentflow_0', 'loopAgentflow_0', 1),
    ],
  });

  async function firstRun() {
    llm.script({ text: 'Draft one' });
    const run = await runTestFlow(flow(), { question: 'write an email' }, services());
    expect(run.state).toBe('STOPPED');
    expect(run.executionData.at(-1)).toMatchObject({ nodeId: 'humanInputAgentflow_0', status: 'STOPPED' });
    expect(run.executionData.at(-1)!.data.output!.content).toBe('Draft one\n\nSend it?');
    expect(run.events.some((e) => e.event === 'action')).toBe(true);
    return run;
  }

  it('stops for a person, then proceeds to the LLM', async () => {
    const stopped = await firstRun();
    const run = await runTestFlow(
      flow(),
      {
        question: 'Proceed',
        resume: { executionData: stopped.executionData, humanInput: { type: 'proceed' } },
      },
      services(),
    );
    expect(run.state).toBe('FINISHED');
    const human = run.executionData.filter((e) => e.nodeId === 'humanInputAgentflow_0');
    expect(human).toHaveLength(1);
    expect(human[0]!.data.output!.conditions![0]!.isFulfilled).toBe(true);
    expect(run.text).toBe('sent');
  });

  it('on reject with feedback loops back to the agent, which sees the feedback, and stops again', async () => {
    const stopped = await firstRun();
    llm.script({ text: 'Draft two' });
    const run = await runTestFlow(
      flow(),
      {
        question: 'shorter',
        resume: {
          executionData: stopped.executionData,
          humanInput: { type: 'reject', startNodeId: 'humanInputAgentflow_0', feedback: 'shorter' },
        },
      },
      services(),
    );
    expect(run.state).toBe('STOPPED');
    expect(nodeIds(run.executionData).slice(-3)).toEqual([
      'loopAgentflow_0',
      'agentAgentflow_0',
      'humanInputAgentflow_0',
    ]);
    expect(lastUserText(1)).toBe('shorter');
    expect(run.executionData.at(-1)!.data.output!.content).toBe('Draft two\n\nSend it?');
  });
});

describe('scenario 12: agent tool approval', () => {
  const flow = (inIteration = false): FlowData => {
    const agent = flowNode(
      'agentAgentflow_0',
      agentAgentflow,
      {
        ...openAiModel('agentModel'),
        agentTools: [
          {
            agentSelectedTool: 'calculator',
            agentSelectedToolConfig: {},
            agentSelectedToolRequiresHumanInput: true,
          },
        ],
      },
      inIteration ? { parentNode: 'iterationAgentflow_0' } : {},
    );
    if (!inIteration)
      return { nodes: [start(), agent], edges: [flowEdge('startAgentflow_0', 'agentAgentflow_0')] };
    return {
      nodes: [
        start(),
        flowNode('iterationAgentflow_0', iterationAgentflow, { iterationInput: '[1]' }),
        agent,
      ],
      edges: [flowEdge('startAgentflow_0', 'iterationAgentflow_0')],
    };
  };
  const callCalculator = { toolCalls: [{ name: 'calculator', arguments: { input: '6*7' } }] };

  it('stops before the tool runs, and on proceed runs it and answers', async () => {
    llm.script(callCalculator);
    const stopped = await runTestFlow(flow(), { question: 'what is 6*7?' }, services());
    expect(stopped.state).toBe('STOPPED');
    const entry = stopped.executionData.at(-1)!;
    expect(entry.data.output).toMatchObject({ isWaitingForHumanInput: true });
    expect(String(entry.data.output!.content)).toContain('Attempting to use tool');
    expect(llm.requests).toHaveLength(1);

    // Proceed runs the saved pending call without asking the model again, then continues.
    const run = await runTestFlow(
      flow(),
      {
        question: 'Proceed',
        resume: { executionData: stopped.executionData, humanInput: { type: 'proceed' } },
      },
      services(),
    );
    expect(run.state).toBe('FINISHED');
    expect(run.text).toBe('The tool said 42');
    expect(llm.requests).toHaveLength(2);
    expect(run.lastEntry!.data.output!.usedTools).toEqual([
      { tool: 'calculator', toolInput: { input: '6*7' }, toolOutput: '42' },
    ]);
  });

  it('on reject asks the model again without the tool', async () => {
    llm.script(callCalculator);
    const stopped = await runTestFlow(flow(), { question: 'what is 6*7?' }, services());
    llm.script({ text: 'About 42, without a calculator' });
    const run = await runTestFlow(
      flow(),
      {
        question: 'Reject',
        resume: { executionData: stopped.executionData, humanInput: { type: 'reject' } },
      },
      services(),
    );
    expect(run.text).toBe('About 42, without a calculator');
    expect((llm.requests.at(-1)!.body as { tools?: unknown[] }).tools ?? []).toHaveLength(0);
  });

  it('runs the tool without asking inside an iteration', async () => {
    llm.script(callCalculator);
    const run = await runTestFlow(flow(true), { question: 'q' }, services());
    expect(run.state).toBe('FINISHED');
    expect(run.text).toBe('The tool said 42');
  });
});

describe('scenario 13: variables', () => {
  it('resolves question, state, vars, form, structured output paths and HTTP data in one input', async () => {
    const http = (url: string) =>
      Promise.resolve(Response.json({ id: 7, url }, { headers: { 'x-test': '1' } }));
    llm.script({ text: '{"subject":"Hi","body":"Text"}' });
    const flow: FlowData = {
      nodes: [
        start({ startInputType: 'formInput', startState: [{ key: 'k', value: 'v' }] }),
        llmNode('llmAgentflow_0', {
          llmStructuredOutput: [
            { key: 'subject', type: 'string', description: 'subject' },
            { key: 'body', type: 'string', description: 'body' },
          ],
        }),
        flowNode('httpAgentflow_0', httpAgentflow, { url: 'https://api.test/items' }),
        reply(
          'directReplyAgentflow_0',
          '<p>{{question}}|{{$flow.state.k}}|{{$vars.X}}|{{$form.email}}|{{llmAgentflow_0.output.subject}}|{{httpAgentflow_0}}|{{unknown}}|{{httpAgentflow_0.output.http.data}}</p>',
        ),
      ],
      edges: [
        flowEdge('startAgentflow_0', 'llmAgentflow_0'),
        flowEdge('llmAgentflow_0', 'httpAgentflow_0'),
        flowEdge('httpAgentflow_0', 'directReplyAgentflow_0'),
      ],
    };
    const run = await runTestFlow(
      flow,
      { question: '', form: { email: 'a@b.c' }, vars: { X: 'x1' } },
      services({ http }),
    );
    const data = JSON.stringify({ id: 7, url: 'https://api.test/items' });
    expect(run.text).toBe(`|v|x1|a@b.c|Hi|${data}|{{unknown}}|${data}`);
    expect(run.executionData[1]!.data.output).toMatchObject({ subject: 'Hi', body: 'Text' });
  });
});

describe('scenario 14: state update templates', () => {
  it('stores a structured path, the whole output, and keeps a missing path as written', async () => {
    llm.script({ text: '{"subject":"S1","body":"B1"}' });
    const flow: FlowData = {
      nodes: [
        start({
          startState: [
            { key: 's', value: '' },
            { key: 'all', value: '' },
            { key: 'm', value: '' },
          ],
        }),
        llmNode('llmAgentflow_0', {
          llmStructuredOutput: [
            { key: 'subject', type: 'string', description: 'subject' },
            { key: 'body', type: 'string', description: 'body' },
          ],
          llmUpdateState: [
            { key: 's', value: '<p>{{ output.subject }}</p>' },
            { key: 'all', value: '{{ output }}' },
            { key: 'm', value: '{{ output.missing }}' },
          ],
        }),
      ],
      edges: [flowEdge('startAgentflow_0', 'llmAgentflow_0')],
    };
    const run = await runTestFlow(flow, { question: 'q' }, services());
    expect(run.flowState).toEqual({
      s: 'S1',
      all: '{"subject":"S1","body":"B1"}',
      m: '{{ output.missing }}',
    });
  });

  it('starts a second run of the session from the persisted state', async () => {
    const flow: FlowData = {
      nodes: [
        start({ startPersistState: true, startState: [{ key: 'n', value: '0' }] }),
        flowNode('customFunctionAgentflow_0', customFunctionAgentflow, {
          customFunctionJavascriptFunction: 'return String(Number($flow.state.n) + 1);',
          customFunctionUpdateState: [{ key: 'n', value: '{{ output }}' }],
        }),
      ],
      edges: [flowEdge('startAgentflow_0', 'customFunctionAgentflow_0')],
    };
    const first = await runTestFlow(flow, { question: 'q' }, services());
    expect(first.flowState.n).toBe('1');
    const second = await runTestFlow(flow, { question: 'q', persistedState: first.flowState }, services());
    expect(second.flowState.n).toBe('2');
  });
});

describe('Flowise agentflow templates', () => {
  const dir = new URL('../../../../../shared/compat/flowise/agentflowsv2/', import.meta.url);
  const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
  const registry = createAgentflowRegistry();

  it.each(files)('%s uses only registered nodes and plans to a single start', (file) => {
    const flow = JSON.parse(readFileSync(new URL(file, dir), 'utf8')) as FlowData;
    for (const node of flow.nodes) expect(registry.has(node.data.name), node.data.name).toBe(true);
    const nodes = flow.nodes.filter((n) => n.data.name !== 'stickyNoteAgentflow');
    const graph = buildGraph(
      nodes.filter((n) => !n.parentNode),
      flow.edges,
    );
    expect(graph.roots).toEqual(['startAgentflow_0']);
    // Every input the template sets is one the node type declares (or a `<param>Config` form).
    for (const node of nodes) {
      const declared = new Set(registry.get(node.data.name)!.definition.inputs.map((i) => i.name));
      for (const name of Object.keys(node.data.inputs)) {
        if (name.endsWith('Config') || name === 'undefined') continue;
        expect(declared.has(name), `${node.data.name}.${name}`).toBe(true);
      }
    }
  });

  it('runs the Translator template end to end with the scripted model swapped in', async () => {
    const flow = JSON.parse(readFileSync(new URL('Translator.json', dir), 'utf8')) as FlowData;
    for (const node of flow.nodes)
      if (node.data.name === 'llmAgentflow') Object.assign(node.data.inputs, openAiModel('llmModel'));
    llm.script({ text: 'こんにちは' });
    const run = await runTestFlow(flow, { question: 'Hello' }, services());
    expect(run.text).toBe('こんにちは');
    expect(lastUserText(0)).toContain('Hello');
  });
});
