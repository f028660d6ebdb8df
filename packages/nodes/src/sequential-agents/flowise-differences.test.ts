import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestEngine,
  runAgentGraph,
  type AgentGraphRunRequest,
  type EngineServices,
  type FlowRunRequest,
} from '@flowloom/engine';
import type { FlowData } from '@flowloom/shared';
import { startTestLlmServer, type TestLlmServer } from '@flowloom/test-llm';
import { chatOpenAI } from '../chat-models/chatOpenAI/chatOpenAI.js';
import { chatflowNodes } from '../registry.js';
import { createQuickJsSandbox } from '../sandbox/quickjs.js';
import { buildFlow, type EdgeSpec, type NodeSpec } from '../testing/flow-builder.js';
import { nodeContext } from '../testing/node-context.js';
import { seqCondition, seqCustomFunction, seqExecuteFlow } from './control-nodes.js';
import { seqEnd, seqLoop, seqStart, seqState } from './flow-nodes.js';
import { sqliteAgentMemory } from './agent-memory.js';
import { seqLLMNode } from './model-nodes.js';

/**
 * Flowise behaviours of Sequential Agents that are defects, and what Flowloom does instead
 * (docs/decisions.md, "Sequential Agents and supervisor teams").
 */

let llm: TestLlmServer;
beforeAll(async () => (llm = await startTestLlmServer()));
afterAll(() => llm.close());
beforeEach(() => llm.reset());

const CHILD_FLOW = '0f9c4a8e-1b2d-4c3e-9f8a-7b6c5d4e3f21';

function engine(services: Partial<EngineServices> = {}) {
  return createTestEngine({
    nodes: [...chatflowNodes],
    credentials: { openai: { credentialName: 'openAIApi', data: { openAIApiKey: 'sk-test' } } },
    services: {
      providerBaseUrls: { openai: llm.openAiBaseUrl },
      sandbox: createQuickJsSandbox(),
      ...services,
    },
  });
}

/** Start (its model is never called here) followed by `nodes`. */
function graph(nodes: NodeSpec[], edges: EdgeSpec[]): FlowData {
  return buildFlow(
    [
      { id: 'chatOpenAI_0', type: chatOpenAI, credential: 'openai' },
      { id: 'seqStart_0', type: seqStart },
      ...nodes,
    ],
    [['chatOpenAI_0', 'seqStart_0', 'model'], ...edges],
  );
}

async function run(
  flow: FlowData,
  request: Partial<AgentGraphRunRequest> & { question: string },
  services: Partial<EngineServices> | ReturnType<typeof engine> = {},
) {
  const { registry, services: all } = 'registry' in services ? services : engine(services);
  return runAgentGraph(registry, all, {
    flowId: 'flow-1',
    flow,
    chatId: 'chat-1',
    sessionId: 'chat-1',
    history: [],
    streaming: false,
    emit: () => undefined,
    signal: new AbortController().signal,
    vars: {},
    ...request,
  });
}

const fn = (id: string, name: string, code: string, extra: Record<string, unknown> = {}): NodeSpec => ({
  id,
  type: seqCustomFunction,
  inputs: { functionName: name, javascriptFunction: code, ...extra },
});

