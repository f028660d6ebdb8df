import { describe, expect, it } from 'vitest';
import { isUuid } from './ids.js';

describe('isUuid', () => {
  it('accepts UUIDs in either case and nothing else', () => {
    expect(isUuid('afb412af-a116-4d57-9c1e-2f3a4b5c6d7e')).toBe(true);
    expect(isUuid('AFB412AF-A116-4D57-9C1E-2F3A4B5C6D7E')).toBe(true);
    expect(isUuid('gpt-4o-mini')).toBe(false);
    expect(isUuid(' afb412af-a116-4d57-9c1e-2f3a4b5c6d7e')).toBe(false);
  });
});
