import { createHash } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { connect, isIP } from 'node:net';
import type { NodeContext } from '@flowloom/engine';
import type { NodeParam } from '@flowloom/shared';
import type mysql from 'mysql2/promise';
// The user's own PostgreSQL (a vector store or record manager they run), reached through the run's
// address guard below: not Flowloom's database, which stays the server's alone.
// eslint-disable-next-line no-restricted-imports
import type pg from 'pg';
import { booleanInput, objectInput, numberInput, stringInput } from '../llm/chat-model.js';
import { cachedLoad } from '../utilities/cached-load.js';
import { credentialServer, hostPort, hostPortServer, parseHostPort } from './credential-server.js';
import { SERVICE_TIMEOUTS, ServiceCallError } from './service-call.js';

/** A database a node connects to, as its inputs and credential name it. */
export interface SqlTarget {
  /** The node's name, for messages (`Postgres Record Manager`). */
  service: string;
  host: string;
  port: number;
  database: string;
  user?: string;
  password?: string;
  /** `true`, or TLS options from Additional Configuration. */
  ssl?: boolean | Record<string, unknown>;
  /** Other driver options allowed from Additional Configuration. */
  extra?: Record<string, unknown>;
}

/**
 * The database a node's Host, Port and Database inputs and its credential (User, Password, Server)
 * name, under the credential's server rule: a typed host that is not the credential's is refused
 * while the credential holds a password.
 */
export async function databaseTarget(
  ctx: NodeContext,
  service: string,
  defaultPort: number,
): Promise<Omit<SqlTarget, 'ssl' | 'extra'>> {
  const typedHost = stringInput(ctx.inputs.host);
  const { server, credential } = await credentialServer(ctx, {
    service,
    // The typed Host with the Port input (a port written into the host wins).
    typed: typedHost ? hostPortServer(numberInput(ctx.inputs.port) ?? defaultPort)(typedHost) : undefined,
    secretField: 'password',
    serverField: 'server',
    serverFieldLabel: 'Server',
    form: hostPortServer(defaultPort),
  });
  if (!server) throw new Error(`${service}: Host is required (or a Server in its credential)`);
  const { host, port } = parseHostPort(server, defaultPort);
  const database = stringInput(ctx.inputs.database);
  if (!database) throw new Error(`${service}: Database is required`);
  const user = stringInput(credential.user);
  if (!user) throw new Error(`${service}: connect a credential with the User to log in as`);
  // Kept as typed: spaces at either end may belong to a password.
  const password =
    typeof credential.password === 'string' && credential.password !== '' ? credential.password : undefined;
  return { service, host, port, database, user, ...(password !== undefined && { password }) };
}

/** Connection options Additional Configuration may not set: the node and its credential do. */
const ROUTING_KEYS = new Set([
  'type',
  'url',
  'connectionString',
  'host',
  'hostname',
  'port',
  'socketPath',
  'stream',
  'user',
  'username',
  'password',
  'database',
]);

/**
 * The driver options a node takes from its Additional Configuration JSON: those named in
 * `allowed`. Options that say where to connect or as whom are refused (they belong to the node and
 * its credential, where the address and credential rules apply); others are ignored with a warning.
 */
export function additionalConfig(
  ctx: NodeContext,
  service: string,
  value: unknown,
  allowed: readonly string[],
): Record<string, unknown> {
  let config: Record<string, unknown> | undefined;
  try {
    config = objectInput(value);
  } catch {
    throw new Error(`${service}: Additional Configuration is not a JSON object`);
  }
  if (!config) return {};
  const routing = Object.keys(config).filter((key) => ROUTING_KEYS.has(key));
  if (routing.length > 0)
    throw new Error(
      `${service}: Additional Configuration may not set ${routing.join(', ')}; use the node's inputs and its credential`,
    );
  const ignored = Object.keys(config).filter((key) => !allowed.includes(key));
  if (ignored.length > 0)
    ctx.run.services.logger.warn(`${service}: ignored Additional Configuration options`, {
      ignored,
      allowed,
    });
  return Object.fromEntries(Object.entries(config).filter(([key]) => allowed.includes(key)));
}

/**
 * The database a node connects to: Host, Port and Database inputs, its credential, Additional
 * Configuration (the `options` named) and, for nodes that have one, an SSL input (on: the
 * configuration's `ssl` options, else TLS with the defaults).
 */
export async function configuredTarget(
  ctx: NodeContext,
  service: string,
  defaultPort: number,
  options: readonly string[],
): Promise<SqlTarget> {
  const target = await databaseTarget(ctx, service, defaultPort);
  const { ssl, ...extra } = additionalConfig(ctx, service, ctx.inputs.additionalConfig, options);
  const sslOption = booleanInput(ctx.inputs.ssl, false)
    ? ssl && typeof ssl === 'object'
      ? (ssl as Record<string, unknown>)
      : true
    : (ssl as SqlTarget['ssl']);
  return { ...target, ...(sslOption && { ssl: sslOption }), extra };
}

