import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import pg from 'pg';
import pino from 'pino';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createApp, type AppOptions } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { migrateToLatest, openDatabase, type OpenedDatabase } from '../src/db/database.js';
import { loggerOptions } from '../src/http/log-redaction.js';
import type { Mail, Mailer } from '../src/modules/auth/mailer.js';

if (process.env.CI && !process.env.TEST_DATABASE_URL) {
  throw new Error('CI must run the PostgreSQL suites: set TEST_DATABASE_URL (see .ci/run)');
}

/** Database engines the suites run against: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const ENGINES: ('sqlite' | 'postgres')[] = process.env.TEST_DATABASE_URL
  ? ['sqlite', 'postgres']
  : ['sqlite'];

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A fresh, empty database: a temp SQLite file, or a new PostgreSQL database dropped afterwards. */
export async function freshDatabase(engine: 'sqlite' | 'postgres'): Promise<TestDatabase> {
  if (engine === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'flowloom-db-'));
    return {
      url: join(dir, 'test.sqlite'),
      drop: () => Promise.resolve(rmSync(dir, { recursive: true, force: true })),
    };
  }
  const admin = process.env.TEST_DATABASE_URL!;
  const name = `flowloom_t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * A fresh database, migrated, holding one organization with these workspaces: for tests of
 * repositories and adapters without a server. `close` destroys the connection and drops it.
 */
export async function workspacesDatabase(
  engine: 'sqlite' | 'postgres',
  { organizationId, workspaceIds }: { organizationId: string; workspaceIds: readonly string[] },
): Promise<{ opened: OpenedDatabase; close: () => Promise<void> }> {
  const target = await freshDatabase(engine);
  const opened = await openDatabase({ url: target.url });
  await migrateToLatest(opened.db);
  const audit = {
    createdDate: '2026-01-01T00:00:00.000Z',
    updatedDate: '2026-01-01T00:00:00.000Z',
    createdBy: null,
    updatedBy: null,
  };
  await opened.db
    .insertInto('organization')
    .values({ id: organizationId, name: 'Org', customerId: null, subscriptionId: null, ...audit })
    .execute();
  for (const id of workspaceIds)
    await opened.db
      .insertInto('workspace')
      .values({ id, name: `W ${id}`, description: null, organizationId, ...audit })
      .execute();
  return {
    opened,
    close: async () => {
      await opened.db.destroy();
      await target.drop();
    },
  };
}

export interface TestServer {
  app: FastifyInstance;
  config: Config;
  database: OpenedDatabase;
  /** Every log line the server wrote, as raw JSON text. */
  logs: string[];
  mails: Mail[];
  /** Stops this app and starts a new one on the same database and home (a server restart). */
  restart(): Promise<TestServer>;
  close(): Promise<void>;
}

export async function startTestServer(
  options: {
    engine?: 'sqlite' | 'postgres';
    env?: Record<string, string>;
    clock?: { now(): Date };
    app?: Partial<Pick<AppOptions, 'agentflowRegistry'>>;
  } = {},
): Promise<TestServer> {
  const home = mkdtempSync(join(tmpdir(), 'flowloom-home-'));
  const db = await freshDatabase(options.engine ?? 'sqlite');
  return serverOn(db, home, options);
}

async function serverOn(
  db: TestDatabase,
  home: string,
  options: Parameters<typeof startTestServer>[0] = {},
): Promise<TestServer> {
  const config = loadConfig({
    FLOWLOOM_HOME: home,
    LOG_LEVEL: 'debug',
    FLOWLOOM_LOGIN_RATE_LIMIT: '1000',
    ...options.env,
  });
  const database = await openDatabase({ url: db.url });
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  const mails: Mail[] = [];
  const mailer: Mailer | undefined = options.env?.SMTP_HOST
    ? { send: (mail) => Promise.resolve(void mails.push(mail)) }
    : undefined;
  const app = await createApp({
    config,
    database,
    env: { ...process.env, ...options.env },
    ...options.app,
    logger: pino(loggerOptions('debug'), sink),
    ...(mailer && { mailer }),
    ...(options.clock && { clock: options.clock }),
  });
  await app.ready();
  return {
    app,
    config,
    database,
    logs,
    mails,
    async restart() {
      await app.close();
      await database.db.destroy();
      return serverOn(db, home, options);
    },
    async close() {
      await app.close();
      await database.db.destroy();
      await db.drop();
      rmSync(home, { recursive: true, force: true });
    },
  };
}

export const OWNER = { name: 'Ada Owner', email: 'ada@example.com', password: 'Sup3r-secret!' };

/** Cookies from a response, as a header value for the next request. */
export function cookieHeader(response: LightMyRequestResponse): string {
  return response.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

/** A signed-in UI client: requests carry the session cookie and `x-request-from: internal`. */
export interface Session {
  cookie: string;
  token: string;
  user: Record<string, unknown> & { id: string; activeWorkspaceId: string };
  request(method: string, url: string, payload?: unknown): Promise<LightMyRequestResponse>;
}

export async function registerOwner(app: FastifyInstance, owner = OWNER): Promise<void> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/account/register',
    payload: { user: { name: owner.name, email: owner.email, credential: owner.password } },
  });
  if (response.statusCode !== 201)
    throw new Error(`register failed: ${response.statusCode} ${response.body}`);
}

export async function login(
  app: FastifyInstance,
  email = OWNER.email,
  password = OWNER.password,
): Promise<Session> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email, password },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  const body = response.json<Session['user'] & { token: string }>();
  const cookie = cookieHeader(response);
  return {
    cookie,
    token: body.token,
    user: body,
    request: (method, url, payload) =>
      app.inject({
        method: method as 'GET',
        url,
        headers: { cookie, 'x-request-from': 'internal' },
        ...(payload !== undefined && { payload: payload as object }),
      }),
  };
}

/** Register the owner and sign in. */
export async function ownerSession(app: FastifyInstance): Promise<Session> {
  await registerOwner(app);
  return login(app);
}

export const EMPTY_FLOW = JSON.stringify({ nodes: [], edges: [] });

/** A file as the web app puts it in a loader's config: `data:<mime>;base64,<bytes>,filename:<name>`. */
export const dataUri = (data: Buffer | string, name: string, mime = 'text/plain') =>
  `data:${mime};base64,${Buffer.from(data).toString('base64')},filename:${name}`;

/**
 * Moves a flow (or a tool) into a second workspace of the owner's organization, one the session is
 * not in.
 */
export async function moveToAnotherWorkspace(
  server: TestServer,
  owner: Session,
  flowId: string,
  table: 'chat_flow' | 'tool' | 'assistant' | 'credential' = 'chat_flow',
): Promise<string> {
  const at = new Date().toISOString();
  const id = `ws-${Math.random().toString(36).slice(2)}`;
  await server.database.db
    .insertInto('workspace')
    .values({
      id,
      name: 'Elsewhere',
      description: null,
      organizationId: owner.user.activeOrganizationId as string,
      createdBy: null,
      updatedBy: null,
      createdDate: at,
      updatedDate: at,
    })
    .execute();
  await server.database.db.updateTable(table).set({ workspaceId: id }).where('id', '=', flowId).execute();
  return id;
}

/**
 * `POST /api/v1/vector/upsert/:flowId` as multipart with these text files (the canvas's upsert
 * dialog): the flow's file loaders read them.
 */
export async function upsertWithFiles(
  app: FastifyInstance,
  session: Session,
  flowId: string,
  files: { name: string; text: string }[],
): Promise<LightMyRequestResponse> {
  const form = new FormData();
  for (const file of files) form.append('files', new Blob([file.text], { type: 'text/plain' }), file.name);
  const request = new Request('http://x', { method: 'POST', body: form });
  return app.inject({
    method: 'POST',
    url: `/api/v1/vector/upsert/${flowId}`,
    headers: {
      cookie: session.cookie,
      'x-request-from': 'internal',
      'content-type': request.headers.get('content-type')!,
    },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

/** An OpenAI credential (key `sk-test`, for the scripted LLM) saved by `session`; its id. */
export async function openAiCredential(session: Session): Promise<string> {
  const response = await session.request('POST', '/api/v1/credentials', {
    name: 'OpenAI',
    credentialName: 'openAIApi',
    plainDataObj: { openAIApiKey: 'sk-test' },
  });
  return response.json<{ id: string }>().id;
}
