import { describe, expect, it } from 'vitest';
import { nodeContext } from '../common/test-harness.js';
import { evaluateRow, stripMarkdown } from './compare.js';
import { conditionAgentflow } from './conditionAgentflow.js';

describe('evaluateRow', () => {
  it.each([
    ['string', 'abc', 'equal', 'abc', true],
    ['string', 'abc', 'notEqual', 'abc', false],
    ['string', 'abc', 'contains', 'b', true],
    ['string', 'abc', 'notContains', 'b', false],
    ['string', 'abc', 'startsWith', 'ab', true],
    ['string', 'abc', 'endsWith', 'bc', true],
    ['string', 'abc', 'regex', '^a.c$', true],
    ['string', 'abc', 'regex', '[', false],
    ['string', '', 'isEmpty', '', true],
    ['string', '{{ x }}', 'isEmpty', '', false],
    ['string', 'x', 'notEmpty', '', true],
    ['number', '3', 'equal', 3, true],
    ['number', '3', 'notEqual', 3, false],
    ['number', '4', 'larger', '3', true],
    ['number', '3', 'largerEqual', '3', true],
    ['number', '2', 'smaller', '3', true],
    ['number', '3', 'smallerEqual', '3', true],
    ['number', '', 'isEmpty', 0, true],
    ['number', 'abc', 'equal', 0, true],
    ['number', '5', 'notEmpty', 0, true],
    ['boolean', true, 'equal', true, true],
    ['boolean', 'true', 'equal', true, true],
    ['boolean', false, 'notEqual', true, true],
  ])('%s %j %s %j → %s', (type, value1, operation, value2, expected) => {
    expect(evaluateRow({ type, value1, operation, value2 })).toBe(expected);
  });

  it('compares Markdown as plain text', () => {
    expect(stripMarkdown('**bold** and _it_ and `code` # not heading')).toBe(
      'bold and it and code # not heading',
    );
    expect(stripMarkdown('# Title')).toBe('Title');
    expect(stripMarkdown('snake_case_name')).toBe('snake_case_name');
  });
});

describe('conditionAgentflow', () => {
  it('fulfils the first matching row only and adds an Else output', async () => {
    const ctx = nodeContext(conditionAgentflow, {
      conditions: [
        { type: 'string', value1: 'ab', operation: 'contains', value2: 'a' },
        { type: 'string', value1: 'ab', operation: 'contains', value2: 'b' },
      ],
    });
    const result = await conditionAgentflow.run(ctx);
    expect(result.output.conditions!.map((c) => c.isFulfilled)).toEqual([true, false, false]);
    expect(result.output.content).toBeUndefined();
    expect(result.input.conditions).toHaveLength(2);
  });
});
