import { describe, expect, it } from 'vitest';
import { jsonSizeWithin } from './json-size.js';

describe('jsonSizeWithin', () => {
  it('measures about as JSON.stringify does', () => {
    const value = { a: 'hello', list: [1, true, null, { nested: 'x' }] };
    const length = JSON.stringify(value).length;
    expect(jsonSizeWithin(value, length)).toBe(true);
    expect(jsonSizeWithin(value, length - 5)).toBe(false);
    expect(jsonSizeWithin('x'.repeat(10), 12)).toBe(true);
    expect(jsonSizeWithin('x'.repeat(11), 12)).toBe(false);
  });

  it('stops early on a huge value and never overflows on a deep one', () => {
    expect(jsonSizeWithin(new Array(1_000_000).fill('abc'), 1000)).toBe(false);
    let deep: unknown = 'x';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(jsonSizeWithin(deep, 1_000_000)).toBe(true);
    expect(jsonSizeWithin(deep, 1000)).toBe(false);
  });
});
