import { describe, expect, it } from 'vitest';
import { nextNodeId, parseFlowData } from './flow-data.js';

describe('parseFlowData', () => {
  it('returns the nodes and edges of valid flow JSON', () => {
    const text = JSON.stringify({
      nodes: [{ id: 'llmChain_0' }],
      edges: [{ id: 'e1', source: 'a', target: 'b' }],
      viewport: { x: 0, y: 0, zoom: 1 },
    });
    expect(parseFlowData(text)).toEqual({
      nodes: [{ id: 'llmChain_0' }],
      edges: [{ id: 'e1', source: 'a', target: 'b' }],
    });
  });

  it('yields empty lists for missing or empty text', () => {
    expect(parseFlowData(null)).toEqual({ nodes: [], edges: [] });
    expect(parseFlowData(undefined)).toEqual({ nodes: [], edges: [] });
    expect(parseFlowData('')).toEqual({ nodes: [], edges: [] });
  });

  it('yields empty lists for text that is not JSON', () => {
    expect(parseFlowData('{nodes: [')).toEqual({ nodes: [], edges: [] });
    expect(parseFlowData('not json')).toEqual({ nodes: [], edges: [] });
  });

  it('yields empty lists for JSON that is not an object', () => {
    for (const text of ['null', '42', '"text"', '[1,2]', 'true']) {
      expect(parseFlowData(text)).toEqual({ nodes: [], edges: [] });
    }
  });

  it('replaces only the list that is missing or not an array', () => {
    expect(parseFlowData('{"nodes":[{"id":"a"}]}')).toEqual({ nodes: [{ id: 'a' }], edges: [] });
    expect(parseFlowData('{"nodes":"x","edges":[{"id":"e"}]}')).toEqual({ nodes: [], edges: [{ id: 'e' }] });
  });
});

describe('nextNodeId', () => {
  it('starts numbering at 0', () => {
    expect(nextNodeId('llmChain', [])).toBe('llmChain_0');
  });

  it('takes the next index after those in use', () => {
    expect(nextNodeId('llmChain', ['llmChain_0'])).toBe('llmChain_1');
    expect(nextNodeId('llmChain', ['llmChain_0', 'llmChain_1', 'llmChain_2'])).toBe('llmChain_3');
  });

  it('reuses the lowest free index left by a deleted node', () => {
    expect(nextNodeId('llmChain', ['llmChain_0', 'llmChain_2'])).toBe('llmChain_1');
    expect(nextNodeId('llmChain', ['llmChain_1'])).toBe('llmChain_0');
  });

  it('counts only ids of the same node name', () => {
    expect(nextNodeId('chatOpenAI', ['llmChain_0', 'chatOpenAI_custom_0'])).toBe('chatOpenAI_0');
    expect(nextNodeId('chatOpenAI', ['chatOpenAI_0', 'chatOpenAICustom_1'])).toBe('chatOpenAI_1');
  });
});
