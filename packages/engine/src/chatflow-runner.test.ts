import { describe, expect, it } from 'vitest';
import type { FlowData } from '@flowloom/shared';
import { chain, edge, model, node, prompt } from './chatflow.fixtures.js';
import { FlowValidationError, NodeExecutionError, NodeUnavailableError, RunAbortedError } from './errors.js';
import { createTestEngine } from './testing.js';

function flow(
  overrides: { reply?: string; template?: string; chainInputs?: Record<string, unknown> } = {},
): FlowData {
  return {
    nodes: [
      node('fakeChain_0', 'fakeChain', 'Chains', {
        model: '{{fakeModel_0.data.instance}}',
        prompt: '{{fakePrompt_0.data.instance}}',
        ...overrides.chainInputs,
      }),
      node('fakeModel_0', 'fakeModel', 'Chat Models', { reply: overrides.reply ?? 'hi' }),
      node('fakePrompt_0', 'fakePrompt', 'Prompts', { template: overrides.template ?? 'Q: {{question}}' }),
      { ...node('stickyNote_0', 'stickyNote', 'Utilities', { note: 'ignored' }), type: 'stickyNote' },
    ],
    edges: [edge('fakeModel_0', 'fakeChain_0', 'model'), edge('fakePrompt_0', 'fakeChain_0', 'prompt')],
  };
}

const engine = createTestEngine({ nodes: [model, prompt, chain] });

describe('running a chatflow', () => {
  it('builds parents first, resolves node references and {{question}}, and runs the ending node', async () => {
    const result = await engine.run(flow(), { question: 'What is up?' });
    expect(result.output.text).toBe('hi | Q: What is up?');
    expect(result.plan.order).toEqual(['fakeModel_0', 'fakePrompt_0', 'fakeChain_0']);
    expect(result.plan.endingNodeId).toBe('fakeChain_0');
  });

  it('resolves $vars, $flow and chat history, but {{question}} only in params that accept variables', async () => {
    const result = await engine.run(
      flow({
        template: '{{$vars.tone}} {{$flow.sessionId}} [{{chat_history}}]',
        chainInputs: { suffix: ' {{question}} {{$vars.tone}}' },
      }),
      {
        question: 'q',
        vars: { tone: 'calm' },
        sessionId: 's-1',
        history: [
          { role: 'userMessage', content: 'a' },
          { role: 'apiMessage', content: 'b' },
        ],
      },
    );
    expect(result.output.text).toBe('hi | calm s-1 [Human: a\nAssistant: b] {{question}} calm');
  });

  it('streams with start before the first token only when asked and streamable', async () => {
    const streamed = await engine.run(flow(), { question: 'x', streaming: true });
    expect(streamed.streamed).toBe(true);
    expect(streamed.events.map((e) => e.event).slice(0, 3)).toEqual(['start', 'token', 'token']);
    expect(streamed.events[0]!.data).toBe(streamed.events[1]!.data);
    const quiet = await engine.run(flow(), { question: 'x', streaming: false });
    expect(quiet.events).toEqual([]);
  });

  it('does not stream when a model has streaming turned off', async () => {
    const f = flow();
    f.nodes[1]!.data.inputs.streaming = false;
    const result = await engine.run(f, { question: 'x', streaming: true });
    expect(result.plan.streamable).toBe(false);
    expect(result.events).toEqual([]);
  });

  it('applies overrideConfig only to inputs the owner enabled, per label or per node id', async () => {
    const settings = { status: true, nodes: { fakeModel_0: [{ name: 'reply', enabled: true }] } };
    expect(
      (
        await engine.run(flow(), {
          question: 'x',
          overrideConfig: { reply: 'over' },
          overrideSettings: settings,
        })
      ).output.text,
    ).toBe('over | Q: x');
    expect(
      (
        await engine.run(flow(), {
          question: 'x',
          overrideConfig: { reply: { fakeModel_0: 'by-id' } },
          overrideSettings: settings,
        })
      ).output.text,
    ).toBe('by-id | Q: x');
    expect(
      (
        await engine.run(flow(), {
          question: 'x',
          overrideConfig: { template: 'nope' },
          overrideSettings: settings,
        })
      ).output.text,
    ).toBe('hi | Q: x');
    expect(
      (
        await engine.run(flow(), {
          question: 'x',
          overrideConfig: { reply: 'over' },
          overrideSettings: { ...settings, status: false },
        })
      ).output.text,
    ).toBe('hi | Q: x');
  });

  it('lists every missing input and unconnected anchor instead of failing on the first', async () => {
    const f = flow({ reply: '' });
    f.edges = f.edges.filter((e) => e.source !== 'fakePrompt_0');
    f.nodes[0]!.data.inputs.prompt = '';
    const error = await engine.run(f, { question: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FlowValidationError);
    expect((error as FlowValidationError).problems).toEqual([
      'fakeModel_0 (fakeModel_0): Reply is required',
      'fakeChain_0 (fakeChain_0): Prompt is not connected',
    ]);
  });

  it('names unavailable node types', async () => {
    const f = flow();
    f.nodes.push(node('pinecone_0', 'pinecone', 'Vector Stores', {}));
    const error = await engine.run(f, { question: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NodeUnavailableError);
    expect((error as Error).message).toMatch(/not available in Flowloom yet \(pinecone\)/);
  });

  it('refuses a flow without a chain or agent at its end', async () => {
    const f: FlowData = {
      nodes: [
        node('fakeModel_0', 'fakeModel', 'Chat Models', { reply: 'x' }),
        node('fakePrompt_0', 'fakePrompt', 'Prompts', { template: 't' }),
      ],
      edges: [edge('fakePrompt_0', 'fakeModel_0', 'x')],
    };
    await expect(engine.run(f, { question: 'x' })).rejects.toThrow(
      /Ending node must be either a Chain or Agent or Engine/,
    );
    await expect(engine.run({ nodes: [], edges: [] }, { question: 'x' })).rejects.toThrow(/no nodes/);
  });

  it('refuses an ending node whose selected output is not the node itself', async () => {
    const f = flow();
    f.nodes[0]!.data.outputs = { output: 'outputPrediction' };
    await expect(engine.run(f, { question: 'x' })).rejects.toThrow(
      "Output of fakeChain_0 (fakeChain_0) must be fakeChain_0, can't be an Output Prediction",
    );
  });

  it('names the node that failed', async () => {
    const error = await engine.run(flow({ reply: 'boom' }), { question: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NodeExecutionError);
    expect((error as Error).message).toBe('fakeChain_0 (fakeChain_0): model exploded');
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    const pending = engine.run(flow({ reply: 'slow' }), { question: 'x', signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(RunAbortedError);
  });
});

describe('planning', () => {
  it('knows whether a flow reads the session history', async () => {
    expect((await engine.run(flow(), { question: 'x' })).plan.usesHistory).toBe(false);
    expect(
      (await engine.run(flow({ template: 'Earlier: {{chat_history}}' }), { question: 'x' })).plan.usesHistory,
    ).toBe(true);
  });

  it('knows whether a flow reads workspace variables', async () => {
    expect((await engine.run(flow(), { question: 'x' })).plan.usesVariables).toBe(false);
    expect(
      (await engine.run(flow({ template: 'Tone: {{$vars.tone}}' }), { question: 'x', vars: { tone: 'dry' } }))
        .plan.usesVariables,
    ).toBe(true);
  });
});
