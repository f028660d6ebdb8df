import { describe, expect, it } from 'vitest';
import { findUnsafeJson, jsonTextDepthWithin, nameText, unsafeNameReason, unsafeTextReason } from './text.js';

describe('text hygiene', () => {
  it('finds NULs and lone surrogates, and lets whole surrogate pairs through', () => {
    expect(unsafeTextReason('fine 😀 text\n\t')).toBeUndefined();
    expect(unsafeTextReason('a\u0000b')).toBe('contains a NUL character');
    expect(unsafeTextReason('a\ud800b')).toMatch(/surrogate/);
    expect(unsafeTextReason('a\udc00')).toMatch(/surrogate/);
    expect(unsafeTextReason('\ud83d')).toMatch(/surrogate/);
  });

  it('keeps names free of control characters and line breaks', () => {
    expect(unsafeNameReason('My flow – v2 😀')).toBeUndefined();
    expect(unsafeNameReason('two\nlines')).toMatch(/control characters/);
    expect(unsafeNameReason('bell\u0007')).toMatch(/control characters/);
    expect(nameText('Key name').safeParse('  ').error?.issues[0]?.message).toBe('Key name is required');
    expect(nameText('Key name').safeParse('a\tb').error?.issues[0]?.message).toBe(
      'Key name must not contain control characters or line breaks',
    );
    expect(nameText('Key name').parse('  Prod  ')).toBe('Prod');
  });

  it('measures JSON text depth from its brackets, ignoring brackets inside strings', () => {
    expect(jsonTextDepthWithin('{"a":[[1]]}', 3)).toBe(true);
    expect(jsonTextDepthWithin('{"a":[[1]]}', 2)).toBe(false);
    expect(jsonTextDepthWithin('{"a":"[[[[[[\\"[["}', 1)).toBe(true);
    expect(jsonTextDepthWithin('['.repeat(1_000_000), 64)).toBe(false);
  });

  it('walks a parsed body without recursion and names the first bad place', () => {
    expect(findUnsafeJson({ a: [{ b: 'ok' }], c: 1 })).toBeUndefined();
    expect(findUnsafeJson({ history: [{ content: 'x' }, { content: 'y\u0000' }] })).toEqual({
      path: 'history[1].content',
      reason: 'contains a NUL character',
    });
    expect(findUnsafeJson({ ['k\ud800']: 1 })?.reason).toMatch(/has a name that contains half/);
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findUnsafeJson({ chatbotConfig: deep })).toEqual({
      path: 'chatbotConfig',
      reason: 'nests deeper than 64 levels',
    });
    let ok: unknown = 1;
    for (let i = 0; i < 64; i++) ok = { a: ok };
    expect(findUnsafeJson(ok)).toBeUndefined();
    expect(findUnsafeJson({ a: ok })?.reason).toBe('nests deeper than 64 levels');
  });
});
