import { describe, expect, it } from 'vitest';
import { copySelection, duplicateNode, pasteClipboard } from './clipboard';
import { connectNodes } from './connect';
import { createNode } from './createNode';
import { definition } from './fixtures/definitions';
import { flowiseFile } from '../../../test/flowiseFiles';

const essayFile = flowiseFile('agentflows', 'Essay Writing & Grading.json');
import { documentFromText } from './flowFile';
import type { FlowDocument } from './types';

function flow(): FlowDocument {
  const doc: FlowDocument = {
    nodes: [
      createNode(definition('chatOpenAI'), 'chatOpenAI_0', { x: 0, y: 0 }),
      createNode(definition('promptTemplate'), 'promptTemplate_0', { x: 0, y: 400 }),
      createNode(definition('llmChain'), 'llmChain_0', { x: 400, y: 0 }),
    ],
    edges: [],
  };
  const withModel = connectNodes(doc, {
    source: 'chatOpenAI_0',
    sourceHandle: 'chatOpenAI_0-output-chatOpenAI-ChatOpenAI|BaseChatModel|BaseLanguageModel|Runnable',
    target: 'llmChain_0',
    targetHandle: 'llmChain_0-input-model-BaseLanguageModel',
  });
  return connectNodes(withModel, {
    source: 'promptTemplate_0',
    sourceHandle:
      'promptTemplate_0-output-promptTemplate-PromptTemplate|BaseStringPromptTemplate|BasePromptTemplate',
    target: 'llmChain_0',
    targetHandle: 'llmChain_0-input-prompt-BasePromptTemplate',
  });
}

const select = (doc: FlowDocument, ids: string[]): FlowDocument => ({
  ...doc,
  nodes: doc.nodes.map((n) => ({ ...n, selected: ids.includes(n.id) })),
});

describe('copy and paste', () => {
  it('copies the selected nodes and only the edges between them', () => {
    const clip = copySelection(select(flow(), ['chatOpenAI_0', 'llmChain_0']))!;
    expect(clip.nodes.map((n) => n.id)).toEqual(['chatOpenAI_0', 'llmChain_0']);
    expect(clip.edges.map((e) => e.source)).toEqual(['chatOpenAI_0']);
    expect(copySelection(flow())).toBeNull();
  });

  it('pastes under new ids (name + lowest free index) with renamed handles, edges and references', () => {
    const doc = select(flow(), ['chatOpenAI_0', 'llmChain_0']);
    const pasted = pasteClipboard(doc, copySelection(doc)!, { x: 50, y: 50 });
    const added = pasted.nodes.slice(3);
    expect(added.map((n) => n.id)).toEqual(['chatOpenAI_1', 'llmChain_1']);
    expect(added.every((n) => n.selected)).toBe(true);
    expect(pasted.nodes.slice(0, 3).some((n) => n.selected)).toBe(false);
    expect(added[1]!.position).toEqual({ x: 450, y: 50 });

    const chain = added[1]!.data;
    expect(chain.id).toBe('llmChain_1');
    expect(chain.inputAnchors[0]!.id).toBe('llmChain_1-input-model-BaseLanguageModel');
    expect(chain.outputAnchors[0]!.options![0]!.id).toBe(
      'llmChain_1-output-llmChain-LLMChain|BaseChain|Runnable',
    );
    expect(chain.inputs.model).toBe('{{chatOpenAI_1.data.instance}}');
    // The prompt was not copied: its reference goes with its edge.
    expect(chain.inputs.prompt).toBe('');

    const edge = pasted.edges[2]!;
    expect(edge).toMatchObject({
      source: 'chatOpenAI_1',
      target: 'llmChain_1',
      sourceHandle: 'chatOpenAI_1-output-chatOpenAI-ChatOpenAI|BaseChatModel|BaseLanguageModel|Runnable',
      targetHandle: 'llmChain_1-input-model-BaseLanguageModel',
    });
    expect(edge.id).toBe(`chatOpenAI_1-${edge.sourceHandle}-llmChain_1-${edge.targetHandle}`);
  });

  it('reuses the lowest free index and never touches the copied originals', () => {
    const doc = select(flow(), ['llmChain_0']);
    const clip = copySelection(doc)!;
    const once = pasteClipboard(doc, clip, { x: 10, y: 10 });
    const twice = pasteClipboard(once, clip, { x: 20, y: 20 });
    expect(twice.nodes.map((n) => n.id)).toEqual([
      'chatOpenAI_0',
      'promptTemplate_0',
      'llmChain_0',
      'llmChain_1',
      'llmChain_2',
    ]);
    expect(twice.nodes[2]!.data.inputs.model).toBe('{{chatOpenAI_0.data.instance}}');
  });

  it('duplicates a node to its right without its connections', () => {
    const doc = duplicateNode(flow(), 'llmChain_0');
    const copy = doc.nodes.at(-1)!;
    expect(copy.id).toBe('llmChain_1');
    expect(copy.position).toEqual({ x: 750, y: 0 });
    expect(copy.data.inputs.model).toBe('');
    expect(doc.edges).toHaveLength(2);
  });

  it('moves the chosen tab of a duplicated condition node under the new id', () => {
    const doc = duplicateNode(documentFromText(JSON.stringify(essayFile)), 'seqCondition_0');
    const copy = doc.nodes.at(-1)!;
    expect(copy.id).toBe('seqCondition_1');
    expect(copy.data.inputs.selectedConditionFunctionTab_seqCondition_1).toBe('conditionUI');
    expect(copy.data.inputs).not.toHaveProperty('selectedConditionFunctionTab_seqCondition_0');
    expect(copy.data.outputAnchors[0]!.options!.map((option) => option.id)).toEqual([
      'seqCondition_1-output-end-Condition',
      'seqCondition_1-output-grading-Condition',
    ]);
  });
});
