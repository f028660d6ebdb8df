import { describe, expect, it } from 'vitest';
import type { FlowData, FlowEdge, FlowNode } from '@flowloom/shared';
import { FlowValidationError, NodeExecutionError, RunAbortedError } from '../errors.js';
import { createTestEngine } from '../testing.js';
import { runAgentflow, type AgentflowRunRequest } from './executor.js';
import type { AgentflowNodeType, ExecutedEntry, ExecutionState } from './types.js';
import { applyStateUpdates } from './variables.js';

const def = (name: string, inputs: AgentflowNodeType['definition']['inputs'] = []) => ({
  label: name,
  name,
  version: 1,
  type: name,
  category: 'Agent Flows',
  baseClasses: [name],
  description: name,
  inputs,
});
const text = (name: string) => ({ label: name, name, type: 'string', acceptVariable: true });

const start: AgentflowNodeType = {
  icon: '',
  definition: def('startAgentflow'),
  run: (ctx) =>
    Promise.resolve({
      id: ctx.node.id,
      name: 'startAgentflow',
      input: { question: ctx.input },
      output: { content: '' },
      state: { ...(ctx.inputs.defaults as object), ...ctx.state },
    }),
};
/** Echoes its `text` input (variables resolved) and applies `updates`. */
const say: AgentflowNodeType = {
  icon: '',
  definition: def('say', [text('text'), { ...text('updates'), type: 'array' }]),
  async run(ctx) {
    if (ctx.inputs.text === 'boom') throw new Error('it broke');
    if (ctx.inputs.text === 'slow') await new Promise((r) => setTimeout(r, 50));
    const content = String(ctx.inputs.text);
    ctx.run.emit('token', content);
    return {
      id: ctx.node.id,
      name: 'say',
      input: {},
      output: { content },
      state: applyStateUpdates(ctx.state, ctx.inputs.updates, content),
      chatHistory: [{ role: 'assistant', content }],
    };
  },
};
const condition: AgentflowNodeType = {
  icon: '',
  definition: def('conditionAgentflow', [{ ...text('conditions'), type: 'array' }]),
  run(ctx) {
    const rows = ctx.inputs.conditions as { value1: string; operation: string; value2: string }[];
    let matched = false;
    const conditions = rows.map((row) => {
      const ok =
        !matched && (row.operation === 'equal' ? row.value1 === row.value2 : row.value1.includes(row.value2));
      matched ||= ok;
      return { ...row, isFulfilled: ok };
    });
    return Promise.resolve({
      id: ctx.node.id,
      name: 'conditionAgentflow',
      input: {},
      output: { content: '', conditions: [...conditions, { operation: 'else', isFulfilled: false }] },
      state: ctx.state,
    });
  },
};
const humanInput: AgentflowNodeType = {
  icon: '',
  definition: def('humanInputAgentflow'),
  run(ctx) {
    if (!ctx.humanInput)
      return Promise.resolve({
        id: ctx.node.id,
        name: 'humanInputAgentflow',
        input: { question: 'Approve?' },
        output: { content: 'Approve?', isWaitingForHumanInput: true },
        state: ctx.state,
      });
    const proceed = ctx.humanInput.type === 'proceed';
    return Promise.resolve({
      id: ctx.node.id,
      name: 'humanInputAgentflow',
      input: {},
      output: {
        content: ctx.humanInput.feedback ?? '',
        conditions: [{ isFulfilled: proceed }, { isFulfilled: !proceed }],
      },
      state: ctx.state,
      chatHistory: ctx.humanInput.feedback ? [{ role: 'user', content: ctx.humanInput.feedback }] : [],
    });
  },
};
const loop: AgentflowNodeType = {
  icon: '',
  loop: true,
  definition: def('loopAgentflow', [text('target'), text('max'), { ...text('updates'), type: 'array' }]),
  run: (ctx) =>
    Promise.resolve({
      id: ctx.node.id,
      name: 'loopAgentflow',
      input: {},
      output: {
        content: `Loop back to ${String(ctx.inputs.target)}`,
        loopTarget: ctx.inputs.target,
        maxLoopCount: Number(ctx.inputs.max),
        fallbackMessage: 'done',
      },
      state: applyStateUpdates(ctx.state, ctx.inputs.updates, ''),
    }),
};
const iteration: AgentflowNodeType = {
  icon: '',
  iteration: true,
  definition: def('iterationAgentflow', [text('items')]),
  run(ctx) {
    const raw = String(ctx.inputs.items);
    let items: unknown;
    try {
      items = JSON.parse(raw.replace(/'/g, '"'));
    } catch {
      throw new Error('Invalid input array');
    }
    if (!Array.isArray(items)) throw new Error('Invalid input array');
    return Promise.resolve({
      id: ctx.node.id,
      name: 'iterationAgentflow',
      input: {},
      output: { iterationItems: items },
      state: ctx.state,
    });
  },
};

const registry = new Map(
  [start, say, condition, humanInput, loop, iteration].map((t) => [t.definition.name, t]),
);
const { services } = createTestEngine({ nodes: [] });

function node(id: string, name: string, inputs: Record<string, unknown> = {}, parentNode?: string): FlowNode {
  return {
    id,
    type: 'agentFlow',
    position: { x: 0, y: 0 },
    ...(parentNode && { parentNode, extent: 'parent' }),
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
  };
}
function edge(source: string, target: string, output: number | string = 'x'): FlowEdge {
  const sourceHandle =
    typeof output === 'number' ? `${source}-output-${output}` : `${source}-output-${output}`;
  return {
    id: `${source}-${sourceHandle}-${target}-${target}`,
    source,
    target,
    sourceHandle,
    targetHandle: target,
  };
}

async function run(flow: FlowData, extra: Partial<AgentflowRunRequest> = {}) {
  const events: { event: string; data: unknown }[] = [];
  const saves: { executionData: ExecutedEntry[]; state: ExecutionState }[] = [];
  const result = await runAgentflow(registry, services, {
    flowId: 'f',
    flow,
    question: 'hi',
    chatId: 'c',
    sessionId: 'c',
    history: [],
    streaming: true,
    emit: (event, data) => events.push({ event, data }),
    signal: new AbortController().signal,
    vars: { X: 'vx' },
    save: (s) => Promise.resolve(void saves.push({ executionData: [...s.executionData], state: s.state })),
    newId: () => 'action-1',
    ...extra,
  });
  return { ...result, events, saves };
}
const ids = (entries: readonly ExecutedEntry[]) => entries.map((e) => e.nodeId);

describe('the agentflow executor', () => {
  it('runs a linear flow: entries in order with parents, answer from the last node, tokens only from it', async () => {
    const flow = {
      nodes: [
        node('start', 'startAgentflow'),
        node('llm', 'say', { text: 'Answer to {{question}}' }),
        node('reply', 'say', { text: '{{ llm }}!' }),
      ],
      edges: [edge('start', 'llm'), edge('llm', 'reply')],
    };
    const result = await run(flow);
    expect(ids(result.executionData)).toEqual(['start', 'llm', 'reply']);
    expect(result.executionData.map((e) => e.previousNodeIds)).toEqual([[], ['start'], ['llm']]);
    expect(result.text).toBe('Answer to hi!');
    expect(result.state).toBe('FINISHED');
    expect(result.events.filter((e) => e.event === 'token').map((e) => e.data)).toEqual(['Answer to hi!']);
    expect(result.events[0]).toEqual({ event: 'agentFlowEvent', data: 'INPROGRESS' });
    expect(result.events.at(-1)).toEqual({ event: 'agentFlowEvent', data: 'FINISHED' });
    expect(
      result.events
        .filter((e) => e.event === 'nextAgentFlow')
        .map((e) => (e.data as { status: string }).status),
    ).toEqual(['INPROGRESS', 'FINISHED', 'INPROGRESS', 'FINISHED', 'INPROGRESS', 'FINISHED']);
    expect(result.saves.at(-1)!.state).toBe('FINISHED');
  });

  describe('conditions', () => {
    const flow: FlowData = {
      nodes: [
        node('start', 'startAgentflow'),
        node('cond', 'conditionAgentflow', {
          conditions: [
            { value1: '{{question}}', operation: 'equal', value2: 'a' },
            { value1: '{{question}}', operation: 'contains', value2: 'b' },
          ],
        }),
        node('r0', 'say', { text: 'zero' }),
        node('r1', 'say', { text: 'one' }),
        node('r2', 'say', { text: 'else' }),
      ],
      edges: [edge('start', 'cond'), edge('cond', 'r0', 0), edge('cond', 'r1', 1), edge('cond', 'r2', 2)],
    };
    it.each([
      ['a', 'zero'],
      ['xbx', 'one'],
      ['zzz', 'else'],
      ['ab', 'one'],
    ])('routes %s to the first fulfilled branch (or else)', async (question, answer) => {
      const result = await run(flow, { question });
      expect(result.text).toBe(answer);
      expect(ids(result.executionData)).toHaveLength(3);
    });
    it('marks the else branch fulfilled when no row matched', async () => {
      const result = await run(flow, { question: 'zzz' });
      expect(result.executionData[1]!.data.output!.conditions![2]!.isFulfilled).toBe(true);
    });
  });

  describe('merges', () => {
    it('waits for every plain parent before running a join, once', async () => {
      const flow = {
        nodes: [
          node('start', 'startAgentflow'),
          node('a', 'say', { text: 'A' }),
          node('b', 'say', { text: 'B' }),
          node('c', 'say', { text: '{{a}}+{{b}}' }),
        ],
        edges: [edge('start', 'a'), edge('start', 'b'), edge('a', 'c'), edge('b', 'c')],
      };
      const result = await run(flow);
      expect(ids(result.executionData)).toEqual(['start', 'a', 'b', 'c']);
      expect(result.executionData[3]!.previousNodeIds).toEqual(['a', 'b']);
      expect(result.text).toBe('A+B');
    });
    it('joins under a condition right after the taken branch', async () => {
      const flow = {
        nodes: [
          node('start', 'startAgentflow'),
          node('cond', 'conditionAgentflow', {
            conditions: [{ value1: '{{question}}', operation: 'equal', value2: 'x' }],
          }),
          node('x', 'say', { text: 'X' }),
          node('y', 'say', { text: 'Y' }),
          node('z', 'say', { text: 'Z after {{x}}{{y}}' }),
        ],
        edges: [
          edge('start', 'cond'),
          edge('cond', 'x', 0),
          edge('cond', 'y', 1),
          edge('x', 'z'),
          edge('y', 'z'),
        ],
      };
      const result = await run(flow, { question: 'x' });
      expect(ids(result.executionData)).toEqual(['start', 'cond', 'x', 'z']);
      expect(result.text).toBe('Z after X{{y}}');
    });
    it('runs a join below a condition with two live parents once', async () => {
      const flow = {
        nodes: [
          node('start', 'startAgentflow'),
          node('cond', 'conditionAgentflow', {
            conditions: [{ value1: 'a', operation: 'equal', value2: 'a' }],
          }),
          node('a', 'say', { text: 'A' }),
          node('a1', 'say', { text: 'A1' }),
          node('a2', 'say', { text: 'A2' }),
          node('m', 'say', { text: 'M' }),
        ],
        edges: [
          edge('start', 'cond'),
          edge('cond', 'a', 0),
          edge('a', 'a1'),
          edge('a', 'a2'),
          edge('a1', 'm'),
          edge('a2', 'm'),
        ],
      };
      const result = await run(flow);
      expect(ids(result.executionData).filter((id) => id === 'm')).toHaveLength(1);
    });
  });

  describe('loops', () => {
    const flow = (updates: unknown[] = []): FlowData => ({
      nodes: [
        node('start', 'startAgentflow', { defaults: { n: '' } }),
        node('llm', 'say', { text: 'pass {{loop_count}} {{$flow.state.n}}' }),
        node('loop', 'loopAgentflow', { target: 'llm', max: '3', updates }),
      ],
      edges: [edge('start', 'llm'), edge('llm', 'loop')],
    });
    it('runs the body N times in total, then answers with the fallback', async () => {
      const result = await run(flow());
      expect(ids(result.executionData)).toEqual(['start', 'llm', 'loop', 'llm', 'loop', 'llm', 'loop']);
      expect(
        result.executionData.filter((e) => e.nodeId === 'llm').map((e) => e.data.output!.content),
      ).toEqual(['pass 0 ', 'pass 1 ', 'pass 2 ']);
      expect(result.text).toBe('done');
    });
    it('updates state on every pass, and each pass sees the previous one', async () => {
      const result = await run(flow([{ key: 'n', value: '{{ $flow.state.n }}x' }]));
      expect(result.executionData.filter((e) => e.nodeId === 'loop').map((e) => e.data.state!.n)).toEqual([
        'x',
        'xx',
        'xxx',
      ]);
      expect(result.flowState.n).toBe('xxx');
    });
  });

  describe('iterations', () => {
    const flow = (items: string, childText = 'item {{ $iteration }}'): FlowData => ({
      nodes: [
        node('start', 'startAgentflow', { defaults: { acc: '' } }),
        node('iter', 'iterationAgentflow', { items }),
        node(
          'child',
          'say',
          { text: childText, updates: [{ key: 'acc', value: '{{ $flow.state.acc }}+' }] },
          'iter',
        ),
        node('after', 'say', { text: 'after: {{ iter }}' }),
      ],
      edges: [edge('start', 'iter'), edge('iter', 'after')],
    });
    it('runs the children once per item, in order, and continues after', async () => {
      const result = await run(flow("['a','b','c']"));
      const iter = result.executionData.find((e) => e.nodeId === 'iter')!;
      expect(iter.data.output!.iterationResults).toEqual(['item a', 'item b', 'item c']);
      expect(result.text).toBe('after: item a\nitem b\nitem c');
      expect(
        result.executionData
          .filter((e) => e.nodeId === 'child')
          .map((e) => [e.data.iterationIndex, e.data.parentNodeId]),
      ).toEqual([
        [0, 'iter'],
        [1, 'iter'],
        [2, 'iter'],
      ]);
      expect(result.flowState.acc).toBe('+++');
      expect(result.saves.filter((s) => s.state === 'INPROGRESS').length).toBeGreaterThanOrEqual(3);
    });
    it('reads paths of object items', async () => {
      const result = await run(flow('[{"task":"t1"},{"task":"t2"}]', 'do {{ $iteration.task }}'));
      expect(result.text).toBe('after: do t1\ndo t2');
    });
    it('reports a failed item and goes on with the rest', async () => {
      const result = await run(flow('["ok","boom","ok2"]', '{{ $iteration }}'));
      expect(result.executionData.find((e) => e.nodeId === 'iter')!.data.output!.iterationResults).toEqual([
        'ok',
        'Error in iteration 2: it broke',
        'ok2',
      ]);
      expect(result.state).toBe('FINISHED');
    });
    it('refuses input that is not an array', async () => {
      await expect(run(flow('not an array'))).rejects.toThrow(/Invalid input array/);
    });
  });

  describe('human input', () => {
    const flow: FlowData = {
      nodes: [
        node('start', 'startAgentflow'),
        node('agent', 'say', { text: 'draft' }),
        node('human', 'humanInputAgentflow'),
        node('ok', 'say', { text: 'approved' }),
        node('again', 'loopAgentflow', { target: 'agent', max: '5' }),
      ],
      edges: [
        edge('start', 'agent'),
        edge('agent', 'human'),
        edge('human', 'ok', 0),
        edge('human', 'again', 1),
      ],
    };
    it('stops with an action, then resumes the same trace on proceed', async () => {
      const first = await run(flow);
      expect(first.state).toBe('STOPPED');
      expect(first.action).toMatchObject({
        id: 'action-1',
        mapping: { approve: 'Proceed', reject: 'Reject' },
        data: { nodeId: 'human' },
      });
      expect(first.executionData.at(-1)).toMatchObject({ nodeId: 'human', status: 'STOPPED' });
      expect(first.events.map((e) => e.event)).toContain('action');
      const resumed = await run(flow, {
        resume: { executionData: first.executionData, humanInput: { type: 'proceed', startNodeId: 'human' } },
      });
      expect(resumed.state).toBe('FINISHED');
      expect(ids(resumed.executionData)).toEqual(['start', 'agent', 'human', 'ok']);
      expect(resumed.executionData[2]!.data.output!.conditions![0]!.isFulfilled).toBe(true);
      expect(resumed.text).toBe('approved');
    });
    it('keeps the form the run started with for the nodes after the human (`{{ $form.x }}`)', async () => {
      const replying: FlowData = {
        ...flow,
        nodes: flow.nodes.map((n) =>
          n.id === 'ok' ? node('ok', 'say', { text: 'reply to {{ $form.from }}' }) : n,
        ),
      };
      const first = await run(replying, { form: { from: 'ana@acme.example' } });
      // The Start node records the form in its output, as the real one does.
      const entries = first.executionData.map((e) =>
        e.nodeId === 'start'
          ? { ...e, data: { ...e.data, output: { ...e.data.output, form: { from: 'ana@acme.example' } } } }
          : e,
      );
      const resumed = await run(replying, {
        resume: { executionData: entries, humanInput: { type: 'proceed', startNodeId: 'human' } },
      });
      expect(resumed.text).toBe('reply to ana@acme.example');
    });
    it('lets the resumed node read its own stopped entry (its checkpoint) before replacing it', async () => {
      let sawCheckpoint = false;
      const checking: AgentflowNodeType = {
        ...humanInput,
        run(ctx) {
          if (ctx.humanInput)
            sawCheckpoint = ctx.executionData.some((e) => e.nodeId === ctx.node.id && e.status === 'STOPPED');
          return humanInput.run(ctx);
        },
      };
      registry.set('humanInputAgentflow', checking);
      try {
        const first = await run(flow);
        const resumed = await run(flow, {
          resume: { executionData: first.executionData, humanInput: { type: 'proceed' } },
        });
        expect(sawCheckpoint).toBe(true);
        expect(resumed.executionData.filter((e) => e.nodeId === 'human').map((e) => e.status)).toEqual([
          'FINISHED',
        ]);
      } finally {
        registry.set('humanInputAgentflow', humanInput);
      }
    });
    it('on reject with feedback loops back, and pauses again; the stopped node is found without startNodeId', async () => {
      const first = await run(flow);
      const rejected = await run(flow, {
        resume: { executionData: first.executionData, humanInput: { type: 'reject', feedback: 'shorter' } },
      });
      expect(rejected.state).toBe('STOPPED');
      expect(ids(rejected.executionData)).toEqual(['start', 'agent', 'human', 'again', 'agent', 'human']);
      expect(rejected.executionData.at(-1)!.status).toBe('STOPPED');
    });
  });

  describe('variables and state', () => {
    it('resolves question, vars, state, node output paths and leaves unknown references', async () => {
      const flow = {
        nodes: [
          node('start', 'startAgentflow', { defaults: { k: 'kv' } }),
          node('a', 'say', {
            text: '<p>Q={{question}} V={{$vars.X}} S={{$flow.state.k}} U={{unknown}} <strong>b</strong></p>',
          }),
        ],
        edges: [edge('start', 'a')],
      };
      const result = await run(flow);
      expect(result.text).toBe('Q=hi V=vx S=kv U={{unknown}} **b**');
    });
    it('applies state update templates with output, output paths and missing paths', () => {
      const output = { subject: 'Hi', body: 'there' };
      const next = applyStateUpdates(
        { keep: 1 },
        [
          { key: 's', value: '{{ output.subject }}' },
          { key: 'all', value: '{{ output }}' },
          { key: 'miss', value: '{{ output.nope }}' },
          { key: 'mix', value: 'x {{ output.body }}' },
        ],
        output,
      );
      expect(next).toEqual({ keep: 1, s: 'Hi', all: output, miss: '{{ output.nope }}', mix: 'x there' });
    });
    it('starts from the persisted state of the session', async () => {
      const flow = {
        nodes: [
          node('start', 'startAgentflow', { defaults: { k: 'default' } }),
          node('a', 'say', { text: '{{$flow.state.k}}' }),
        ],
        edges: [edge('start', 'a')],
      };
      expect((await run(flow, { persistedState: { k: 'remembered' } })).text).toBe('remembered');
    });

    describe('component sub-forms (<param>Config)', () => {
      // A chat model whose `systemHint` accepts variables and whose `modelName` does not.
      const model = {
        icon: '',
        definition: {
          ...def('testModel'),
          category: 'Chat Models',
          inputs: [
            { label: 'Model', name: 'modelName', type: 'string' },
            { label: 'Hint', name: 'systemHint', type: 'string', acceptVariable: true },
          ],
        },
      };
      const components = new Map([['testModel', model]]);
      /** Answers the configs it received, as JSON. */
      const picker: AgentflowNodeType = {
        icon: '',
        definition: def('picker', [
          { label: 'Model', name: 'pickModel', type: 'asyncOptions', loadConfig: true },
          {
            label: 'Tools',
            name: 'pickTools',
            type: 'array',
            array: [{ label: 'Tool', name: 'tool', type: 'asyncOptions', loadConfig: true }],
          } as AgentflowNodeType['definition']['inputs'][number],
        ]),
        run: (ctx) =>
          Promise.resolve({
            id: ctx.node.id,
            name: 'picker',
            input: {},
            output: {
              content: JSON.stringify({ model: ctx.inputs.pickModelConfig, tools: ctx.inputs.pickTools }),
            },
            state: ctx.state,
          }),
      };
      const inputs = {
        pickModel: 'testModel',
        pickModelConfig: { modelName: '{{question}}', systemHint: 'Answer {{question}} as {{$vars.X}}' },
        pickTools: [
          { tool: 'testModel', toolConfig: { modelName: '{{question}}', systemHint: '<p>{{question}}</p>' } },
        ],
      };
      const flow = {
        nodes: [node('start', 'startAgentflow'), node('p', 'picker', inputs)],
        edges: [edge('start', 'p')],
      };
      const runPicker = (extra: Partial<AgentflowRunRequest>) =>
        runAgentflow(new Map([...registry, ['picker', picker]]), services, {
          flowId: 'f',
          flow,
          question: 'hi',
          chatId: 'c',
          sessionId: 'c',
          history: [],
          streaming: false,
          emit: () => {},
          signal: new AbortController().signal,
          vars: { X: 'vx' },
          save: () => Promise.resolve(),
          ...extra,
        });

      it('resolves only the fields the chosen component marks acceptVariable, in rows too', async () => {
        const result = await runPicker({ components });
        expect(JSON.parse(result.text)).toEqual({
          model: { modelName: '{{question}}', systemHint: 'Answer hi as vx' },
          tools: [{ tool: 'testModel', toolConfig: { modelName: '{{question}}', systemHint: 'hi' } }],
        });
        // The stored flow keeps its templates.
        expect(inputs.pickModelConfig.systemHint).toBe('Answer {{question}} as {{$vars.X}}');
      });

      it('leaves configs as written when the component is unknown or no components are given', async () => {
        expect(JSON.parse((await runPicker({})).text).model.systemHint).toBe(
          'Answer {{question}} as {{$vars.X}}',
        );
        expect(JSON.parse((await runPicker({ components: new Map() })).text).model.systemHint).toBe(
          'Answer {{question}} as {{$vars.X}}',
        );
      });
    });
  });

  describe('errors and abort', () => {
    it('records a failing node as ERROR, saves the execution and throws with the node named', async () => {
      const flow = {
        nodes: [node('start', 'startAgentflow'), node('a', 'say', { text: 'boom' })],
        edges: [edge('start', 'a')],
      };
      let saved: { executionData: ExecutedEntry[]; state: ExecutionState } | undefined;
      const error = await run(flow, { save: (s) => Promise.resolve(void (saved = s)) }).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(NodeExecutionError);
      expect((error as Error).message).toBe('a (a): it broke');
      expect(saved?.state).toBe('ERROR');
      // The failed node's entry shows what it was sent (issue 11: the trace showed nothing).
      expect(saved?.executionData.at(-1)).toMatchObject({
        nodeId: 'a',
        status: 'ERROR',
        data: { error: 'it broke', input: { text: 'boom' } },
      });
    });
    it('refuses two disconnected roots', async () => {
      const flow = {
        nodes: [node('start', 'startAgentflow'), node('lonely', 'say', { text: 'x' })],
        edges: [],
      };
      const error = await run(flow).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(FlowValidationError);
      expect((error as Error).message).toMatch(/Multiple starting nodes are not allowed/);
    });
    it('ends TERMINATED when aborted mid-node', async () => {
      const controller = new AbortController();
      const flow = {
        nodes: [
          node('start', 'startAgentflow'),
          node('a', 'say', { text: 'slow' }),
          node('b', 'say', { text: 'never' }),
        ],
        edges: [edge('start', 'a'), edge('a', 'b')],
      };
      let saved: ExecutionState | undefined;
      const pending = run(flow, {
        signal: controller.signal,
        save: (s) => Promise.resolve(void (saved = s.state)),
      });
      setTimeout(() => controller.abort(), 10);
      await expect(pending).rejects.toBeInstanceOf(RunAbortedError);
      expect(saved).toBe('TERMINATED');
    });
  });
});
