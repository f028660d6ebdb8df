import { describe, expect, it } from 'vitest';
import { createGroupWriter } from './group-writer.js';

describe('group writer', () => {
  it('writes the groups asked for in one turn as one insert, resolving each after it', async () => {
    const inserts: number[][] = [];
    const writer = createGroupWriter<number>(async (rows) => {
      inserts.push(rows);
      return Promise.resolve();
    });
    await Promise.all([writer.write([1, 2]), writer.write([3, 4]), writer.write([5])]);
    expect(inserts).toEqual([[1, 2, 3, 4, 5]]);
    await writer.write([6]);
    expect(inserts).toEqual([[1, 2, 3, 4, 5], [6]]);
  });

  it('fails only the group that cannot be written', async () => {
    const stored: number[] = [];
    const writer = createGroupWriter<number>(async (rows) => {
      if (rows.includes(13)) throw new Error('constraint failed');
      stored.push(...rows);
      return Promise.resolve();
    });
    const results = await Promise.allSettled([
      writer.write([1, 2]),
      writer.write([13, 14]),
      writer.write([3]),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(stored).toEqual([1, 2, 3]);
  });

  it('keeps each statement under the row limit, never splitting a group', async () => {
    const sizes: number[] = [];
    const writer = createGroupWriter<number>(async (rows) => {
      sizes.push(rows.length);
      return Promise.resolve();
    });
    await Promise.all(Array.from({ length: 300 }, (_, i) => writer.write([i, i])));
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(600);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(400);
    expect(sizes.every((n) => n % 2 === 0)).toBe(true);
  });
});
