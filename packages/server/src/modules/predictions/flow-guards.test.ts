import { describe, expect, it } from 'vitest';
import { createRateLimiter, originRefusal, rateLimitOf } from './flow-guards.js';

describe('rateLimitOf', () => {
  it('reads a switched-on limit, numbers given as text (as the web app saves them)', () => {
    expect(
      rateLimitOf(
        JSON.stringify({ rateLimit: { status: true, limitMax: '5', limitDuration: '2', limitMsg: 'Wait' } }),
      ),
    ).toEqual({ limitMax: 5, limitDuration: 2, limitMsg: 'Wait' });
  });

  it('is off when switched off, incomplete or unreadable, and gives a default message', () => {
    expect(rateLimitOf(null)).toBeUndefined();
    expect(rateLimitOf('{not json')).toBeUndefined();
    expect(
      rateLimitOf(JSON.stringify({ rateLimit: { status: false, limitMax: 1, limitDuration: 1 } })),
    ).toBeUndefined();
    expect(
      rateLimitOf(JSON.stringify({ rateLimit: { status: true, limitMax: 0, limitDuration: 1 } })),
    ).toBeUndefined();
    expect(
      rateLimitOf(JSON.stringify({ rateLimit: { status: true, limitMax: 1, limitDuration: 1 } }))?.limitMsg,
    ).toBe('Too many requests, please try again later.');
  });
});

describe('createRateLimiter', () => {
  it('counts per flow and client in fixed windows, and starts over when the limit changes', () => {
    let now = 0;
    const limiter = createRateLimiter({ now: () => new Date(now) });
    const limit = { limitMax: 2, limitDuration: 10, limitMsg: 'x' };
    expect(limiter.hit('f', 'a', limit)).toBeUndefined();
    expect(limiter.hit('f', 'a', limit)).toBeUndefined();
    now = 4_000;
    expect(limiter.hit('f', 'a', limit)).toBe(6);
    expect(limiter.hit('f', 'b', limit)).toBeUndefined();
    expect(limiter.hit('g', 'a', limit)).toBeUndefined();
    expect(limiter.hit('f', 'a', { ...limit, limitMax: 3 })).toBeUndefined();
    now = 14_000;
    expect(limiter.hit('f', 'a', limit)).toBeUndefined();
  });
});

describe('originRefusal', () => {
  const config = (allowedOrigins: unknown, allowedOriginsError?: string) =>
    JSON.stringify({ allowedOrigins, allowedOriginsError });

  it('passes requests without an Origin and flows without a list', () => {
    expect(originRefusal(config(['https://a.example']), undefined)).toBeUndefined();
    expect(originRefusal(null, 'https://evil.example')).toBeUndefined();
    expect(originRefusal(config(['', ' ']), 'https://evil.example')).toBeUndefined();
  });

  it('compares hosts (ports included), refusing with the configured or default text', () => {
    expect(originRefusal(config(['https://a.example/page']), 'https://a.example')).toBeUndefined();
    expect(originRefusal(config(['http://a.example:8080']), 'http://a.example:8080')).toBeUndefined();
    expect(originRefusal(config(['http://a.example:8080']), 'http://a.example')).toBe(
      'This site is not allowed to access this chatbot',
    );
    expect(originRefusal(config(['https://a.example'], 'Nope'), 'null')).toBe('Nope');
  });
});
