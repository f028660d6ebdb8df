import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../src/app.js';
import { main } from '../src/cli.js';
import { ConfigError, loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';
import { loadSecretKey, SECRET_KEY_FILE } from '../src/security/secret-key.js';
import { EMPTY_FLOW, login, OWNER, registerOwner } from './harness.js';

const homes: string[] = [];
function home(): string {
  const dir = mkdtempSync(join(tmpdir(), 'flowloom-start-'));
  homes.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of homes.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('configuration', () => {
  it('uses the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      platformType: 'open-source',
      databaseUrl: undefined,
      logLevel: 'info',
    });
    expect(config.home.endsWith('.flowloom')).toBe(true);
  });

  it('refuses bad values with a message naming the variable', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT must be a whole number/);
    expect(() => loadConfig({ PLATFORM_TYPE: 'gold' })).toThrow(/PLATFORM_TYPE must be/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL must be a postgres/);
    expect(() => loadConfig({ FLOWLOOM_SECRET_KEY: 'short' })).toThrow(/at least 32/);
  });
});

describe('the secret key file', () => {
  it('is created once with mode 0600 and reused afterwards', () => {
    const dir = home();
    const first = loadSecretKey(dir, undefined);
    const path = join(dir, SECRET_KEY_FILE);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(loadSecretKey(dir, undefined)).toBe(first);
    expect(readFileSync(path, 'utf8').trim()).toBe(first);
  });

  it('is never silently replaced when it is empty', () => {
    const dir = home();
    writeFileSync(join(dir, SECRET_KEY_FILE), '', { mode: 0o600 });
    expect(() => loadSecretKey(dir, undefined)).toThrow(/empty or too short/);
    expect(readFileSync(join(dir, SECRET_KEY_FILE), 'utf8')).toBe('');
  });

  it('comes from FLOWLOOM_SECRET_KEY when set, without writing a file', () => {
    const dir = home();
    expect(loadSecretKey(dir, 'k'.repeat(40))).toBe('k'.repeat(40));
    expect(() => statSync(join(dir, SECRET_KEY_FILE))).toThrow();
  });
});

describe('data on disk', () => {
  it('survives a restart: a flow and a credential created before are there after', async () => {
    const dir = home();
    const config = loadConfig({ FLOWLOOM_HOME: dir, LOG_LEVEL: 'silent' });
    const first = await createApp({ config });
    await registerOwner(first);
    const session = await login(first);
    const flow = (
      await session.request('POST', '/api/v1/chatflows', {
        name: 'Kept',
        flowData: EMPTY_FLOW,
        type: 'CHATFLOW',
      })
    ).json();
    const credential = (
      await session.request('POST', '/api/v1/credentials', {
        name: 'c',
        credentialName: 'openAIApi',
        plainDataObj: { openAIApiKey: 'sk-x' },
      })
    ).json();
    await first.close();

    const second = await createApp({ config });
    try {
      const again = await login(second);
      expect((await again.request('GET', `/api/v1/chatflows/${flow.id}`)).json().name).toBe('Kept');
      expect((await again.request('GET', `/api/v1/credentials/${credential.id}`)).statusCode).toBe(200);
    } finally {
      await second.close();
    }
  });
});

/**
 * A server on a new data folder, its owner signed in, with the database it opened: a test then leaves
 * behind what a killed server would, and starts a second server on the same data.
 */
async function firstStart() {
  const dir = home();
  const config = loadConfig({ FLOWLOOM_HOME: dir, LOG_LEVEL: 'silent' });
  const database = await openDatabase({ url: join(dir, 'database.sqlite') });
  const first = await createApp({ config, database });
  await registerOwner(first);
  return { config, database, first, session: await login(first) };
}

describe('executions cut short by a server stop', () => {
  it('are marked TERMINATED at the next start, with the reason shown in Executions', async () => {
    const { config, database, first, session } = await firstStart();
    const flow = (
      await session.request('POST', '/api/v1/chatflows', {
        name: 'Long agentflow',
        flowData: EMPTY_FLOW,
        type: 'AGENTFLOW',
      })
    ).json();
    const workspaceId = (
      await database.db
        .selectFrom('chat_flow')
        .select('workspaceId')
        .where('id', '=', flow.id)
        .executeTakeFirstOrThrow()
    ).workspaceId;
    // What a killed server leaves behind: a run saved as in progress that nothing will finish.
    const now = new Date().toISOString();
    for (const [id, state] of [
      ['11111111-1111-4111-8111-111111111111', 'INPROGRESS'],
      ['22222222-2222-4222-8222-222222222222', 'STOPPED'],
    ] as const)
      await database.db
        .insertInto('execution')
        .values({
          id,
          executionData: '[]',
          state,
          agentflowId: flow.id,
          sessionId: 's1',
          action: null,
          isPublic: 0,
          stoppedDate: null,
          workspaceId,
          createdDate: now,
          updatedDate: now,
        })
        .execute();
    await first.close();

    const second = await createApp({ config, database });
    try {
      const again = await login(second);
      const cut = (
        await again.request('GET', '/api/v1/executions/11111111-1111-4111-8111-111111111111')
      ).json();
      expect(cut.state).toBe('TERMINATED');
      expect(cut.stoppedDate).toEqual(expect.any(String));
      expect(cut.stoppedReason).toMatch(/The server stopped while this execution was running/);
      // A run waiting for a human decision was not running: it stays resumable.
      const waiting = (
        await again.request('GET', '/api/v1/executions/22222222-2222-4222-8222-222222222222')
      ).json();
      expect(waiting.state).toBe('STOPPED');
      expect(waiting.stoppedReason).toBeNull();
    } finally {
      await second.close();
      await database.db.destroy();
    }
  });
});

