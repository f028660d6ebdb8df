import { describe, expect, it } from 'vitest';
import { checkConnection, connectNodes } from './connect';
import { createNode } from './createNode';
import { definition } from './fixtures/definitions';
import { removeEdges, removeNodes, removeSelected } from './removeElements';
import type { FlowDocument } from './types';

const MODEL_OUT = 'chatOpenAI_0-output-chatOpenAI-ChatOpenAI|BaseChatModel|BaseLanguageModel|Runnable';
const PROMPT_OUT =
  'promptTemplate_0-output-promptTemplate-PromptTemplate|BaseStringPromptTemplate|BasePromptTemplate';

function chain(): FlowDocument {
  return {
    nodes: [
      createNode(definition('chatOpenAI'), 'chatOpenAI_0', { x: 0, y: 0 }),
      createNode(definition('promptTemplate'), 'promptTemplate_0', { x: 0, y: 400 }),
      createNode(definition('llmChain'), 'llmChain_0', { x: 400, y: 0 }),
      createNode(definition('llmChain'), 'llmChain_1', { x: 800, y: 0 }),
    ],
    edges: [],
  };
}

const model = {
  source: 'chatOpenAI_0',
  sourceHandle: MODEL_OUT,
  target: 'llmChain_0',
  targetHandle: 'llmChain_0-input-model-BaseLanguageModel',
};
const prompt = {
  source: 'promptTemplate_0',
  sourceHandle: PROMPT_OUT,
  target: 'llmChain_0',
  targetHandle: 'llmChain_0-input-prompt-BasePromptTemplate',
};
const inputsOf = (doc: FlowDocument, id: string) => doc.nodes.find((n) => n.id === id)!.data.inputs;

describe('connecting nodes', () => {
  it('adds a Flowise edge and writes the reference into the target input', () => {
    const doc = connectNodes(connectNodes(chain(), model), prompt);
    expect(doc.edges[0]).toEqual({
      ...model,
      id: `chatOpenAI_0-${MODEL_OUT}-llmChain_0-llmChain_0-input-model-BaseLanguageModel`,
      type: 'buttonedge',
      data: { label: '' },
    });
    expect(inputsOf(doc, 'llmChain_0')).toMatchObject({
      model: '{{chatOpenAI_0.data.instance}}',
      prompt: '{{promptTemplate_0.data.instance}}',
    });
  });

  it('collects references in an array for list anchors', () => {
    const doc: FlowDocument = {
      nodes: [
        ...chain().nodes,
        createNode(
          { ...definition('promptTemplate'), name: 'moderation', baseClasses: ['Moderation'] },
          'moderation_0',
          { x: 0, y: 0 },
        ),
        createNode(
          { ...definition('promptTemplate'), name: 'moderation', baseClasses: ['Moderation'] },
          'moderation_1',
          { x: 0, y: 0 },
        ),
      ],
      edges: [],
    };
    const to = (source: string) => ({
      source,
      sourceHandle: `${source}-output-moderation-Moderation`,
      target: 'llmChain_0',
      targetHandle: 'llmChain_0-input-inputModeration-Moderation',
    });
    const once = connectNodes(doc, to('moderation_0'));
    expect(checkConnection(once, to('moderation_1'))).toEqual({ ok: true });
    const twice = connectNodes(once, to('moderation_1'));
    expect(inputsOf(twice, 'llmChain_0').inputModeration).toEqual([
      '{{moderation_0.data.instance}}',
      '{{moderation_1.data.instance}}',
    ]);
    const removed = removeEdges(twice, [twice.edges[0]!.id]);
    expect(inputsOf(removed, 'llmChain_0').inputModeration).toEqual(['{{moderation_1.data.instance}}']);
  });

  it('refuses mismatched types, a taken input, self loops and cycles', () => {
    const doc = connectNodes(chain(), model);
    expect(
      checkConnection(doc, { ...prompt, targetHandle: 'llmChain_0-input-model-BaseLanguageModel' }).ok,
    ).toBe(false);
    expect(checkConnection(doc, { ...model })).toMatchObject({ ok: false });
    expect(
      checkConnection(doc, {
        source: 'llmChain_0',
        sourceHandle: 'llmChain_0-output-outputPrediction-string|json',
        target: 'llmChain_0',
        targetHandle: 'llmChain_0-input-chainName-string',
      }),
    ).toMatchObject({ ok: false, reason: 'A node cannot be connected to itself.' });
    const looped = connectNodes(doc, {
      source: 'llmChain_0',
      sourceHandle: 'llmChain_0-output-llmChain-LLMChain|BaseChain|Runnable',
      target: 'llmChain_1',
      targetHandle: 'llmChain_1-input-model-LLMChain',
    });
    expect(
      checkConnection(looped, {
        source: 'llmChain_1',
        sourceHandle: 'llmChain_1-output-llmChain-LLMChain|BaseChain|Runnable',
        target: 'llmChain_0',
        targetHandle: 'llmChain_0-input-outputParser-LLMChain',
      }),
    ).toMatchObject({ ok: false, reason: expect.stringContaining('loop') });
  });
});

describe('removing elements', () => {
  it('clears the input an edge filled when the edge is deleted', () => {
    const doc = connectNodes(connectNodes(chain(), model), prompt);
    const after = removeEdges(doc, [doc.edges[0]!.id]);
    expect(after.edges).toHaveLength(1);
    expect(inputsOf(after, 'llmChain_0').model).toBe('');
    expect(inputsOf(after, 'llmChain_0').prompt).toBe('{{promptTemplate_0.data.instance}}');
  });

  it('removes a node with its edges and clears the inputs they filled', () => {
    const doc = connectNodes(connectNodes(chain(), model), prompt);
    const after = removeNodes(doc, ['chatOpenAI_0']);
    expect(after.nodes.map((n) => n.id)).not.toContain('chatOpenAI_0');
    expect(after.edges.map((e) => e.source)).toEqual(['promptTemplate_0']);
    expect(inputsOf(after, 'llmChain_0').model).toBe('');
  });

  it('removes the selection', () => {
    const doc = connectNodes(connectNodes(chain(), model), prompt);
    const selected: FlowDocument = {
      nodes: doc.nodes.map((n) => (n.id === 'llmChain_1' ? { ...n, selected: true } : n)),
      edges: doc.edges.map((e, i) => (i === 1 ? { ...e, selected: true } : e)),
    };
    const after = removeSelected(selected);
    expect(after.nodes.map((n) => n.id)).toEqual(['chatOpenAI_0', 'promptTemplate_0', 'llmChain_0']);
    expect(after.edges).toHaveLength(1);
    expect(inputsOf(after, 'llmChain_0').prompt).toBe('');
  });
});
