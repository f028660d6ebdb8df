import { describe, expect, it } from 'vitest';
import type { FlowData, FlowEdge, FlowNode } from '@flowloom/shared';
import { chain, edge as fakeEdge, model, node as fakeNode, prompt } from './chatflow.fixtures.js';
import { FlowValidationError, NodeExecutionError } from './errors.js';
import { chooseBranch, type NodeType } from './node-type.js';
import { planChatflow } from './plan.js';
import { createTestEngine } from './testing.js';

/** Node ids in the order the test nodes were built or run. */
const built: string[] = [];

/** `type`, noting in {@link built} each node of it that is built or run. */
function recorded(type: NodeType): NodeType {
  return {
    ...type,
    ...(type.init && {
      init: (ctx) => {
        built.push(ctx.node.id);
        return type.init!(ctx);
      },
    }),
    ...(type.run && {
      run: (ctx) => {
        built.push(ctx.node.id);
        return type.run!(ctx);
      },
    }),
  };
}

/** A stand-in for IfElse Function: True when its Condition input reads "yes". */
const fork: NodeType = {
  icon: '<svg/>',
  definition: {
    label: 'Fake IfElse',
    name: 'fakeIf',
    version: 1,
    type: 'FakeIf',
    category: 'Utilities',
    baseClasses: ['FakeIf'],
    description: 'test',
    inputs: [{ label: 'Condition', name: 'condition', type: 'string', acceptVariable: true }],
    outputs: [
      { label: 'True', name: 'returnTrue', baseClasses: ['string', 'json'], isAnchor: true },
      { label: 'False', name: 'returnFalse', baseClasses: ['string', 'json'], isAnchor: true },
    ],
  },
  branches: ['returnTrue', 'returnFalse'],
  init: (ctx) => {
    const condition = String(ctx.inputs.condition);
    if (condition === 'boom') throw new Error('the condition failed');
    if (condition === 'nothing') return undefined;
    return chooseBranch(condition === 'yes' ? 'returnTrue' : 'returnFalse', `picked ${condition}`);
  },
};

const CATEGORY: Record<string, string> = {
  fakeModel: 'Chat Models',
  fakePrompt: 'Prompts',
  fakeChain: 'Chains',
  fakeIf: 'Utilities',
};

/** A node of the fake types, its type named by its id (`fakeChain_A`). */
function node(id: string, inputs: Record<string, unknown> = {}): FlowNode {
  const name = id.split('_')[0]!;
  return fakeNode(id, name, CATEGORY[name]!, inputs);
}

/** `source` (or `source:output`, an output of a fork) → `target`'s `input`. */
function edge(from: string, target: string, input: string): FlowEdge {
  const [source, output] = from.split(':') as [string, string?];
  return fakeEdge(source, target, input, output);
}

/** A chain with its own model and prompt: `fakeModel_<n>`, `fakePrompt_<n>`, `fakeChain_<n>`. */
function branch(
  n: string,
  template: string,
  modelId = `fakeModel_${n}`,
): { nodes: FlowNode[]; edges: FlowEdge[] } {
  const chainId = `fakeChain_${n}`;
  return {
    nodes: [
      ...(modelId === `fakeModel_${n}` ? [node(modelId, { reply: `model ${n}` })] : []),
      node(`fakePrompt_${n}`, { template }),
      node(chainId, { model: `{{${modelId}.data.instance}}`, prompt: `{{fakePrompt_${n}.data.instance}}` }),
    ],
    edges: [edge(modelId, chainId, 'model'), edge(`fakePrompt_${n}`, chainId, 'prompt')],
  };
}

function flowOf(parts: { nodes: FlowNode[]; edges: FlowEdge[] }[], edges: FlowEdge[] = []): FlowData {
  return { nodes: parts.flatMap((p) => p.nodes), edges: [...parts.flatMap((p) => p.edges), ...edges] };
}

/** fakeIf_0 on the question: True → chain A, False → chain B. */
function twoBranches(): FlowData {
  return flowOf(
    [
      { nodes: [node('fakeIf_0', { condition: '{{question}}' })], edges: [] },
      branch('A', 'about A'),
      branch('B', 'about B'),
    ],
    [
      edge('fakeIf_0:returnTrue', 'fakePrompt_A', 'template'),
      edge('fakeIf_0:returnFalse', 'fakePrompt_B', 'template'),
    ],
  );
}

