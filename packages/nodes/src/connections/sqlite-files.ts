import { realpath, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { isAbsolute, relative, resolve } from 'node:path';
import { spawn } from 'node:child_process';
import type { NodeContext } from '@flowloom/engine';

/**
 * A user's own SQLite file (Sql Database Chain), read with `better-sqlite3` like the PostgreSQL and
 * MySQL paths read theirs: only files in the folder the operator names (FLOWLOOM_SQLITE_DIR), opened
 * read-only, only statements that read rows, with a time and row limit. The driver is synchronous
 * and cannot be interrupted, so queries run in a small child process (no environment of the
 * server's): a slow query holds that process, never the server, and is killed at its time limit.
 * Flowloom's own database stays the server's.
 */

/** Limits of the SQLite path; tests shorten them (each test file has its own module instance). */
export const SQLITE_LIMITS = {
  /** One query, from sending it to its last row. */
  queryMs: 20_000,
  /** Rows one query may return at most (more are cut off and reported). */
  maxRows: 10_000,
};

const MAX_PATH = 1_000;

/**
 * The real path of the SQLite file a flow names, inside the operator's folder: a name relative to
 * the folder (`shop.db`, `sales/2024.sqlite`) or an absolute path in it. `..`, paths elsewhere and
 * links that lead out of the folder are refused, all with a message naming the node.
 */
export async function sqliteFilePath(ctx: NodeContext, service: string, value: string): Promise<string> {
  const folder = ctx.run.services.sqliteDirectory;
  if (!folder)
    throw new Error(
      `${service}: this server's administrator has not allowed SQLite files (FLOWLOOM_SQLITE_DIR names the folder flows may read them from); use PostgreSQL or MySQL`,
    );
  const typed = value.replace(/^(sqlite|file):(\/\/)?/i, '').trim();
  if (!typed) throw new Error(`${service}: enter the path of the SQLite file`);
  if (typed.length > MAX_PATH || typed.includes('\0'))
    throw new Error(`${service}: the SQLite file path is not a usable path`);
  let root: string;
  try {
    root = await realpath(folder);
  } catch {
    throw new Error(`${service}: the server's SQLite folder does not exist (FLOWLOOM_SQLITE_DIR)`);
  }
  const outside = (path: string, base: string) => {
    const rel = relative(base, path);
    return rel === '' || rel.startsWith('..') || isAbsolute(rel);
  };
  const wanted = isAbsolute(typed) ? resolve(typed) : resolve(root, typed);
  if (outside(wanted, root) && outside(wanted, resolve(folder)))
    throw new Error(
      `${service}: the SQLite file must be in the server's SQLite folder (give its name within it)`,
    );
  let real: string;
  try {
    real = await realpath(wanted);
  } catch {
    throw new Error(`${service}: there is no file ${typed} in the server's SQLite folder`);
  }
  if (outside(real, root))
    throw new Error(
      `${service}: the SQLite file must be in the server's SQLite folder (a link may not lead out of it)`,
    );
  if (!(await stat(real)).isFile()) throw new Error(`${service}: ${typed} is not a file`);
  return real;
}

/** Runs in the child: opens the file read-only and answers `{id, sql, values, maxRows}` messages. */
const READER = `
const [driver, file] = process.argv.slice(-2);
const Database = require(driver);
let db;
let openError;
try {
  db = new Database(file, { readonly: true, fileMustExist: true, timeout: 2000 });
} catch (error) {
  openError = error;
}
const cell = (value) =>
  typeof value === 'bigint' ? value.toString()
  : value instanceof Uint8Array ? '[blob of ' + value.length + ' bytes]'
  : value;
process.on('message', ({ id, sql, values, maxRows }) => {
  try {
    if (openError) throw openError;
    const statement = db.prepare(sql);
    if (!statement.reader) throw new Error('only statements that read rows may run (SELECT)');
    const rows = [];
    let more = false;
    for (const row of statement.iterate(...values)) {
      if (rows.length >= maxRows) { more = true; break; }
      const clean = {};
      for (const key of Object.keys(row)) clean[key] = cell(row[key]);
      rows.push(clean);
    }
    process.send({ id, rows, more });
  } catch (error) {
    process.send({ id, error: String(error && error.message || error) });
  }
});
`;

interface Answer {
  id: number;
  rows?: Record<string, unknown>[];
  more?: boolean;
  error?: string;
}

export interface SqliteReader {
  /** The rows of one reading statement (at most `SQLITE_LIMITS.maxRows`). */
  query(sql: string, values?: unknown[]): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
}

/** Where `better-sqlite3` is, for the child (loaded there, never in the server's own process). */
const driverPath = () => createRequire(import.meta.url).resolve('better-sqlite3');

/** Opens the file in a child process; every query gets its own time limit. */
export function openSqliteReader(ctx: NodeContext, service: string, file: string): SqliteReader {
  const child = spawn(
    process.execPath,
    ['--max-old-space-size=256', '-e', READER, '--', driverPath(), file],
    {
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
      env: {},
      serialization: 'advanced',
    },
  );
  child.unref();
  const stop = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  let nextId = 1;
  let failure: Error | undefined;
  const pending = new Map<number, (answer: Omit<Answer, 'id'>) => void>();
  const failAll = (error: Error) => {
    failure ??= error;
    for (const settle of pending.values()) settle({ error: error.message });
    pending.clear();
  };
  child.on('message', (answer: Answer) => {
    const settle = pending.get(answer.id);
    pending.delete(answer.id);
    settle?.(answer);
  });
  child.on('error', (error) => failAll(error));
  child.on('exit', () => failAll(new Error('the SQLite reader stopped')));
  return {
    query(sql, values = []) {
      if (failure) return Promise.reject(new Error(`${service}: ${failure.message}`));
      const id = nextId++;
      const limit = SQLITE_LIMITS.queryMs;
      return new Promise((resolvePromise, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          failure = new Error(`a query ran longer than ${limit / 1000} s and was stopped`);
          stop();
          reject(new Error(`${service}: the query ran longer than ${limit / 1000} s and was stopped`));
        }, limit);
        const onAbort = () => {
          clearTimeout(timer);
          pending.delete(id);
          stop();
          reject(ctx.run.signal.reason instanceof Error ? ctx.run.signal.reason : new Error('aborted'));
        };
        ctx.run.signal.addEventListener('abort', onAbort, { once: true });
        pending.set(id, (answer) => {
          clearTimeout(timer);
          ctx.run.signal.removeEventListener('abort', onAbort);
          if (answer.error !== undefined) reject(new Error(`${service}: ${answer.error}`));
          else {
            if (answer.more)
              ctx.run.services.logger.warn(`${service}: a query's rows were cut off`, {
                maxRows: SQLITE_LIMITS.maxRows,
              });
            resolvePromise(answer.rows ?? []);
          }
        });
        child.send({ id, sql, values, maxRows: SQLITE_LIMITS.maxRows });
      });
    },
    close() {
      stop();
      return Promise.resolve();
    },
  };
}
