// Executor overhead (issue 5): a 50-node linear agentflow whose nodes answer instantly, so what is
// measured is the executor itself (queue, waiting table, variable resolution, trace, events).
// Run as its own process with --expose-gc (see agentflow.mjs).
import { runAgentflow } from '@flowloom/engine';

const NODES = 50;
const def = (name) => ({
  label: name,
  name,
  version: 1,
  type: name,
  category: 'Agent Flows',
  baseClasses: [name],
  description: name,
  inputs: [{ label: 'Text', name: 'text', type: 'string', acceptVariable: true }],
});
/** An "instant model": resolves its prompt and answers at once. */
const instant = {
  icon: '',
  definition: def('instantAgentflow'),
  run: (ctx) =>
    Promise.resolve({
      id: ctx.node.id,
      name: 'instantAgentflow',
      input: { text: ctx.inputs.text },
      output: { content: `ok ${ctx.inputs.text}` },
      state: ctx.state,
    }),
};
const start = {
  icon: '',
  definition: def('startAgentflow'),
  run: (ctx) =>
    Promise.resolve({
      id: ctx.node.id,
      name: 'startAgentflow',
      input: {},
      output: { content: '' },
      state: { n: 1 },
    }),
};
const registry = new Map([
  ['instantAgentflow', instant],
  ['startAgentflow', start],
]);
const node = (id, name, inputs = {}) => ({
  id,
  type: 'agentFlow',
  position: { x: 0, y: 0 },
  data: {
    id,
    label: id,
    name,
    version: 1,
    type: name,
    baseClasses: [],
    category: 'Agent Flows',
    inputParams: [],
    inputAnchors: [],
    inputs,
    outputAnchors: [],
    outputs: {},
  },
});
const nodes = [node('start', 'startAgentflow')];
const edges = [];
for (let i = 1; i < NODES; i++) {
  nodes.push(
    node(`n${i}`, 'instantAgentflow', {
      text: `{{question}} #${i} {{$flow.state.n}} {{ ${i === 1 ? 'start' : `n${i - 1}`} }}`,
    }),
  );
  const source = i === 1 ? 'start' : `n${i - 1}`;
  edges.push({
    id: `${source}-n${i}`,
    source,
    target: `n${i}`,
    sourceHandle: `${source}-output-x`,
    targetHandle: `n${i}`,
  });
}
const flow = { nodes, edges };
const services = {
  credentials: { get: () => Promise.reject(new Error('none')) },
  chatHistory: { load: () => Promise.resolve([]) },
  tools: { get: () => Promise.resolve(undefined) },
  http: () => Promise.reject(new Error('none')),
  sandbox: { run: () => Promise.reject(new Error('none')) },
  providerBaseUrls: {},
  logger: { debug() {}, warn() {}, error() {} },
  now: () => new Date(),
};
const runOnce = () =>
  runAgentflow(registry, services, {
    flowId: 'bench',
    flow,
    question: 'hello',
    chatId: 'c',
    sessionId: 'c',
    history: [],
    streaming: true,
    emit: () => {},
    signal: new AbortController().signal,
    vars: {},
    save: () => Promise.resolve(),
  });

const heap = () => {
  globalThis.gc?.();
  globalThis.gc?.();
  return process.memoryUsage().heapUsed / 1024 / 1024;
};
for (let i = 0; i < 300; i++) await runOnce();
const runs = Number(process.argv[2] ?? 2000);
const cpu0 = process.cpuUsage();
const t0 = performance.now();
for (let i = 0; i < runs; i++) await runOnce();
const wall = performance.now() - t0;
const cpu = process.cpuUsage(cpu0);
const heapStart = heap();
for (let i = 0; i < 5000; i++) await runOnce();
const heapMid = heap();
for (let i = 0; i < 5000; i++) await runOnce();
const heapEnd = heap();
console.log(
  JSON.stringify({
    nodes: NODES,
    runs,
    msPerNode: wall / (runs * NODES),
    cpuMsPerNode: (cpu.user + cpu.system) / 1000 / (runs * NODES),
    heap: [heapStart, heapMid, heapEnd],
  }),
);