function deadline<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ServiceCallError(message)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/**
 * The address a database connection goes to: the host resolved once and checked with the run's
 * address rule (the one the guarded HTTP client applies), refused when any of its addresses may
 * not be reached. The driver then connects to this address, never to a name resolved again.
 */
export async function checkedAddress(ctx: NodeContext, target: SqlTarget): Promise<string> {
  const host = target.host;
  const addresses = isIP(host)
    ? [{ address: host }]
    : await deadline(
        lookup(host, { all: true, verbatim: true }),
        SERVICE_TIMEOUTS.connectMs,
        `${target.service}: looking up ${host} took longer than ${SERVICE_TIMEOUTS.connectMs / 1000} s`,
      ).catch((error: unknown) => {
        if (error instanceof ServiceCallError) throw error;
        const code = (error as { code?: string }).code;
        throw new Error(
          `${target.service}: cannot connect to ${host}: ${code === 'ENOTFOUND' ? 'no such host' : String(error)}`,
        );
      });
  if (addresses.length === 0) throw new Error(`${target.service}: ${host} has no address`);
  for (const { address } of addresses) {
    const reason = ctx.run.services.addressCheck(host, address);
    if (!reason) continue;
    const article = /^[aeiou]/.test(reason) ? 'an' : 'a';
    const what =
      address === host
        ? `${article} ${reason} address`
        : `it resolves to ${address}, ${article} ${reason} address`;
    throw new Error(
      `${target.service}: refused to connect to ${host}: ${what}. An administrator can allow it with FLOWLOOM_HTTP_ALLOW.`,
    );
  }
  return addresses[0]!.address;
}

/** The drivers, loaded on first use: a server that never connects to a database does not parse them. */
const drivers = {
  pg: cachedLoad(async () => (await import('pg')).default).get,
  mysql: cachedLoad(async () => (await import('mysql2/promise')).default).get,
};

/** Pools kept between runs, most recently used last; an idle pool holds no connection. */
const pools = new Map<string, { end(): Promise<void> }>();
const MAX_POOLS = 16;
const IDLE_MS = 10_000;

function cached<T extends { end(): Promise<void> }>(key: string, make: () => T): T {
  const found = pools.get(key) as T | undefined;
  if (found) {
    pools.delete(key);
    pools.set(key, found);
    return found;
  }
  const pool = make();
  pools.set(key, pool);
  if (pools.size > MAX_POOLS) {
    const [oldestKey, oldest] = pools.entries().next().value!;
    pools.delete(oldestKey);
    oldest.end().catch(() => {});
  }
  return pool;
}

function poolKey(kind: string, address: string, target: SqlTarget): string {
  const secret = createHash('sha256')
    .update(target.password ?? '')
    .digest('hex');
  return JSON.stringify([
    kind,
    address,
    target.host,
    target.port,
    target.database,
    target.user,
    secret,
    target.ssl,
    target.extra,
  ]);
}

/** Closes every pool (tests; a server shutting down). */
export async function closeSqlPools(): Promise<void> {
  const all = [...pools.values()];
  pools.clear();
  await Promise.all(all.map((pool) => pool.end().catch(() => {})));
}

/** TLS options that check the certificate against the host name, though we connect to an address. */
function tlsFor(ssl: SqlTarget['ssl'], host: string): Record<string, unknown> | undefined {
  if (!ssl) return undefined;
  const options = ssl === true ? {} : ssl;
  return isIP(host) ? options : { ...options, servername: host };
}

/** A PostgreSQL pool for the target, at its checked address. */
export async function postgresPool(ctx: NodeContext, target: SqlTarget): Promise<pg.Pool> {
  const address = await checkedAddress(ctx, target);
  const { Pool } = await drivers.pg();
  return cached(poolKey('pg', address, target), () => {
    const ssl = tlsFor(target.ssl, target.host);
    const pool = new Pool({
      ...target.extra,
      host: address,
      port: target.port,
      database: target.database,
      user: target.user,
      // A function, so the driver never falls back to PGPASSWORD or ~/.pgpass of this server: those
      // are the operator's secrets, not the flow's.
      password: () => target.password ?? '',
      ssl: ssl ?? false,
      connectionTimeoutMillis: SERVICE_TIMEOUTS.connectMs,
      query_timeout: SERVICE_TIMEOUTS.requestMs,
      idleTimeoutMillis: IDLE_MS,
      max: 4,
      allowExitOnIdle: true,
    });
    // A connection that breaks while idle must not bring the process down.
    pool.on('error', (error) =>
      ctx.run.services.logger.warn(`${target.service}: idle connection lost`, { error: error.message }),
    );
    return pool;
  });
}

