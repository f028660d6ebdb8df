import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import type { Pool } from 'pg';
import * as sqliteVec from 'sqlite-vec';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type Migration } from 'kysely';
import { ensurePrivateFile } from '../security/private-files.js';
import type { Database } from './schema.js';
import * as initial from './migrations/001-initial.js';
import * as executionStoppedReason from './migrations/002-execution-stopped-reason.js';
import * as documentStores from './migrations/003-document-stores.js';
import * as agentCheckpoints from './migrations/004-agent-checkpoints.js';

export type Db = Kysely<Database>;
export type DbKind = 'sqlite' | 'postgres';

export interface OpenDatabaseOptions {
  /** `postgres://…` for PostgreSQL, otherwise the SQLite file path (or `:memory:`). */
  url: string;
}

export interface OpenedDatabase {
  db: Db;
  kind: DbKind;
  /** The SQLite connection itself (with sqlite-vec loaded), for the embedded vector store. */
  sqlite?: SQLite.Database;
  /** Why sqlite-vec could not be loaded (a platform its package has no binary for); the rest works. */
  vectorExtensionError?: string;
  /** The PostgreSQL pool itself, for the embedded vector store (pgvector). */
  pool?: Pool;
}

/** Migrations in order. Names are sorted by Kysely, so keep the numeric prefix. */
export const migrations: Record<string, Migration> = {
  '001-initial': initial,
  '002-execution-stopped-reason': executionStoppedReason,
  '003-document-stores': documentStores,
  '004-agent-checkpoints': agentCheckpoints,
};

/** PostgreSQL's error class, once its driver is loaded. */
let postgresError: (new (...args: never[]) => Error) | undefined;

/** Whether an error is one of Flowloom's own database (SQLite's or PostgreSQL's): the server's fault. */
export function isDatabaseError(error: unknown): boolean {
  return (
    error instanceof SQLite.SqliteError || (postgresError !== undefined && error instanceof postgresError)
  );
}

/** Opens SQLite or PostgreSQL; the `pg` driver is only loaded when PostgreSQL is used. */
export async function openDatabase({ url }: OpenDatabaseOptions): Promise<OpenedDatabase> {
  if (/^postgres(ql)?:\/\//.test(url)) {
    const { default: pg } = await import('pg');
    postgresError = pg.DatabaseError;
    // Keep count/aggregate results as JS numbers (int8 would arrive as strings).
    pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    // A connection that breaks while idle (the server restarted) must not bring the process down:
    // the pool replaces it, and a query that needs the database reports the problem itself.
    pool.on('error', (error) =>
      process.emitWarning(`PostgreSQL connection lost while idle: ${error.message}`),
    );
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), kind: 'postgres', pool };
  }
  if (url !== ':memory:') {
    // A folder made here is private; an existing one (the user's choice) is left as it is.
    mkdirSync(dirname(url), { recursive: true, mode: 0o700 });
    ensurePrivateFile(url);
    for (const companion of [`${url}-wal`, `${url}-shm`])
      if (existsSync(companion)) ensurePrivateFile(companion);
  }
  const sqlite = new SQLite(url);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // The embedded vector store's functions and vec0 tables (the binary ships in the npm package).
  let vectorExtensionError: string | undefined;
  try {
    sqliteVec.load(sqlite);
  } catch (error) {
    vectorExtensionError = error instanceof Error ? error.message : String(error);
  }
  return {
    db: new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) }),
    kind: 'sqlite',
    sqlite,
    ...(vectorExtensionError && { vectorExtensionError }),
  };
}

const STATEMENT_CACHE_SIZE = 1000;

/**
 * Kysely prepares every query anew; preparing costs more than running a small query, so statements
 * are kept by their SQL text (better-sqlite3 is synchronous: a statement is never used twice at once).
 */
function withStatementCache(sqlite: SQLite.Database) {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (!statement) {
        statement = sqlite.prepare(sql);
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.clear();
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

/** Runs pending migrations; a no-op when the schema is current. Throws with the failing migration's name. */
export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
    migrationTableName: 'flowloom_migration',
    migrationLockTableName: 'flowloom_migration_lock',
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(
      `Database migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : JSON.stringify(error)}`,
      { cause: error },
    );
  }
}
