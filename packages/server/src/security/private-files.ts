import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from 'node:fs';

const GROUP_OR_OTHERS = 0o077;

/**
 * The data folder holds the database, the secret key and uploads: created for its owner only (0700),
 * and tightened when an earlier version or another tool left it readable by others.
 */
export function ensurePrivateFolder(path: string): void {
  mkdirSync(path, { recursive: true, mode: 0o700 });
  if ((statSync(path).mode & GROUP_OR_OTHERS) !== 0) chmodSync(path, 0o700);
}

/**
 * A file readable by its owner only (0600): created empty when missing, tightened when it exists.
 * SQLite gives its `-wal` and `-shm` files the mode of the database file, so they follow.
 */
export function ensurePrivateFile(path: string): void {
  if (!existsSync(path)) closeSync(openSync(path, 'a', 0o600));
  if ((statSync(path).mode & GROUP_OR_OTHERS) !== 0) chmodSync(path, 0o600);
}