/** A MySQL/MariaDB pool for the target; its sockets go to the checked address. */
export async function mysqlPool(ctx: NodeContext, target: SqlTarget): Promise<mysql.Pool> {
  const address = await checkedAddress(ctx, target);
  const { createPool } = await drivers.mysql();
  return cached(poolKey('mysql', address, target), () =>
    createPool({
      ...target.extra,
      // The host name stays for TLS; the socket connects to the address that was checked.
      host: target.host,
      port: target.port,
      stream: () => connect({ host: address, port: target.port }),
      database: target.database,
      user: target.user,
      password: target.password,
      ...(target.ssl && { ssl: target.ssl === true ? {} : target.ssl }),
      connectTimeout: SERVICE_TIMEOUTS.connectMs,
      connectionLimit: 4,
      maxIdle: 0,
      idleTimeout: IDLE_MS,
      enableKeepAlive: true,
    }),
  );
}

/** A driver error as a sentence naming the node and the server. */
export function sqlFailure(ctx: NodeContext, target: SqlTarget, error: unknown): unknown {
  if (ctx.run.signal.aborted) return error;
  if (
    error instanceof ServiceCallError ||
    (error instanceof Error && error.message.startsWith(`${target.service}:`))
  )
    return error;
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: string }).code;
  const server = `${hostPort(target.host, target.port)}/${target.database}`;
  let reason = message;
  if (code === 'ETIMEDOUT' || (/timeout|timed out/i.test(message) && /connect/i.test(message)))
    reason = `could not connect within ${SERVICE_TIMEOUTS.connectMs / 1000} s`;
  else if (/Query read timeout|PROTOCOL_SEQUENCE_TIMEOUT/.test(`${message} ${code}`))
    reason = `no answer within ${SERVICE_TIMEOUTS.requestMs / 1000} s`;
  else if (code === 'ECONNREFUSED') reason = 'connection refused';
  return new Error(`${target.service} (${server}): ${reason}`, { cause: error });
}

/** Runs SQL on the target's PostgreSQL, the pool opened (its address checked) on first use. */
export function postgresQueries(ctx: NodeContext, target: SqlTarget) {
  const pool = cachedLoad(() => postgresPool(ctx, target)).get;
  return <R extends object>(sql: string, values: unknown[] = []): Promise<R[]> =>
    callSql(
      ctx,
      target,
      async () => (await (await pool()).query<R & Record<string, unknown>>(sql, values)).rows,
    );
}

/** Runs SQL on the target's MySQL or MariaDB, the pool opened (its address checked) on first use. */
export function mysqlQueries(ctx: NodeContext, target: SqlTarget) {
  const pool = cachedLoad(() => mysqlPool(ctx, target)).get;
  return <R>(sql: string, values: unknown[] = []): Promise<R> =>
    callSql(ctx, target, async () => {
      const [rows] = await (await pool()).query({ sql, values, timeout: SERVICE_TIMEOUTS.requestMs });
      return rows as R;
    });
}

/** The driver's error code (`42P01`, `ER_NO_SUCH_TABLE`…) of an error or of one of its causes. */
export function sqlErrorCode(error: unknown): string | undefined {
  for (
    let e: unknown = error, depth = 0;
    e && typeof e === 'object' && depth < 8;
    e = (e as Error).cause, depth++
  ) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

/** Runs one database call, failing with {@link sqlFailure}. */
export async function callSql<T>(ctx: NodeContext, target: SqlTarget, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw sqlFailure(ctx, target, error);
  }
}

/** A table or column name as Flowise accepts it: letters, digits and underscores. */
export function sqlIdentifier(service: string, label: string, value: string): string {
  if (!/^[A-Za-z0-9_]{1,63}$/.test(value))
    throw new Error(
      `${service}: ${label} "${value}" may only hold letters, digits and underscores (at most 63)`,
    );
  return value;
}

/**
 * Additional Connection Configuration and Table Name (Flowise names), for a node keeping its rows in
 * a table of the user's database, `table` by default.
 */
export function tableInputs(
  options: readonly string[],
  table: string,
  tableDescription?: string,
): NodeParam[] {
  return [
    {
      label: 'Additional Connection Configuration',
      name: 'additionalConfig',
      type: 'json',
      description: `Connection options: ${options.join(', ')}`,
      additionalParams: true,
      optional: true,
    },
    {
      label: 'Table Name',
      name: 'tableName',
      type: 'string',
      placeholder: table,
      ...(tableDescription && { description: tableDescription }),
      additionalParams: true,
      optional: true,
    },
  ];
}

/** The Table Name input as Flowise cleans it (lower case, spaces as underscores); `fallback` when unset. */
export function tableNameInput(service: string, value: unknown, fallback: string): string {
  return sqlIdentifier(
    service,
    'Table Name',
    (stringInput(value) ?? fallback).toLowerCase().replace(/\s+/g, '_'),
  );
}
