import { describe, expect, it } from 'vitest';
import type { CanvasEdge, CanvasNode, FlowDocument } from '../document/types';
import { agentGraphLoadBody } from './agentGraphOptions';

const node = (id: string, name: string, inputs: Record<string, unknown> = {}): CanvasNode =>
  ({
    id,
    type: 'customNode',
    position: { x: 0, y: 0 },
    data: { id, name, label: name, inputs },
  }) as unknown as CanvasNode;
const edge = (source: string, target: string): CanvasEdge =>
  ({ id: `${source}-${target}`, source, target, type: 'buttonedge' }) as CanvasEdge;

describe('what a V1 agents node sends its load methods', () => {
  it('sends the nodes upstream of it, nearest first, and the State node wherever it sits', () => {
    const doc: FlowDocument = {
      nodes: [
        node('seqStart_0', 'seqStart'),
        node('chatOpenAI_0', 'chatOpenAI'),
        node('seqAgent_0', 'seqAgent', { agentName: 'Researcher' }),
        node('seqLLMNode_0', 'seqLLMNode', { llmNodeName: 'Writer' }),
        node('seqAgent_1', 'seqAgent'),
        node('seqState_0', 'seqState', { stateMemoryUI: '[{"key":"draft"}]' }),
      ],
      edges: [
        edge('chatOpenAI_0', 'seqStart_0'),
        edge('seqStart_0', 'seqAgent_0'),
        edge('seqAgent_0', 'seqLLMNode_0'),
        edge('seqStart_0', 'seqAgent_1'),
      ],
    };
    const writer = doc.nodes[3]!.data;
    const body = agentGraphLoadBody(doc, writer, 'loadStateKeys');
    expect(body.loadMethod).toBe('loadStateKeys');
    expect(body.previousNodes.map((n) => n.id)).toEqual([
      'seqAgent_0',
      'seqStart_0',
      'chatOpenAI_0',
      'seqState_0',
    ]);
    expect(body.previousNodes[0]).toEqual({
      id: 'seqAgent_0',
      name: 'seqAgent',
      label: 'seqAgent',
      inputs: { agentName: 'Researcher' },
    });
    expect(body.currentNode).toEqual({
      id: 'seqLLMNode_0',
      name: 'seqLLMNode',
      label: 'seqLLMNode',
      inputs: { llmNodeName: 'Writer' },
    });
    // The State node edited itself is its own current node, not a previous one.
    expect(agentGraphLoadBody(doc, doc.nodes[5]!.data, 'x').previousNodes).toEqual([]);
  });
});
