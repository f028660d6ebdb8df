import { createHmac } from 'node:crypto';
import { safeEqual } from './crypto.js';

/** Minimal HS256 JWT: the only algorithm we issue and the only one we accept. */
export interface JwtClaims {
  sub: string;
  sid: string;
  typ: 'access' | 'refresh';
  iat: number;
  exp: number;
}

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

export function signJwt(key: Buffer, claims: JwtClaims): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const signature = createHmac('sha256', key).update(`${HEADER}.${payload}`).digest('base64url');
  return `${HEADER}.${payload}.${signature}`;
}

export type JwtResult =
  | { ok: true; claims: JwtClaims }
  | { ok: false; reason: 'expired'; claims: JwtClaims }
  | { ok: false; reason: 'invalid' };

export function verifyJwt(key: Buffer, token: string, nowSeconds: number): JwtResult {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== HEADER) return { ok: false, reason: 'invalid' };
  const expected = createHmac('sha256', key).update(`${parts[0]}.${parts[1]}`).digest('base64url');
  if (!safeEqual(expected, parts[2] ?? '')) return { ok: false, reason: 'invalid' };
  let claims: JwtClaims;
  try {
    claims = JSON.parse(Buffer.from(parts[1] ?? '', 'base64url').toString('utf8')) as JwtClaims;
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if (typeof claims.sub !== 'string' || typeof claims.sid !== 'string' || typeof claims.exp !== 'number') {
    return { ok: false, reason: 'invalid' };
  }
  if (claims.exp <= nowSeconds) return { ok: false, reason: 'expired', claims };
  return { ok: true, claims };
}
