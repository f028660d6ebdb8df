// Agent graph overhead (issue 14): a ten-step Sequential Agents flow and a three-worker supervisor team,
// built from the real nodes with an instant model (the AI SDK's mock model answers at once), so what is
// measured is the server's side: node build, graph compile, supersteps, state, reasoning, checkpoints.
// Run as its own process with --expose-gc (see agent-graph.mjs).
import { createMemoryCheckpoints, runAgentGraph } from '@flowloom/engine';
import { chatflowNodes, createNodeRegistry } from '@flowloom/nodes';
import { MockLanguageModelV3 } from 'ai/test';

const STEPS = 10;
const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
};
const answer = (content) => ({
  content,
  finishReason: { unified: 'stop', raw: 'stop' },
  usage,
  warnings: [],
});

/** An instant chat model: text, or the supervisor's route calls in turn (three workers, then FINISH). */
function instantModel() {
  const order = ['worker_1', 'worker_2', 'worker_3', 'FINISH'];
  let call = 0;
  return new MockLanguageModelV3({
    doGenerate: (options) => {
      if (options.tools?.some((t) => t.name === 'route')) {
        const next = order[call++ % order.length];
        return Promise.resolve({
          ...answer([
            {
              type: 'tool-call',
              toolCallId: `c${call}`,
              toolName: 'route',
              input: JSON.stringify({ reasoning: 'r', next, instructions: `do part ${call}` }),
            },
          ]),
          finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
        });
      }
      return Promise.resolve(answer([{ type: 'text', text: 'ok' }]));
    },
  });
}

const instantChatModel = {
  icon: '',
  definition: {
    label: 'Instant',
    name: 'instantChatModel',
    version: 1,
    type: 'Instant',
    category: 'Chat Models',
    baseClasses: ['BaseChatModel'],
    description: 'instant',
    inputs: [],
  },
  init: () => ({
    kind: 'chatModel',
    label: 'Instant',
    provider: 'OpenAI',
    modelName: 'instant',
    model: instantModel(),
    settings: {},
    streaming: true,
    allowImageUploads: false,
  }),
};
const registry = createNodeRegistry([...chatflowNodes, instantChatModel]);

const node = (id, name, category, inputs = {}) => ({
  id,
  type: 'customNode',
  position: { x: 0, y: 0 },
  data: {
    id,
    label: id,
    name,
    category,
    inputs,
    outputs: {},
    inputParams: [],
    inputAnchors: [],
    outputAnchors: [],
  },
});
const edge = (source, target, input) => ({
  id: `${source}-${target}-${input}`,
  source,
  target,
  sourceHandle: `${source}-output-x-X`,
  targetHandle: `${target}-input-${input}-X`,
});
const ref = (id) => `{{${id}.data.instance}}`;

/** Start → ten LLM nodes in a row → End. */
function sequentialFlow() {
  const nodes = [
    node('model', 'instantChatModel', 'Chat Models'),
    node('start', 'seqStart', 'Sequential Agents', { model: ref('model') }),
  ];
  const edges = [edge('model', 'start', 'model')];
  let previous = 'start';
  for (let i = 1; i <= STEPS; i++) {
    const id = `llm${i}`;
    nodes.push(
      node(id, 'seqLLMNode', 'Sequential Agents', {
        llmNodeName: `Step ${i}`,
        systemMessagePrompt: 'You are step {n}.',
        promptValues: JSON.stringify({ n: String(i) }),
        conversationHistorySelection: 'last_message',
        sequentialNode: [ref(previous)],
      }),
    );
    edges.push(edge(previous, id, 'sequentialNode'));
    previous = id;
  }
  nodes.push(node('end', 'seqEnd', 'Sequential Agents', { sequentialNode: ref(previous) }));
  edges.push(edge(previous, 'end', 'sequentialNode'));
  return { nodes, edges };
}

/** A supervisor with three workers: 7 steps a run (supervisor, worker, … , supervisor FINISH). */
function teamFlow() {
  const nodes = [
    node('model', 'instantChatModel', 'Chat Models'),
    node('sup', 'supervisor', 'Multi Agents', { supervisorName: 'Lead', model: ref('model') }),
  ];
  const edges = [edge('model', 'sup', 'model')];
  for (let i = 1; i <= 3; i++) {
    nodes.push(
      node(`w${i}`, 'worker', 'Multi Agents', {
        workerName: `Worker ${i}`,
        workerPrompt: `You are worker ${i}.`,
        supervisor: ref('sup'),
      }),
    );
    edges.push(edge('sup', `w${i}`, 'supervisor'));
  }
  return { nodes, edges };
}

const services = {
  credentials: { get: () => Promise.reject(new Error('none')) },
  chatHistory: { load: () => Promise.resolve([]) },
  tools: { get: () => Promise.resolve(undefined) },
  http: () => Promise.reject(new Error('none')),
  sandbox: { run: () => Promise.reject(new Error('none')) },
  providerBaseUrls: {},
  addressCheck: () => undefined,
  runFlow: () => Promise.reject(new Error('none')),
  checkpoints: createMemoryCheckpoints(),
  logger: { debug() {}, warn() {}, error() {} },
  now: () => new Date(),
};

function runner(flow) {
  let n = 0;
  return () =>
    runAgentGraph(registry, services, {
      flowId: 'bench',
      flow,
      question: 'hello',
      chatId: `c${n}`,
      sessionId: `c${n++}`,
      history: [],
      streaming: true,
      emit: () => {},
      signal: new AbortController().signal,
      vars: {},
    });
}

const heap = () => {
  globalThis.gc?.();
  globalThis.gc?.();
  return process.memoryUsage().heapUsed / 1024 / 1024;
};

async function measure(flow, stepsPerRun, runs) {
  const runOnce = runner(flow);
  const first = await runOnce();
  if (first.agentReasoning.length !== stepsPerRun)
    throw new Error(`expected ${stepsPerRun} steps, got ${first.agentReasoning.length}`);
  for (let i = 0; i < 200; i++) await runOnce();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (let i = 0; i < runs; i++) await runOnce();
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const heapStart = heap();
  for (let i = 0; i < 2500; i++) await runOnce();
  const heapMid = heap();
  for (let i = 0; i < 2500; i++) await runOnce();
  const heapEnd = heap();
  return {
    runs,
    steps: stepsPerRun,
    msPerStep: wall / (runs * stepsPerRun),
    cpuMsPerStep: (cpu.user + cpu.system) / 1000 / (runs * stepsPerRun),
    heap: [heapStart, heapMid, heapEnd],
  };
}

const runs = Number(process.argv[2] ?? 1000);
const sequential = await measure(sequentialFlow(), STEPS, runs);
const team = await measure(teamFlow(), 7, runs);
console.log(JSON.stringify({ sequential, team }));