describe('document store upserts cut short by a server stop', () => {
  it('leave the store SYNC at the next start, ready to upsert again', async () => {
    const { config, database, first, session } = await firstStart();
    const store = (
      await session.request('POST', '/api/v1/document-store/store', { name: 'Interrupted' })
    ).json();
    // What a killed server leaves behind: a store marked as being upserted.
    await database.db
      .updateTable('document_store')
      .set({ status: 'UPSERTING' })
      .where('id', '=', store.id)
      .execute();
    await first.close();

    const second = await createApp({ config, database });
    try {
      const again = await login(second);
      expect((await again.request('GET', `/api/v1/document-store/store/${store.id}`)).json().status).toBe(
        'SYNC',
      );
    } finally {
      await second.close();
      await database.db.destroy();
    }
  });
});

describe('the data folder', () => {
  const modeOf = (path: string) => statSync(path).mode & 0o777;

  it('is created for its owner only, with the database files 0600', async () => {
    const dir = join(home(), 'fresh');
    const app = await createApp({ config: loadConfig({ FLOWLOOM_HOME: dir, LOG_LEVEL: 'silent' }) });
    try {
      await registerOwner(app);
      expect(modeOf(dir)).toBe(0o700);
      expect(modeOf(join(dir, 'database.sqlite'))).toBe(0o600);
      expect(existsSync(join(dir, 'database.sqlite-wal'))).toBe(true);
      expect(modeOf(join(dir, 'database.sqlite-wal'))).toBe(0o600);
      expect(modeOf(join(dir, SECRET_KEY_FILE))).toBe(0o600);
    } finally {
      await app.close();
    }
  });

  it('is tightened when an earlier start left it readable by others', async () => {
    const dir = home();
    const config = loadConfig({ FLOWLOOM_HOME: dir, LOG_LEVEL: 'silent' });
    await (await createApp({ config })).close();
    chmodSync(dir, 0o755);
    chmodSync(join(dir, 'database.sqlite'), 0o644);
    const app = await createApp({ config });
    try {
      expect(modeOf(dir)).toBe(0o700);
      expect(modeOf(join(dir, 'database.sqlite'))).toBe(0o600);
    } finally {
      await app.close();
    }
  });
});

describe('the flowloom user command', () => {
  it('sets a password from the shell and signs out that user', async () => {
    const dir = home();
    const env = { FLOWLOOM_HOME: dir, LOG_LEVEL: 'silent' };
    const app = await createApp({ config: loadConfig(env) });
    await registerOwner(app);
    await app.close();

    for (const [key, value] of Object.entries(env)) vi.stubEnv(key, value);
    try {
      await expect(main(['user', '--email', OWNER.email, '--password', 'weak'])).rejects.toThrow(
        /Password must be/,
      );
      await main(['user', '--email', OWNER.email, '--password', 'Fr0m-the-shell!']);
      await expect(
        main(['user', '--email', 'nobody@example.com', '--password', 'Fr0m-the-shell!']),
      ).rejects.toThrow(/No user/);
    } finally {
      vi.unstubAllEnvs();
    }
    const reopened = await createApp({ config: loadConfig(env) });
    try {
      await login(reopened, OWNER.email, 'Fr0m-the-shell!');
    } finally {
      await reopened.close();
    }
  });
});

describe('serving the web app', () => {
  it('serves index.html at / and for client routes, files as they are, and JSON 404 under /api', async () => {
    const dir = home();
    const ui = join(dir, 'ui');
    const { mkdirSync } = await import('node:fs');
    mkdirSync(join(ui, 'assets'), { recursive: true });
    writeFileSync(join(ui, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(ui, 'assets', 'app-1234.js'), 'console.log(1)');
    const app = await createApp({
      config: { ...loadConfig({ FLOWLOOM_HOME: dir, LOG_LEVEL: 'silent' }), uiDir: ui },
    });
    try {
      const rootPage = await app.inject({ method: 'GET', url: '/' });
      expect(rootPage.statusCode).toBe(200);
      expect(rootPage.body).toContain('id="root"');
      const deep = await app.inject({ method: 'GET', url: '/chatflows?x=1' });
      expect(deep.statusCode).toBe(200);
      expect(deep.body).toContain('id="root"');
      writeFileSync(
        join(ui, 'assets', 'app-1234.js.gz'),
        (await import('node:zlib')).gzipSync('console.log(1)'),
      );
      const compressed = await app.inject({
        method: 'GET',
        url: '/assets/app-1234.js',
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(compressed.headers['content-encoding']).toBe('gzip');
      const asset = await app.inject({ method: 'GET', url: '/assets/app-1234.js' });
      expect(asset.body).toBe('console.log(1)');
      expect(asset.headers['cache-control']).toContain('immutable');
      const api = await app.inject({ method: 'GET', url: '/api/v1/nope' });
      expect(api.statusCode).toBe(404);
      expect(api.json().message).toBe('Route GET /api/v1/nope not found');
      expect((await app.inject({ method: 'POST', url: '/chatflows' })).statusCode).toBe(404);
      // A file added after start is served; a missing asset is a 404, never index.html.
      writeFileSync(join(ui, 'assets', 'late-5678.js'), 'console.log(2)');
      expect((await app.inject({ method: 'GET', url: '/assets/late-5678.js' })).body).toBe('console.log(2)');
      expect((await app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});
