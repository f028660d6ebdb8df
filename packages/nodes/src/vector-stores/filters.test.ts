import { describe, expect, it } from 'vitest';
import { storeFilterInput } from './filters.js';

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