describe('Flowise defects Flowloom does not copy', () => {
  it('names the LLM Node when it has no predecessor (Flowise says "Agent must have…")', () => {
    const ctx = nodeContext(seqLLMNode, { inputs: { llmNodeName: 'Writer' } });
    expect(() => seqLLMNode.init!(ctx)).toThrow('LLM Node must have a predecessor!');
  });

  it('sets only the keys a State Object function returns (Flowise re-sends the whole state, doubling messages)', async () => {
    const flow = graph(
      [
        {
          id: 'seqState_0',
          type: seqState,
          inputs: { stateMemoryUI: JSON.stringify([{ key: 'notes', type: 'Append', defaultValue: '' }]) },
        },
        fn('seqCustomFunction_0', 'Note', 'return { notes: "checked" };', { returnValueAs: 'stateObj' }),
        fn(
          'seqCustomFunction_1',
          'Report',
          'return JSON.stringify({ messages: $flow.state.messages.length, notes: $flow.state.notes });',
        ),
        { id: 'seqEnd_0', type: seqEnd },
      ],
      [
        ['seqState_0', 'seqStart_0', 'state'],
        ['seqStart_0', 'seqCustomFunction_0', 'sequentialNode'],
        ['seqCustomFunction_0', 'seqCustomFunction_1', 'sequentialNode'],
        ['seqCustomFunction_1', 'seqEnd_0', 'sequentialNode'],
      ],
    );
    const result = await run(flow, { question: 'Go' });
    expect(JSON.parse(result.text)).toEqual({ messages: 1, notes: ['checked'] });
  });

  it('gives a function the latest message of the node it names (Flowise gives the first, stale after a loop)', async () => {
    // Count → Echo → Condition: back to Count while fewer than 5 messages, then End.
    const flow = graph(
      [
        fn('seqCustomFunction_0', 'Count', 'return "count " + $flow.state.messages.length;'),
        fn('seqCustomFunction_1', 'Echo', 'return $last;', {
          functionInputVariables: JSON.stringify({ last: '{{seqCustomFunction_0.data.instance}}' }),
        }),
        {
          id: 'seqCondition_0',
          type: seqCondition,
          inputs: {
            conditionUI: JSON.stringify([
              { variable: '$flow.state.messages.length', operation: 'Less Than', value: '5', output: 'Next' },
            ]),
          },
        },
        { id: 'seqLoop_0', type: seqLoop, inputs: { loopToName: 'Count' } },
        { id: 'seqEnd_0', type: seqEnd },
      ],
      [
        ['seqStart_0', 'seqCustomFunction_0', 'sequentialNode'],
        ['seqCustomFunction_0', 'seqCustomFunction_1', 'sequentialNode'],
        ['seqCustomFunction_1', 'seqCondition_0', 'sequentialNode'],
        ['seqCondition_0', 'seqLoop_0', 'sequentialNode', 'next'],
        ['seqCondition_0', 'seqEnd_0', 'sequentialNode', 'end'],
      ],
    );
    const result = await run(flow, { question: 'Go' });
    expect(result.agentReasoning.filter((r) => r.agentName === 'Echo').map((r) => r.messages)).toEqual([
      ['count 1'],
      ['count 3'],
    ]);
    expect(result.text).toBe('count 3');
  });

  it('keeps the conversation’s memory when a turn fails (Flowise deletes the thread’s checkpoints)', async () => {
    const flow = buildFlow(
      [
        { id: 'chatOpenAI_0', type: chatOpenAI, credential: 'openai' },
        { id: 'sqliteAgentMemory_0', type: sqliteAgentMemory },
        { id: 'seqStart_0', type: seqStart },
        fn(
          'seqCustomFunction_0',
          'Reply',
          'if ($flow.input === "fail") throw new Error("no luck"); return "heard " + $flow.state.messages.length;',
        ),
        { id: 'seqEnd_0', type: seqEnd },
      ],
      [
        ['chatOpenAI_0', 'seqStart_0', 'model'],
        ['sqliteAgentMemory_0', 'seqStart_0', 'agentMemory'],
        ['seqStart_0', 'seqCustomFunction_0', 'sequentialNode'],
        ['seqCustomFunction_0', 'seqEnd_0', 'sequentialNode'],
      ],
    );
    const shared = engine();
    expect((await run(flow, { question: 'hello' }, shared)).text).toBe('heard 1');
    await expect(run(flow, { question: 'fail' }, shared)).rejects.toThrow(/no luck/);
    expect((await shared.services.checkpoints.load('flow-1:chat-1'))?.state.messages).toHaveLength(2);
    // The next turn goes on from the remembered conversation.
    expect((await run(flow, { question: 'again' }, shared)).text).toBe('heard 3');
  });

  describe('Execute Flow', () => {
    const calls: FlowRunRequest[] = [];
    const executeFlow = (input: string) =>
      graph(
        [
          fn('seqCustomFunction_0', 'Draft', 'return "draft one";'),
          {
            id: 'seqExecuteFlow_0',
            type: seqExecuteFlow,
            inputs: { seqExecuteFlowName: 'Child', selectedFlow: CHILD_FLOW, seqExecuteFlowInput: input },
          },
          { id: 'seqEnd_0', type: seqEnd },
        ],
        [
          ['seqStart_0', 'seqCustomFunction_0', 'sequentialNode'],
          ['seqCustomFunction_0', 'seqExecuteFlow_0', 'sequentialNode'],
          ['seqExecuteFlow_0', 'seqEnd_0', 'sequentialNode'],
        ],
      );
    const child = (answer: () => Record<string, unknown>) => ({
      runFlow: (flowId: string, request: FlowRunRequest) => {
        expect(flowId).toBe(CHILD_FLOW);
        calls.push(request);
        return Promise.resolve(answer());
      },
    });
    beforeEach(() => {
      calls.length = 0;
    });

    it('asks the typed text (Flowise asks nothing unless the input is the question or a node)', async () => {
      const result = await run(
        executeFlow('Summarise {{$vars.topic}}'),
        { question: 'Go', vars: { topic: 'rivers' } },
        child(() => ({ text: 'child answer' })),
      );
      expect(calls.map((c) => c.question)).toEqual(['Summarise rivers']);
      expect(result.text).toBe('child answer');
      await run(
        executeFlow('{{ seqCustomFunction_0 }}'),
        { question: 'Go' },
        child(() => ({ text: 'ok' })),
      );
      await run(
        executeFlow('userQuestion'),
        { question: 'Go' },
        child(() => ({ text: 'ok' })),
      );
      expect(calls.slice(1).map((c) => c.question)).toEqual(['"draft one"', 'Go']);
    });

    it('fails with the child flow’s error (Flowise goes on with an empty answer)', async () => {
      const failing = {
        runFlow: () => Promise.reject(new Error('Chatflow is not deployed')),
      };
      await expect(run(executeFlow('userQuestion'), { question: 'Go' }, failing)).rejects.toThrow(
        /Chatflow is not deployed/,
      );
    });
  });
});
