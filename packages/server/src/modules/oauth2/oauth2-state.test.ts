import { describe, expect, it } from 'vitest';
import { readState, signState, STATE_LIFETIME_MS } from './oauth2-state.js';

const key = Buffer.alloc(32, 7);
const now = new Date('2026-06-01T10:00:00Z');
const state = {
  credentialId: 'cred-1',
  workspaceId: 'ws-1',
  nonce: 'n0nce',
  expiresAt: now.getTime() + STATE_LIFETIME_MS,
};

describe('OAuth2 state', () => {
  it('reads back what this server signed, until it expires', () => {
    const signed = signState(key, state);
    expect(signed).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(readState(key, signed, now)).toEqual({ ok: true, state });
    expect(readState(key, signed, new Date(state.expiresAt))).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses another key, a changed payload or signature, and anything that is not a state', () => {
    const signed = signState(key, state);
    const [payload, signature] = signed.split('.') as [string, string];
    const moved = Buffer.from(
      JSON.stringify({ c: 'cred-2', w: 'ws-1', n: 'n0nce', e: state.expiresAt }),
    ).toString('base64url');
    for (const bad of [
      signState(Buffer.alloc(32, 8), state),
      `${moved}.${signature}`,
      `${payload}.${signature.slice(1)}`,
      `${payload}.${signature}.x`,
      'x'.repeat(2000),
      undefined,
      ['a', 'b'],
    ])
      expect(readState(key, bad, now)).toEqual({ ok: false, reason: 'invalid' });
  });
});
