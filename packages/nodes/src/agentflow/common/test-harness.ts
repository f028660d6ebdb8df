import {
  createTestEngine,
  runAgentflow,
  type AgentflowNodeContext,
  type AgentflowNodeType,
  type AgentflowRunRequest,
  type EngineServices,
  type ExecutedEntry,
} from '@flowloom/engine';
import type { FlowData, FlowEdge, FlowNode } from '@flowloom/shared';
import { createNodeRegistry } from '../../registry.js';
import { createQuickJsSandbox } from '../../sandbox/quickjs.js';
import { createAgentflowRegistry } from '../registry.js';

/** Test-only helpers: v2 flows built in code, run with the real executor and the scripted LLM. */

export const TEST_CREDENTIALS = {
  openai: { credentialName: 'openAIApi', data: { openAIApiKey: 'sk-test' } },
};

/** `llmModel`/`llmModelConfig`-style inputs choosing ChatOpenAI on the scripted server. */
export function openAiModel(prefix: string, config: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    [prefix]: 'chatOpenAI',
    [`${prefix}Config`]: {
      modelName: 'gpt-4o-mini',
      temperature: 0,
      streaming: true,
      FLOWISE_CREDENTIAL_ID: 'openai',
      [prefix]: 'chatOpenAI',
      ...config,
    },
  };
}

export function flowNode(
  id: string,
  type: AgentflowNodeType,
  inputs: Record<string, unknown> = {},
  extra: { label?: string; parentNode?: string } = {},
): FlowNode {
  const { definition } = type;
  const defaults = Object.fromEntries(
    definition.inputs.filter((i) => i.default !== undefined).map((i) => [i.name, i.default]),
  );
  return {
    id,
    type: definition.name === 'iterationAgentflow' ? 'iteration' : 'agentFlow',
    position: { x: 0, y: 0 },
    ...(extra.parentNode && { parentNode: extra.parentNode, extent: 'parent' }),
    data: {
      id,
      label: extra.label ?? id,
      name: definition.name,
      version: definition.version,
      type: definition.type,
      baseClasses: definition.baseClasses,
      category: definition.category,
      inputParams: [],
      inputAnchors: [],
      inputs: { ...defaults, ...inputs },
      outputAnchors: [],
      outputs: {},
    },
  };
}

/** An edge from `source` (output handle `index`, or its single default output) to `target`. */
export function flowEdge(source: string, target: string, index?: number): FlowEdge {
  const name = source.replace(/_\d+$/, '');
  const sourceHandle = index === undefined ? `${source}-output-${name}` : `${source}-output-${index}`;
  return {
    id: `${source}-${sourceHandle}-${target}-${target}`,
    source,
    target,
    sourceHandle,
    targetHandle: target,
    type: 'agentFlow',
  };
}

export function testServices(overrides: Partial<EngineServices> = {}): EngineServices {
  return createTestEngine({
    nodes: [],
    credentials: TEST_CREDENTIALS,
    services: { sandbox: createQuickJsSandbox(), ...overrides },
  }).services;
}

export interface TestFlowRun {
  events: { event: string; data: unknown }[];
  saves: ExecutedEntry[][];
}

/** Runs a v2 flow with every Flowloom agentflow node, collecting events. */
export async function runTestFlow(
  flow: FlowData,
  request: Partial<Omit<AgentflowRunRequest, 'flow' | 'emit'>> & { question?: string },
  services: EngineServices,
) {
  const events: TestFlowRun['events'] = [];
  let id = 0;
  const result = await runAgentflow(createAgentflowRegistry(), services, {
    flowId: 'test-flow',
    chatId: 'test-chat',
    sessionId: 'test-chat',
    history: [],
    streaming: true,
    signal: new AbortController().signal,
    vars: {},
    question: '',
    newId: () => `action-${++id}`,
    save: () => Promise.resolve(),
    components: createNodeRegistry(),
    ...request,
    flow,
    emit: (event, data) => events.push({ event, data }),
  });
  return { ...result, events };
}

/** The `token` events of a run, joined. */
export function tokens(events: { event: string; data: unknown }[]): string {
  return events
    .filter((e) => e.event === 'token')
    .map((e) => String(e.data))
    .join('');
}

/** The context one node would get, for unit tests of a node's `run`. */
export function nodeContext(
  type: AgentflowNodeType,
  inputs: Record<string, unknown>,
  overrides: Partial<AgentflowNodeContext> & { services?: EngineServices; emitted?: unknown[][] } = {},
): AgentflowNodeContext {
  const { services = testServices(), emitted = [], ...rest } = overrides;
  const node = flowNode(`${type.definition.name}_0`, type, inputs).data;
  return {
    node,
    inputs: node.inputs,
    credential: () => Promise.resolve({}),
    run: {
      flowId: 'test-flow',
      chatId: 'test-chat',
      sessionId: 'test-chat',
      question: 'hello',
      history: [],
      streaming: true,
      emit: (event, data) => void emitted.push([event, data]),
      signal: new AbortController().signal,
      vars: {},
      services,
    },
    input: 'hello',
    state: {},
    form: {},
    runtimeHistory: [],
    isLastNode: false,
    executionData: [],
    resolve: (text) => text,
    ...rest,
  };
}