const engine = createTestEngine({ nodes: [model, prompt, chain, fork].map(recorded) });

async function ask(flow: FlowData, question: string) {
  built.length = 0;
  const result = await engine.run(flow, { question });
  return { text: result.output.text, built: [...built], plan: result.plan };
}

describe('branching chatflows', () => {
  it('runs only the branch the if/else chose, each ending in its own node', async () => {
    const flow = twoBranches();
    expect(await ask(flow, 'yes')).toMatchObject({
      text: 'model A | about A',
      built: ['fakeIf_0', 'fakeModel_A', 'fakePrompt_A', 'fakeChain_A'],
    });
    expect(await ask(flow, 'no')).toMatchObject({
      text: 'model B | about B',
      built: ['fakeIf_0', 'fakeModel_B', 'fakePrompt_B', 'fakeChain_B'],
    });
  });

  it('builds a model both branches share once, for the branch taken', async () => {
    const flow = flowOf(
      [
        {
          nodes: [node('fakeIf_0', { condition: '{{question}}' }), node('fakeModel_0', { reply: 'shared' })],
          edges: [],
        },
        branch('A', 'about A', 'fakeModel_0'),
        branch('B', 'about B', 'fakeModel_0'),
      ],
      [
        edge('fakeIf_0:returnTrue', 'fakePrompt_A', 'template'),
        edge('fakeIf_0:returnFalse', 'fakePrompt_B', 'template'),
      ],
    );
    expect(await ask(flow, 'no')).toMatchObject({
      text: 'shared | about B',
      built: ['fakeIf_0', 'fakeModel_0', 'fakePrompt_B', 'fakeChain_B'],
    });
  });

  it("hands the if/else's value to a prompt variable on the output taken", async () => {
    const flow = twoBranches();
    flow.nodes.find((n) => n.id === 'fakePrompt_A')!.data.inputs.template =
      'A got {{fakeIf_0.data.instance}}';
    expect((await ask(flow, 'yes')).text).toBe('model A | A got picked yes');
  });

  it('follows chained if/else nodes, building the second only when the first leads to it', async () => {
    // fakeIf_0: True → fakeIf_1 (which reads the first's value), False → chain C.
    // fakeIf_1: True → chain A, False → chain B.
    const flow = flowOf(
      [
        {
          nodes: [
            node('fakeIf_0', { condition: '{{question}}' }),
            node('fakeIf_1', { condition: '{{fakeIf_0.data.instance}}' }),
          ],
          edges: [edge('fakeIf_0:returnTrue', 'fakeIf_1', 'condition')],
        },
        branch('A', 'deep A'),
        branch('B', 'deep B'),
        branch('C', 'shallow C'),
      ],
      [
        edge('fakeIf_1:returnTrue', 'fakePrompt_A', 'template'),
        edge('fakeIf_1:returnFalse', 'fakePrompt_B', 'template'),
        edge('fakeIf_0:returnFalse', 'fakePrompt_C', 'template'),
      ],
    );
    const plan = planChatflow(flow, engine.registry);
    expect(plan.branching?.deciders.map((d) => d.id)).toEqual(['fakeIf_0', 'fakeIf_1']);
    expect(plan.branching?.endings.find((e) => e.id === 'fakeChain_A')?.follows).toEqual(
      new Map([
        ['fakeIf_1', 'returnTrue'],
        ['fakeIf_0', 'returnTrue'],
      ]),
    );
    // "yes" → fakeIf_1 reads "picked yes", which is not "yes": False → chain B.
    expect(await ask(flow, 'yes')).toMatchObject({
      text: 'model B | deep B',
      built: ['fakeIf_0', 'fakeIf_1', 'fakeModel_B', 'fakePrompt_B', 'fakeChain_B'],
    });
    expect(await ask(flow, 'no')).toMatchObject({
      text: 'model C | shallow C',
      built: ['fakeIf_0', 'fakeModel_C', 'fakePrompt_C', 'fakeChain_C'],
    });
    flow.nodes.find((n) => n.id === 'fakeIf_1')!.data.inputs.condition = 'yes';
    expect((await ask(flow, 'yes')).text).toBe('model A | deep A');
  });

  it('fails naming the if/else when nothing after the output it chose answers', async () => {
    const flow = twoBranches();
    flow.nodes = flow.nodes.filter((n) => !n.id.endsWith('_B'));
    flow.edges = flow.edges.filter((e) => !e.target.endsWith('_B'));
    expect((await ask(flow, 'yes')).text).toBe('model A | about A');
    const failure = engine.run(flow, { question: 'no' });
    await expect(failure).rejects.toThrow(NodeExecutionError);
    await expect(failure).rejects.toThrow(
      'fakeIf_0 (fakeIf_0): it chose its False output, but no chain or agent after that output answers the question',
    );
  });

  it('names the if/else when its condition fails or chooses no output', async () => {
    const flow = twoBranches();
    await expect(engine.run(flow, { question: 'boom' })).rejects.toThrow(
      'fakeIf_0 (fakeIf_0): the condition failed',
    );
    await expect(engine.run(flow, { question: 'nothing' })).rejects.toThrow(
      'fakeIf_0 (fakeIf_0): it chose none of its outputs',
    );
  });

  it('keeps flows without if/else on the one-ending plan', () => {
    const plan = planChatflow(flowOf([branch('A', 'about A')]), engine.registry);
    expect(plan.branching).toBeUndefined();
    expect(plan.order).toEqual(['fakeModel_A', 'fakePrompt_A', 'fakeChain_A']);
    expect(plan.endingNodeId).toBe('fakeChain_A');
  });

  it('streams a branching flow only when every ending it may reach can stream', () => {
    const flow = twoBranches();
    expect(planChatflow(flow, engine.registry).streamable).toBe(true);
    flow.nodes.find((n) => n.id === 'fakeModel_B')!.data.inputs.streaming = false;
    expect(planChatflow(flow, engine.registry).streamable).toBe(false);
  });
});

