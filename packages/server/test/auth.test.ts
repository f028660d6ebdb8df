import { afterEach, describe, expect, it } from 'vitest';
import {
  cookieHeader,
  login,
  OWNER,
  ownerSession,
  registerOwner,
  startTestServer,
  type TestServer,
} from './harness.js';

describe.each(['sqlite', ...(process.env.TEST_DATABASE_URL ? ['postgres' as const] : [])] as const)(
  'accounts on %s',
  (engine) => {
    let server: TestServer;
    afterEach(async () => server?.close());

    it('asks for first-run setup until the owner registers, then refuses a second registration', async () => {
      server = await startTestServer({ engine });
      const { app } = server;
      expect((await app.inject({ method: 'POST', url: '/api/v1/auth/resolve' })).json()).toEqual({
        redirectUrl: '/organization-setup',
      });
      await registerOwner(app);
      expect((await app.inject({ method: 'POST', url: '/api/v1/auth/resolve' })).json()).toEqual({
        redirectUrl: '/login',
      });
      const again = await app.inject({
        method: 'POST',
        url: '/api/v1/account/register',
        payload: { user: { name: 'Eve', email: 'eve@example.com', credential: 'An0ther-pass!' } },
      });
      expect(again.statusCode).toBe(403);
      expect(again.json().message).toMatch(/already exists/);
    });

    it('creates the owner with the default organization and workspace', async () => {
      server = await startTestServer({ engine });
      const session = await ownerSession(server.app);
      expect(session.user).toMatchObject({
        email: OWNER.email,
        name: OWNER.name,
        status: 'active',
        isOrganizationAdmin: true,
        isSSO: false,
        activeWorkspace: 'Default Workspace',
        role: 'owner',
      });
      expect(session.user.assignedWorkspaces).toEqual([
        { id: session.user.activeWorkspaceId, name: 'Default Workspace' },
      ]);
      const org = await server.database.db.selectFrom('organization').selectAll().executeTakeFirstOrThrow();
      expect(org.name).toBe('Default Organization');
    });

    it('rejects a weak password and a malformed email at registration with a readable message', async () => {
      server = await startTestServer({ engine });
      const weak = await server.app.inject({
        method: 'POST',
        url: '/api/v1/account/register',
        payload: { user: { name: 'A', email: 'a@example.com', credential: 'short' } },
      });
      expect(weak.statusCode).toBe(400);
      expect(weak.json().message).toMatch(/Password must be 8 to 128 characters/);
      const badEmail = await server.app.inject({
        method: 'POST',
        url: '/api/v1/account/register',
        payload: { user: { name: 'A', email: 'not-an-email', credential: OWNER.password } },
      });
      expect(badEmail.statusCode).toBe(400);
      expect(badEmail.json().message).toMatch(/valid email/);
      expect(await server.database.db.selectFrom('user').selectAll().execute()).toEqual([]);
    });

    it('signs in with the current-user object, token, permissions, features and httpOnly cookies', async () => {
      server = await startTestServer({ engine });
      await registerOwner(server.app);
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: 'ADA@example.com', password: OWNER.password },
      });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      for (const key of [
        'id',
        'email',
        'name',
        'status',
        'role',
        'isSSO',
        'activeOrganizationId',
        'activeOrganizationSubscriptionId',
        'activeOrganizationCustomerId',
        'activeOrganizationProductId',
        'activeWorkspaceId',
        'activeWorkspace',
        'lastLogin',
        'isOrganizationAdmin',
        'assignedWorkspaces',
        'permissions',
        'token',
        'features',
      ]) {
        expect(body).toHaveProperty(key);
      }
      expect(body.permissions).toContain('chatflows:view');
      expect(body.features).toEqual({});
      expect(body).not.toHaveProperty('credential');
      const token = response.cookies.find((c) => c.name === 'token');
      const refresh = response.cookies.find((c) => c.name === 'refreshToken');
      expect(token).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(refresh).toMatchObject({ httpOnly: true, path: '/api/v1/auth' });
    });

    it('refuses a wrong password and records every attempt in login activity', async () => {
      server = await startTestServer({ engine });
      await registerOwner(server.app);
      const wrong = await server.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: OWNER.email, password: 'nope' },
      });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().message).toBe('Incorrect email or password');
      const unknown = await server.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: 'nobody@example.com', password: 'nope' },
      });
      expect(unknown.json().message).toBe('Incorrect email or password');
      await login(server.app);
      const activity = await server.database.db
        .selectFrom('login_activity')
        .selectAll()
        .orderBy('attemptedDateTime')
        .execute();
      expect(activity.map((a) => a.activityCode).sort((a, b) => a - b)).toEqual([-2, -1, 0]);
    });

    it('rate-limits repeated login attempts per address and email', async () => {
      server = await startTestServer({ engine, env: { FLOWLOOM_LOGIN_RATE_LIMIT: '3' } });
      await registerOwner(server.app);
      const attempt = () =>
        server.app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          payload: { email: OWNER.email, password: 'wrong' },
        });
      for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
      const limited = await attempt();
      expect(limited.statusCode).toBe(429);
      expect(limited.json().message).toMatch(/Too many attempts/);
    });

    it('answers 401 "Invalid or Missing token" without a session and "Token Expired" with retry once it expires', async () => {
      let now = new Date('2026-03-01T10:00:00Z');
      server = await startTestServer({ engine, clock: { now: () => now } });
      const session = await ownerSession(server.app);
      const missing = await server.app.inject({
        method: 'GET',
        url: '/api/v1/chatflows',
        headers: { 'x-request-from': 'internal' },
      });
      expect(missing.statusCode).toBe(401);
      expect(missing.json()).toMatchObject({ message: 'Invalid or Missing token' });
      expect((await session.request('GET', '/api/v1/chatflows')).statusCode).toBe(200);

      now = new Date(now.getTime() + 61 * 60_000);
      const expired = await session.request('GET', '/api/v1/chatflows');
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toMatchObject({ message: 'Token Expired', retry: true });

      const refreshed = await server.app.inject({
        method: 'POST',
        url: '/api/v1/auth/refreshToken',
        headers: { cookie: session.cookie },
      });
      expect(refreshed.statusCode).toBe(200);
      expect(refreshed.json().id).toBe(session.user.id);
      const retried = await server.app.inject({
        method: 'GET',
        url: '/api/v1/chatflows',
        headers: { cookie: cookieHeader(refreshed), 'x-request-from': 'internal' },
      });
      expect(retried.statusCode).toBe(200);
    });

    it('ignores a session cookie on requests that do not come from the web app', async () => {
      server = await startTestServer({ engine });
      const session = await ownerSession(server.app);
      const response = await server.app.inject({
        method: 'GET',
        url: '/api/v1/chatflows',
        headers: { cookie: session.cookie },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ message: 'Unauthorized Access' });
    });

    it('logs out: the session stops working and the refresh token is refused', async () => {
      server = await startTestServer({ engine });
      const session = await ownerSession(server.app);
      const out = await session.request('POST', '/api/v1/account/logout');
      expect(out.json()).toEqual({ message: 'logged_out', redirectTo: '/login' });
      expect(out.cookies.find((c) => c.name === 'token')?.value).toBe('');
      expect((await session.request('GET', '/api/v1/chatflows')).json()).toMatchObject({
        message: 'Invalid or Missing token',
      });
      const refresh = await server.app.inject({
        method: 'POST',
        url: '/api/v1/auth/refreshToken',
        headers: { cookie: session.cookie },
      });
      expect(refresh.statusCode).toBe(401);
    });

    it('rejects a forged token signed with another key', async () => {
      server = await startTestServer({ engine });
      const session = await ownerSession(server.app);
      const [header, payload] = session.token.split('.');
      const forged = `${header}.${payload}.${'A'.repeat(43)}`;
      const response = await server.app.inject({
        method: 'GET',
        url: '/api/v1/chatflows',
        headers: { cookie: `token=${forged}`, 'x-request-from': 'internal' },
      });
      expect(response.json()).toMatchObject({ message: 'Invalid or Missing token' });
    });

    it('reads and updates the own profile; a password change needs the current password', async () => {
      server = await startTestServer({ engine });
      const session = await ownerSession(server.app);
      const me = await session.request('GET', `/api/v1/user?id=${session.user.id}`);
      expect(me.json()).toMatchObject({ email: OWNER.email, name: OWNER.name });
      expect(me.json()).not.toHaveProperty('credential');
      expect(me.json()).not.toHaveProperty('tempToken');

      const renamed = await session.request('PUT', '/api/v1/user', {
        name: 'Ada L.',
        email: 'ada.l@example.com',
      });
      expect(renamed.json()).toMatchObject({ name: 'Ada L.', email: 'ada.l@example.com' });

      const noOld = await session.request('PUT', '/api/v1/user', { newPassword: 'N3w-password!' });
      expect(noOld.statusCode).toBe(400);
      expect(noOld.json().message).toMatch(/current password is required/);
      const wrongOld = await session.request('PUT', '/api/v1/user', {
        oldPassword: 'wrong',
        newPassword: 'N3w-password!',
      });
      expect(wrongOld.statusCode).toBe(400);
      expect(wrongOld.json().message).toBe('The current password is incorrect');
      const changed = await session.request('PUT', '/api/v1/user', {
        oldPassword: OWNER.password,
        newPassword: 'N3w-password!',
        confirmPassword: 'N3w-password!',
      });
      expect(changed.statusCode).toBe(200);
      await expect(login(server.app, 'ada.l@example.com', OWNER.password)).rejects.toThrow(/401/);
      await login(server.app, 'ada.l@example.com', 'N3w-password!');
      // The session that changed the password stays signed in.
      expect((await session.request('GET', '/api/v1/chatflows')).statusCode).toBe(200);
    });

    it('forgot password answers the same whether or not the account exists and never returns the token', async () => {
      server = await startTestServer({ engine, env: { SMTP_HOST: 'smtp.invalid' } });
      await registerOwner(server.app);
      const known = await server.app.inject({
        method: 'POST',
        url: '/api/v1/account/forgot-password',
        payload: { user: { email: OWNER.email } },
      });
      const unknown = await server.app.inject({
        method: 'POST',
        url: '/api/v1/account/forgot-password',
        payload: { user: { email: 'x@example.com' } },
      });
      expect(known.statusCode).toBe(200);
      expect(known.body).toBe(unknown.body);
      expect(server.mails).toHaveLength(1);
      const link = /token=([^&\s]+)/.exec(server.mails[0]!.text)?.[1];
      expect(link).toBeTruthy();
      const token = decodeURIComponent(link!);
      expect(known.body).not.toContain(token);
      expect(server.logs.join('\n')).not.toContain(token);
      const stored = await server.database.db
        .selectFrom('user')
        .select('tempToken')
        .executeTakeFirstOrThrow();
      expect(stored.tempToken).not.toBe(token);

      const bad = await server.app.inject({
        method: 'POST',
        url: '/api/v1/account/reset-password',
        payload: { user: { email: OWNER.email, tempToken: 'nope', password: 'Fr3sh-password!' } },
      });
      expect(bad.statusCode).toBe(400);
      const reset = await server.app.inject({
        method: 'POST',
        url: '/api/v1/account/reset-password',
        payload: { user: { email: OWNER.email, tempToken: token, password: 'Fr3sh-password!' } },
      });
      expect(reset.statusCode).toBe(200);
      await login(server.app, OWNER.email, 'Fr3sh-password!');
      const reuse = await server.app.inject({
        method: 'POST',
        url: '/api/v1/account/reset-password',
        payload: { user: { email: OWNER.email, tempToken: token, password: 'An0ther-pass!' } },
      });
      expect(reuse.statusCode).toBe(400);
    });

    it('without SMTP, forgot password points the operator to the shell command', async () => {
      server = await startTestServer({ engine });
      await registerOwner(server.app);
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/v1/account/forgot-password',
        payload: { user: { email: OWNER.email } },
      });
      expect(response.statusCode).toBe(200);
      expect(server.logs.join('\n')).toMatch(/flowloom user --email/);
    });

    it('refuses account routes to API keys', async () => {
      server = await startTestServer({ engine });
      const session = await ownerSession(server.app);
      const created = await session.request('POST', '/api/v1/apikey', { keyName: 'ci' });
      const secret = created
        .json<{ keyName: string; apiKey: string }[]>()
        .find((k) => k.keyName === 'ci')!.apiKey;
      const response = await server.app.inject({
        method: 'GET',
        url: `/api/v1/user?id=${session.user.id}`,
        headers: { authorization: `Bearer ${secret}` },
      });
      expect(response.statusCode).toBe(401);
    });
  },
);

describe('a multi-row write that fails midway', () => {
  it('leaves no partial rows: a registration whose organization insert fails keeps no user', async () => {
    const server = await startTestServer();
    try {
      const { FIRST_ORGANIZATION_ID } = await import('../src/modules/auth/auth.service.js');
      const at = new Date().toISOString();
      // An organization row without users: the registration's user insert succeeds, its organization insert clashes.
      await server.database.db
        .insertInto('organization')
        .values({
          id: FIRST_ORGANIZATION_ID,
          name: 'Leftover',
          customerId: null,
          subscriptionId: null,
          createdDate: at,
          updatedDate: at,
          createdBy: null,
          updatedBy: null,
        })
        .execute();
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/v1/account/register',
        payload: { user: { name: OWNER.name, email: OWNER.email, credential: OWNER.password } },
      });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ statusCode: 500, success: false, message: 'Internal Server Error' });
      for (const table of ['user', 'workspace', 'workspace_user', 'organization_user', 'role'] as const) {
        expect(await server.database.db.selectFrom(table).selectAll().execute(), table).toEqual([]);
      }
    } finally {
      await server.close();
    }
  });
});
