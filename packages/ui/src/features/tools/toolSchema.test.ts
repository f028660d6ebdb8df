import { describe, expect, it } from 'vitest';
import { parseToolSchema, serializeToolSchema } from './toolSchema';

describe('tool argument schema', () => {
  it('round-trips the argument grid as a JSON string', () => {
    const rows = parseToolSchema(
      '[{"id":1,"property":"city","type":"string","description":"City","required":true},{"property":"days","type":"number"}]',
    );
    expect(rows).toEqual([
      { id: 1, property: 'city', type: 'string', description: 'City', required: true },
      { id: 2, property: 'days', type: 'number', description: '', required: false },
    ]);
    expect(JSON.parse(serializeToolSchema(rows))).toEqual([
      { id: 1, property: 'city', description: 'City', type: 'string', required: true },
      { id: 2, property: 'days', description: '', type: 'number', required: false },
    ]);
  });

  it('reads unreadable or empty schema as no rows', () => {
    expect(parseToolSchema(null)).toEqual([]);
    expect(parseToolSchema('')).toEqual([]);
    expect(parseToolSchema('{oops')).toEqual([]);
    expect(parseToolSchema('{"a":1}')).toEqual([]);
  });
});
