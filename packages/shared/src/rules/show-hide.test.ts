import { describe, expect, it } from 'vitest';
import { isParamVisible, matchesCondition, visibleParams, type DisplayRules } from './show-hide.js';

describe('matchesCondition', () => {
  it('compares booleans, numbers and null by equality', () => {
    expect(matchesCondition(true, true)).toBe(true);
    expect(matchesCondition(true, false)).toBe(false);
    expect(matchesCondition(3, 3)).toBe(true);
    expect(matchesCondition(3, 4)).toBe(false);
    expect(matchesCondition(3, '3')).toBe(false);
    expect(matchesCondition(null, null)).toBe(true);
    expect(matchesCondition(null, undefined)).toBe(false);
  });

  it('accepts the strings "true" and "false" for boolean rules', () => {
    expect(matchesCondition(true, 'true')).toBe(true);
    expect(matchesCondition(false, 'false')).toBe(true);
    expect(matchesCondition(true, 'false')).toBe(false);
    expect(matchesCondition(false, undefined)).toBe(false);
  });

  it('matches a string rule by equality or as an unanchored regex', () => {
    expect(matchesCondition('chatOpenAI', 'chatOpenAI')).toBe(true);
    expect(matchesCondition('^chat', 'chatAnthropic')).toBe(true);
    expect(matchesCondition('gpt', 'azure-gpt-4')).toBe(true);
    expect(matchesCondition('^(a|b)$', 'b')).toBe(true);
    expect(matchesCondition('^(a|b)$', 'c')).toBe(false);
  });

  it('tests a string rule against the string form of numbers and booleans', () => {
    expect(matchesCondition('^1\\d$', 12)).toBe(true);
    expect(matchesCondition('true', true)).toBe(true);
  });

  it('reads a missing value as an empty string for string rules', () => {
    expect(matchesCondition('^$', undefined)).toBe(true);
    expect(matchesCondition('x', null)).toBe(false);
  });

  it('falls back to equality when the string rule is not a valid regex', () => {
    expect(matchesCondition('gpt-4o (preview', 'gpt-4o (preview')).toBe(true);
    expect(matchesCondition('gpt-4o (preview', 'gpt-4o')).toBe(false);
  });

  it('matches a string that is its own literal even when it is not a matching regex', () => {
    expect(matchesCondition('a+b', 'a+b')).toBe(true);
  });

  it('never matches a string rule against an object value', () => {
    expect(matchesCondition('object', { a: 1 })).toBe(false);
  });

  it('matches an array rule when the value is one of its items', () => {
    expect(matchesCondition(['openai', 'azure'], 'azure')).toBe(true);
    expect(matchesCondition(['openai', 'azure'], 'anthropic')).toBe(false);
    expect(matchesCondition([1, 2], 2)).toBe(true);
    expect(matchesCondition([{ a: 1 }], { a: 1 })).toBe(true);
  });

  it('uses plain membership rather than regex for array rules', () => {
    expect(matchesCondition(['gpt'], 'gpt-4')).toBe(false);
  });

  it('matches an array value when it contains the expected value', () => {
    expect(matchesCondition('pdf', ['txt', 'pdf'])).toBe(true);
    expect(matchesCondition('^p', ['txt', 'pdf'])).toBe(true);
    expect(matchesCondition('docx', ['txt', 'pdf'])).toBe(false);
    expect(matchesCondition(true, [false, true])).toBe(true);
    expect(matchesCondition({ k: 'v' }, [{ k: 'v' }])).toBe(true);
    expect(matchesCondition({ k: 'v' }, [{ k: 'w' }])).toBe(false);
  });

  it('matches two arrays when they share an item', () => {
    expect(matchesCondition(['a', 'b'], ['c', 'b'])).toBe(true);
    expect(matchesCondition(['a', 'b'], ['c', 'd'])).toBe(false);
    expect(matchesCondition(['a'], [])).toBe(false);
  });

  it('reads a string holding a JSON array as that array', () => {
    expect(matchesCondition('pdf', '["txt","pdf"]')).toBe(true);
    expect(matchesCondition(['csv'], '["txt","pdf"]')).toBe(false);
  });

  it('keeps a bracketed string that is not JSON as a string', () => {
    expect(matchesCondition('[x]', '[x]')).toBe(true);
  });

  it('compares objects by deep equality', () => {
    expect(matchesCondition({ a: 1, b: { c: [1, 2] } }, { b: { c: [1, 2] }, a: 1 })).toBe(true);
    expect(matchesCondition({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(matchesCondition({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
    expect(matchesCondition({ a: 1 }, [{ a: 2 }])).toBe(false);
    expect(matchesCondition({}, null)).toBe(false);
  });
});

describe('isParamVisible', () => {
  it('shows a parameter without rules', () => {
    expect(isParamVisible({}, {})).toBe(true);
    expect(isParamVisible({ show: {}, hide: {} }, { a: 1 })).toBe(true);
  });

  it('shows a parameter only when every show condition matches', () => {
    const param = { show: { enableMemory: true, memoryType: 'windowSize' } };
    expect(isParamVisible(param, { enableMemory: true, memoryType: 'windowSize' })).toBe(true);
    expect(isParamVisible(param, { enableMemory: true, memoryType: 'allMessages' })).toBe(false);
    expect(isParamVisible(param, { enableMemory: false, memoryType: 'windowSize' })).toBe(false);
    expect(isParamVisible(param, {})).toBe(false);
  });

  it('hides a parameter when any one hide condition matches, as Flowise does', () => {
    const param = { hide: { mode: 'simple', advanced: false } };
    expect(isParamVisible(param, { mode: 'simple', advanced: false })).toBe(false);
    expect(isParamVisible(param, { mode: 'simple', advanced: true })).toBe(false);
    expect(isParamVisible(param, { mode: 'full', advanced: false })).toBe(false);
    expect(isParamVisible(param, { mode: 'full', advanced: true })).toBe(true);
  });

  it('hides a parameter whose show rules match but whose hide rules also match', () => {
    const param = { show: { kind: 'http' }, hide: { method: 'GET' } };
    expect(isParamVisible(param, { kind: 'http', method: 'GET' })).toBe(false);
    expect(isParamVisible(param, { kind: 'http', method: 'POST' })).toBe(true);
  });

  it('reads dotted paths into nested input values', () => {
    const param = { show: { 'llmModelConfig.streaming': true } };
    expect(isParamVisible(param, { llmModelConfig: { streaming: true } })).toBe(true);
    expect(isParamVisible(param, { llmModelConfig: { streaming: false } })).toBe(false);
    expect(isParamVisible(param, { llmModelConfig: null })).toBe(false);
    expect(isParamVisible(param, {})).toBe(false);
  });

  it('reads numeric path segments as array indexes', () => {
    const param = { show: { 'rows.1.type': 'json' } };
    expect(isParamVisible(param, { rows: [{ type: 'string' }, { type: 'json' }] })).toBe(true);
  });

  it('prefers an input literally named with a dot over the nested path', () => {
    const param = { show: { 'a.b': 'flat' } };
    expect(isParamVisible(param, { 'a.b': 'flat', a: { b: 'nested' } })).toBe(true);
  });

  it('does not read inherited properties through a path', () => {
    expect(isParamVisible({ show: { toString: '^function' } }, {})).toBe(false);
    expect(isParamVisible({ show: { 'a.toString': '^function' } }, { a: {} })).toBe(false);
  });

  it('hides an input when a missing value matches a hide rule on the empty string', () => {
    expect(isParamVisible({ hide: { apiKey: '^$' } }, {})).toBe(false);
  });
});

describe('visibleParams', () => {
  it('keeps the visible parameters in their original order', () => {
    const params = [
      { name: 'a' },
      { name: 'b', show: { mode: 'advanced' } },
      { name: 'c', hide: { mode: 'advanced' } },
      { name: 'd', show: { mode: ['simple', 'advanced'] } },
    ];
    expect(visibleParams(params, { mode: 'advanced' }).map((p) => p.name)).toEqual(['a', 'b', 'd']);
    expect(visibleParams(params, { mode: 'simple' }).map((p) => p.name)).toEqual(['a', 'c', 'd']);
    expect(visibleParams(params, {}).map((p) => p.name)).toEqual(['a', 'c']);
  });

  it('returns a new array and leaves the input untouched', () => {
    const params: (DisplayRules & { name: string })[] = [{ name: 'a' }];
    const result = visibleParams(params, {});
    expect(result).not.toBe(params);
    expect(result[0]).toBe(params[0]);
  });
});
