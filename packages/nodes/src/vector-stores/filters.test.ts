import { describe, expect, it } from 'vitest';
import { allOf, storeFilterInput } from './filters.js';

describe('storeFilterInput', () => {
  it('reads JSON text or an object, and treats empty as no filter', () => {
    expect(storeFilterInput('{"source": {"$eq": "a"}}', 'F')).toEqual({ source: { $eq: 'a' } });
    expect(storeFilterInput({ must: [] }, 'F')).toEqual({ must: [] });
    expect(storeFilterInput('  ', 'F')).toBeUndefined();
    expect(storeFilterInput('{}', 'F')).toBeUndefined();
    expect(storeFilterInput(undefined, 'F')).toBeUndefined();
  });

  it('names the input when the filter is not a JSON object', () => {
    expect(() => storeFilterInput('{source: a}', 'Pinecone Metadata Filter')).toThrow(
      'Pinecone Metadata Filter is not valid JSON: {source: a}',
    );
    expect(() => storeFilterInput('[1]', 'Qdrant Search Filter')).toThrow(
      'Qdrant Search Filter must be a JSON object',
    );
    expect(() => storeFilterInput(3, 'Chroma Metadata Filter')).toThrow(
      'Chroma Metadata Filter must be a JSON object',
    );
  });
});

describe('allOf', () => {
  it('nests two filters under $and, keeping an $or of either whole', () => {
    const own = { $or: [{ a: 1 }, { b: 2 }] };
    expect(allOf(own, { c: 3 })).toEqual({ $and: [own, { c: 3 }] });
    expect(allOf(undefined, { c: 3 })).toEqual({ c: 3 });
    expect(allOf(own, undefined)).toBe(own);
    expect(allOf(undefined, undefined)).toBeUndefined();
  });
});
