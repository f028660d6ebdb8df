import { randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';
// Tests set up and drop their own databases on the local servers named by TEST_DATABASE_URL and
// TEST_MYSQL_URL.
// eslint-disable-next-line no-restricted-imports
import pg from 'pg';

/** Where a node connects, split as its inputs and credential take it. */
export interface TestDatabase {
  host: string;
  port: number;
  database: string;
  user: string;
  password: string | undefined;
  query<R = Record<string, unknown>>(sql: string, values?: unknown[]): Promise<R[]>;
  /** A table name for a test: `drop()` removes the table with the database. */
  table(name: string): string;
  drop(): Promise<void>;
}

const parts = (url: URL) => ({
  host: url.hostname,
  port: Number(url.port),
  user: decodeURIComponent(url.username),
  password: url.password ? decodeURIComponent(url.password) : undefined,
});

/** A fresh PostgreSQL database on the TEST_DATABASE_URL server, dropped by `drop()`. */
export async function createTestPostgres(url: string): Promise<TestDatabase> {
  const admin = new URL(url);
  const database = `flowloom_nodes_${randomBytes(4).toString('hex')}`;
  const adminClient = new pg.Client({ connectionString: url });
  await adminClient.connect();
  await adminClient.query(`CREATE DATABASE ${database}`);
  await adminClient.end();
  const target = new URL(url);
  target.pathname = `/${database}`;
  const client = new pg.Client({ connectionString: target.href });
  await client.connect();
  return {
    ...parts(admin),
    port: Number(admin.port || 5432),
    database,
    query: async <R>(sql: string, values: unknown[] = []) => (await client.query(sql, values)).rows as R[],
    // The whole database goes.
    table: (name) => name,
    async drop() {
      await client.end();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/** The TEST_MYSQL_URL database, shared: `drop()` removes only the tables named through `table()`. */
export async function openTestMysql(url: string): Promise<TestDatabase> {
  const target = new URL(url);
  const connection = await mysql.createConnection({ uri: url });
  const tables = new Set<string>();
  return {
    ...parts(target),
    port: Number(target.port || 3306),
    database: target.pathname.slice(1),
    query: async <R>(sql: string, values: unknown[] = []) => (await connection.query(sql, values))[0] as R[],
    table: (name) => {
      tables.add(name);
      return name;
    },
    async drop() {
      for (const table of tables) await connection.query(`DROP TABLE IF EXISTS \`${table}\``);
      await connection.end();
    },
  };
}
