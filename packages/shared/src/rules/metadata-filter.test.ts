import { describe, expect, it } from 'vitest';
import { matchesMetadataFilter, parseMetadataFilter } from './metadata-filter.js';

const match = (metadata: Record<string, unknown>, filter: unknown) =>
  matchesMetadataFilter(metadata, parseMetadataFilter(filter)!);

describe('metadata filters', () => {
  it('treats empty text and {} as no filter, and parses JSON text', () => {
    expect(parseMetadataFilter('')).toBeUndefined();
    expect(parseMetadataFilter('{}')).toBeUndefined();
    expect(parseMetadataFilter('{"source":"a"}')).toEqual({ source: 'a' });
  });

  it('matches equality, list membership and nested keys', () => {
    expect(match({ source: 'apple' }, { source: 'apple' })).toBe(true);
    expect(match({ source: 'tesla' }, { source: 'apple' })).toBe(false);
    expect(match({ tags: ['a', 'b'] }, { tags: 'b' })).toBe(true);
    expect(match({ author: { name: 'Ada' } }, { 'author.name': 'Ada' })).toBe(true);
    expect(match({ 'loc.page': 2 }, { 'loc.page': 2 })).toBe(true);
  });

  it('applies comparison, set and existence operators', () => {
    const page = { page: 3, source: 'a.pdf' };
    expect(match(page, { page: { $gte: 3, $lt: 4 } })).toBe(true);
    expect(match(page, { page: { $gt: 3 } })).toBe(false);
    expect(match(page, { source: { $in: ['a.pdf', 'b.pdf'] } })).toBe(true);
    expect(match(page, { source: { $nin: ['a.pdf'] } })).toBe(false);
    expect(match(page, { chat: { $exists: false } })).toBe(true);
    expect(match(page, { page: { $ne: 3 } })).toBe(false);
    expect(match(page, { page: { $gt: 'x' } })).toBe(false);
  });

  it('combines filters with $and and $or (the chat-upload rule)', () => {
    const filter = { $or: [{ flowise_chatId: 'c1' }, { flowise_chatId: { $exists: false } }] };
    expect(match({ flowise_chatId: 'c1' }, filter)).toBe(true);
    expect(match({}, filter)).toBe(true);
    expect(match({ flowise_chatId: 'c2' }, filter)).toBe(false);
    expect(match({ a: 1, b: 2 }, { $and: [{ a: 1 }, { b: 2 }] })).toBe(true);
  });

  it('refuses what it cannot evaluate, saying what is wrong', () => {
    expect(() => parseMetadataFilter('{source')).toThrow(/not valid JSON/);
    expect(() => parseMetadataFilter('[1]')).toThrow(/JSON object/);
    expect(() => parseMetadataFilter({ $where: 'x' })).toThrow(/Unknown operator \$where/);
    expect(() => parseMetadataFilter({ a: { $regex: 'x' } })).toThrow(/Unknown operator \$regex for "a"/);
    expect(() => parseMetadataFilter({ a: ['x'] })).toThrow(/use \$in/);
    expect(() => parseMetadataFilter({ a: { $in: 'x' } })).toThrow(/list of values/);
    expect(() => parseMetadataFilter({ $or: [] })).toThrow(/list of filters/);
    let deep: Record<string, unknown> = { a: 1 };
    for (let i = 0; i < 10; i++) deep = { $and: [deep] };
    expect(() => parseMetadataFilter(deep)).toThrow(/nested deeper/);
    const many = Array.from({ length: 300 }, (_, i) => `s${i}`);
    expect(() => parseMetadataFilter({ source: { $in: many } })).toThrow(/more than 200 conditions/);
  });
});
