import { describe, expect, it } from 'vitest';
import { nodeLoadMethodBody, toLoadMethodNode } from './node-load-method.js';

describe('the node-load-method request body', () => {
  it('takes Flowise node data as sent, ignoring fields it does not read', () => {
    const body = nodeLoadMethodBody.parse({
      loadMethod: 'listPreviousNodes',
      inputs: { a: 1 },
      credential: '',
      id: 'loopAgentflow_0',
      inputParams: [],
      previousNodes: [
        { id: 'llmAgentflow_0', name: 'llmAgentflow', label: 'Writer', inputs: {}, selected: true },
        { id: 'startAgentflow_0', name: 'startAgentflow', label: null, inputs: null },
      ],
    });
    expect(body).not.toHaveProperty('inputParams');
    expect(body.previousNodes!.map(toLoadMethodNode)).toEqual([
      { id: 'llmAgentflow_0', name: 'llmAgentflow', label: 'Writer', inputs: {} },
      { id: 'startAgentflow_0', name: 'startAgentflow', label: 'startAgentflow_0', inputs: {} },
    ]);
  });

  it('accepts a bare method name and refuses wrongly typed parts', () => {
    expect(nodeLoadMethodBody.parse({ loadMethod: 'listModels' })).toEqual({ loadMethod: 'listModels' });
    const fails = (body: unknown) => nodeLoadMethodBody.safeParse(body).success === false;
    expect(fails({ loadMethod: '' })).toBe(true);
    expect(fails({ loadMethod: 'x', inputs: [] })).toBe(true);
    expect(fails({ loadMethod: 'x', previousNodes: {} })).toBe(true);
    expect(fails({ loadMethod: 'x', currentNode: { name: 'no id' } })).toBe(true);
  });
});
