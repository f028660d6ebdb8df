import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';

/** Keys for separate purposes, each derived from the master secret with HKDF so one can't stand in for another. */
export interface Keys {
  /** AES-256-GCM key for credential data at rest. */
  encryption: Buffer;
  /** HMAC-SHA256 key for access and refresh tokens. */
  jwt: Buffer;
  /** HMAC key for hashing API keys and one-time tokens before they are stored. */
  tokenHash: Buffer;
  /** HMAC key signing the `state` of an OAuth2 sign-in. */
  oauth2State: Buffer;
}

export function deriveKeys(secret: string): Keys {
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', secret, 'flowloom', info, 32));
  return {
    encryption: derive('credential-encryption'),
    jwt: derive('jwt'),
    tokenHash: derive('token-hash'),
    oauth2State: derive('oauth2-state'),
  };
}

const VERSION = 'v1';

/** AES-256-GCM: `v1.<iv>.<tag>.<ciphertext>`, base64url parts. */
export function encrypt(key: Buffer, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [
    VERSION,
    iv.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
    body.toString('base64url'),
  ].join('.');
}

export function decrypt(key: Buffer, sealed: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined)
    throw new Error('Unrecognised encrypted data format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/** Keyed hash of a high-entropy token (API key, reset token): fast to check, useless if the table leaks. */
export function hashToken(key: Buffer, token: string): string {
  return createHmac('sha256', key).update(token).digest('hex');
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}