describe('validating branching chatflows', () => {
  const problems = (flow: FlowData) => {
    try {
      planChatflow(flow, engine.registry);
    } catch (error) {
      if (error instanceof FlowValidationError) return error.problems;
      throw error;
    }
    return [];
  };

  it('answers from the later ending when nothing separates two, as Flowise does, building only it', async () => {
    // A chain left on the canvas: the flow still answers, from the last ending of the file.
    const stray = flowOf([branch('A', 'about A'), branch('B', 'about B')]);
    expect(problems(stray)).toEqual([]);
    expect(await ask(stray, 'anything')).toMatchObject({
      text: 'model B | about B',
      built: ['fakeModel_B', 'fakePrompt_B', 'fakeChain_B'],
    });
    // Both after the True output: one run would reach both, so the later answers; False reaches none.
    const flow = twoBranches();
    flow.edges = flow.edges.map((e) =>
      e.source === 'fakeIf_0' ? { ...e, sourceHandle: 'fakeIf_0-output-returnTrue-string|json' } : e,
    );
    expect(await ask(flow, 'yes')).toMatchObject({ text: 'model B | about B' });
    await expect(ask(flow, 'no')).rejects.toThrow(/False/);
  });

  it('refuses a node after both outputs of one if/else', () => {
    const flow = flowOf(
      [{ nodes: [node('fakeIf_0', { condition: '{{question}}' })], edges: [] }, branch('A', 'a')],
      [
        edge('fakeIf_0:returnTrue', 'fakePrompt_A', 'template'),
        edge('fakeIf_0:returnFalse', 'fakePrompt_A', 'template'),
      ],
    );
    expect(problems(flow)).toEqual([
      'fakePrompt_A (fakePrompt_A) comes after both the True and the False output of fakeIf_0 (fakeIf_0), so it could never run: give each output nodes of its own',
    ]);
  });

  it('refuses an edge from an output the if/else does not have', () => {
    const flow = twoBranches();
    flow.edges[flow.edges.length - 1] = edge('fakeIf_0:fakeIf', 'fakePrompt_B', 'template');
    expect(problems(flow)).toEqual([
      'fakePrompt_B (fakePrompt_B) must be connected to the True or False output of fakeIf_0 (fakeIf_0)',
    ]);
  });

  it('still refuses a flow with no ending node', () => {
    const flow = flowOf(
      [
        {
          nodes: [node('fakeIf_0', { condition: '{{question}}' }), node('fakePrompt_A', { template: 'a' })],
          edges: [],
        },
      ],
      [edge('fakeIf_0:returnTrue', 'fakePrompt_A', 'template')],
    );
    expect(problems(flow)).toEqual([
      'Ending node must be either a Chain or Agent or Engine (found fakePrompt_A)',
    ]);
  });
});
