import type { ChatTurn, FlowData } from '@flowloom/shared';
import { runChatflow, type ChatflowRunRequest, type ChatflowRunResult } from './chatflow-runner.js';
import type { AddressCheck, CustomToolRecord, EngineServices, NodeType } from './node-type.js';
import type { NodeRegistry } from './plan.js';
import { createMemoryCheckpoints, createMemoryRecords, createMemoryVectors } from './memory-services.js';

export interface TestEngineOptions {
  nodes: NodeType[];
  services?: Partial<EngineServices>;
  credentials?: Record<string, { credentialName: string; data: Record<string, unknown> }>;
  tools?: CustomToolRecord[];
  /** Stored history per session id. */
  history?: Record<string, ChatTurn[]>;
  now?: Date;
}

export interface TestRun extends ChatflowRunResult {
  /** Every event emitted, in order. */
  events: { event: string; data: unknown }[];
}

/** Tests talk to local fakes: every address may be reached (one function, so one model transport). */
const reachEverything: AddressCheck = () => undefined;

/**
 * The engine with in-memory services and a fixed clock, for tests: `run(flow, {question})` returns the
 * result and every event it emitted.
 */
export function createTestEngine(options: TestEngineOptions) {
  const registry: NodeRegistry = new Map(options.nodes.map((n) => [n.definition.name, n]));
  const services: EngineServices = {
    credentials: {
      get: (id) => {
        const found = options.credentials?.[id];
        return found ? Promise.resolve(found) : Promise.reject(new Error(`Credential ${id} not found`));
      },
    },
    chatHistory: { load: (_flowId, sessionId) => Promise.resolve(options.history?.[sessionId] ?? []) },
    tools: { get: (id) => Promise.resolve(options.tools?.find((t) => t.id === id)) },
    http: () => Promise.reject(new Error('No outbound HTTP in this test engine')),
    sandbox: { run: () => Promise.reject(new Error('No code sandbox in this test engine')) },
    providerBaseUrls: {},
    addressCheck: reachEverything,
    runFlow: () => Promise.reject(new Error('No other flows in this test engine')),
    files: { read: (name) => Promise.reject(new Error(`No stored file ${name} in this test engine`)) },
    vectors: createMemoryVectors(),
    records: createMemoryRecords(),
    documentStores: {
      list: () => Promise.resolve([]),
      get: () => Promise.resolve(undefined),
      chunks: (id) => Promise.reject(new Error(`Document store ${id} not found`)),
    },
    checkpoints: createMemoryCheckpoints(),
    logger: { debug() {}, warn() {}, error() {} },
    now: () => options.now ?? new Date('2026-01-01T00:00:00Z'),
    ...options.services,
  };
  return {
    registry,
    services,
    async run(
      flow: FlowData,
      request: Partial<Omit<ChatflowRunRequest, 'flow' | 'emit'>> & { question: string },
    ): Promise<TestRun> {
      const events: TestRun['events'] = [];
      const result = await runChatflow(registry, services, {
        flowId: 'test-flow',
        chatId: 'test-chat',
        sessionId: 'test-chat',
        history: [],
        streaming: false,
        signal: new AbortController().signal,
        vars: {},
        ...request,
        flow,
        emit: (event, data) => events.push({ event, data }),
      });
      return { ...result, events };
    },
  };
}
