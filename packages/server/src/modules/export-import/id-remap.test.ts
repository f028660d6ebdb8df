import { describe, expect, it } from 'vitest';
import { remapIds } from './id-remap.js';

describe('remapIds', () => {
  const oldId = '0b1e4c53-6d9a-4c8e-9f39-1b0d3f8f6a01';
  const newId = '11111111-2222-4333-8444-555555555555';

  it('replaces a UUID wherever it appears, inside other text too (flowData references)', () => {
    const bundle = {
      ChatFlow: [{ id: oldId, flowData: `{"selectedFlow":"${oldId}"}` }],
      ChatMessage: [{ id: 'm', chatflowid: oldId }],
      Tool: [{ id: '0b1e4c53-6d9a-4c8e-9f39-1b0d3f8f6a02' }],
    };
    expect(remapIds(bundle, new Map([[oldId, newId]]))).toEqual({
      ChatFlow: [{ id: newId, flowData: `{"selectedFlow":"${newId}"}` }],
      ChatMessage: [{ id: 'm', chatflowid: newId }],
      Tool: [{ id: '0b1e4c53-6d9a-4c8e-9f39-1b0d3f8f6a02' }],
    });
  });

  it('replaces a non-UUID id only where a whole value equals it', () => {
    const bundle = { Tool: [{ id: 't1', name: 't1 tool', func: 'return "t1"' }], Other: ['t1'] };
    expect(remapIds(bundle, new Map([['t1', newId]]))).toEqual({
      Tool: [{ id: newId, name: 't1 tool', func: 'return "t1"' }],
      Other: [newId],
    });
  });

  it('returns the bundle itself when nothing is renamed', () => {
    const bundle = { a: [1] };
    expect(remapIds(bundle, new Map())).toBe(bundle);
  });
});
