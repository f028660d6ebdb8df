import { describe, expect, it } from 'vitest';
import { timeOrderedId } from './ids.js';

describe('timeOrderedId', () => {
  it('is a version 7, variant 1 UUID', () => {
    expect(timeOrderedId()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('starts with the time, so later ids sort after earlier ones', () => {
    const earlier = timeOrderedId(1_700_000_000_000);
    const later = timeOrderedId(1_700_000_000_001);
    expect(earlier < later).toBe(true);
    expect(earlier.replace(/-/g, '').slice(0, 12)).toBe((1_700_000_000_000).toString(16).padStart(12, '0'));
  });

  it('differs between calls in the same millisecond', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => timeOrderedId(1_700_000_000_000)));
    expect(ids.size).toBe(1000);
  });
});
