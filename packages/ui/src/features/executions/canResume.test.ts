import { describe, expect, it } from 'vitest';
import { canResume } from './canResume';
import type { EntryStatus, ExecutedEntry } from './executionTypes';

const trace = (...statuses: EntryStatus[]): ExecutedEntry[] =>
  statuses.map((status, i) => ({
    nodeId: `n_${i}`,
    nodeLabel: `n ${i}`,
    previousNodeIds: [],
    status,
    data: { id: `n_${i}`, name: 'n' },
  }));

describe('canResume', () => {
  it('accepts a STOPPED execution', () => {
    expect(canResume({ state: 'STOPPED', executionData: trace('FINISHED', 'STOPPED') })).toBe(true);
  });

  it('accepts an ERROR execution whose resume failed', () => {
    expect(canResume({ state: 'ERROR', executionData: trace('FINISHED', 'STOPPED', 'ERROR') })).toBe(true);
  });

  it('refuses other states and other errors', () => {
    expect(canResume({ state: 'ERROR', executionData: trace('FINISHED', 'ERROR') })).toBe(false);
    expect(canResume({ state: 'FINISHED', executionData: trace('STOPPED') })).toBe(false);
    expect(canResume({ state: 'INPROGRESS', executionData: trace('STOPPED') })).toBe(false);
    expect(canResume({ state: 'TERMINATED', executionData: [] })).toBe(false);
  });
});
