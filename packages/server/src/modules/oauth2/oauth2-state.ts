import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long a sign-in may take, from Authenticate to the provider's callback. */
export const STATE_LIFETIME_MS = 10 * 60_000;
/** Longest `state` the callback reads (ours are about 200 characters). */
const MAX_STATE_LENGTH = 1024;

/**
 * What the `state` of one sign-in carries: the credential and workspace it fills, a nonce that the
 * credential also holds until the callback uses it (so each state works once), and when it expires.
 */
export interface OAuth2State {
  credentialId: string;
  workspaceId: string;
  nonce: string;
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

export type StateReading = { ok: true; state: OAuth2State } | { ok: false; reason: 'invalid' | 'expired' };

const sign = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

/** A fresh nonce for a sign-in (128 random bits). */
export const newNonce = () => randomBytes(16).toString('base64url');

/** `<payload>.<signature>`: base64url JSON signed with HMAC-SHA256, safe in a URL as it is. */
export function signState(key: Buffer, state: OAuth2State): string {
  const payload = Buffer.from(
    JSON.stringify({ c: state.credentialId, w: state.workspaceId, n: state.nonce, e: state.expiresAt }),
  ).toString('base64url');
  return `${payload}.${sign(key, payload)}`;
}

/** The state a callback brought back, if this server signed it and it has not expired. */
export function readState(key: Buffer, text: unknown, now: Date): StateReading {
  if (typeof text !== 'string' || text.length > MAX_STATE_LENGTH) return { ok: false, reason: 'invalid' };
  const [payload, signature, extra] = text.split('.');
  if (!payload || !signature || extra !== undefined) return { ok: false, reason: 'invalid' };
  const expected = Buffer.from(sign(key, payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, reason: 'invalid' };
  let fields: Record<string, unknown>;
  try {
    fields = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  const { c, w, n, e } = fields;
  if (typeof c !== 'string' || typeof w !== 'string' || typeof n !== 'string' || typeof e !== 'number')
    return { ok: false, reason: 'invalid' };
  if (e <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, state: { credentialId: c, workspaceId: w, nonce: n, expiresAt: e } };
}

/** The field of an OAuth2 credential holding the sign-in under way (its nonce and PKCE verifier). */
export const PENDING_SIGN_IN_FIELD = 'oauth2_pending';
