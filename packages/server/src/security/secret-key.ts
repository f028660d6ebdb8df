import { chmodSync, openSync, readFileSync, writeSync, closeSync, statSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { ensurePrivateFolder } from './private-files.js';

export const SECRET_KEY_FILE = 'secret.key';

/**
 * The server's master secret: `FLOWLOOM_SECRET_KEY` when set, else `<home>/secret.key`.
 * The file is created once (exclusive create, mode 0600) and never replaced: an empty or unreadable
 * file stops the server, because a new key would make every stored credential unreadable.
 */
export function loadSecretKey(home: string, fromEnv: string | undefined): string {
  if (fromEnv) return fromEnv;
  ensurePrivateFolder(home);
  const path = join(home, SECRET_KEY_FILE);
  try {
    const fd = openSync(path, 'wx', 0o600);
    try {
      writeSync(fd, randomBytes(48).toString('base64url') + '\n');
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const key = readFileSync(path, 'utf8').trim();
  if (key.length < 32) {
    throw new Error(
      `The secret key file ${path} is empty or too short. Restore it from a backup (credentials are encrypted with it) or set FLOWLOOM_SECRET_KEY.`,
    );
  }
  if ((statSync(path).mode & 0o077) !== 0) chmodSync(path, 0o600);
  return key;
}
