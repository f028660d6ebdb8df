import { describe, expect, it } from 'vitest';
import { nodeContext } from '../common/test-harness.js';
import { iterationAgentflow } from './iterationAgentflow.js';
import { parseLenientJson } from './lenient-json.js';

describe('parseLenientJson', () => {
  it.each([
    ['["a","b"]', ['a', 'b']],
    ["['a', 'b',]", ['a', 'b']],
    ['[{task: \'x\'}, {"task": "y"}]', [{ task: 'x' }, { task: 'y' }]],
    ["['it\\'s', // note\n 1, true, null]", ["it's", 1, true, null]],
  ])('%s', (text, value) => expect(parseLenientJson(text)).toEqual(value));
});

describe('iterationAgentflow', () => {
  it('hands the items to the executor', async () => {
    const result = await iterationAgentflow.run(
      nodeContext(iterationAgentflow, { iterationInput: '[1, 2]' }),
    );
    expect(result.output.iterationItems).toEqual([1, 2]);
    expect(iterationAgentflow.iteration).toBe(true);
  });

  it.each(['{"a":1}', 'not json', ''])('refuses %j with "Invalid input array"', async (iterationInput) => {
    await expect(iterationAgentflow.run(nodeContext(iterationAgentflow, { iterationInput }))).rejects.toThrow(
      'Invalid input array',
    );
  });
});
