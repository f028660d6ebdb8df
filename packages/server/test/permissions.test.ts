import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS } from '@flowloom/shared';
import type { ApiRoute } from '../src/app.js';
import { login, ownerSession, startTestServer, type Session, type TestServer } from './harness.js';

/** A concrete URL for a route pattern: every `:param` becomes a fresh id. */
function concrete(url: string): string {
  return url.replace(/:[A-Za-z]+/g, () => randomUUID());
}

function request(server: TestServer, route: ApiRoute, headers: Record<string, string>) {
  return server.app.inject({
    method: route.method as 'GET',
    url: concrete(route.url),
    headers,
    ...(route.method !== 'GET' && route.method !== 'DELETE' && { payload: {} }),
  });
}

describe('the permission table', () => {
  let server: TestServer;
  let owner: Session;
  let limited: Session;
  const at = new Date().toISOString();
  const limitedRoleId = randomUUID();

  beforeAll(async () => {
    server = await startTestServer({ env: { PLATFORM_TYPE: 'enterprise' } });
    owner = await ownerSession(server.app);
    // A second member of the owner's workspace whose role we change per route.
    const db = server.database.db;
    const userId = randomUUID();
    const bcrypt = (await import('bcryptjs')).default;
    await db
      .insertInto('role')
      .values({
        id: limitedRoleId,
        organizationId: owner.user.activeOrganizationId as string,
        name: 'limited',
        description: null,
        permissions: '[]',
        createdDate: at,
        updatedDate: at,
        createdBy: null,
        updatedBy: null,
      })
      .execute();
    await db
      .insertInto('user')
      .values({
        id: userId,
        name: 'Lim',
        email: 'lim@example.com',
        credential: await bcrypt.hash('L1mited-pass!', 4),
        tempToken: null,
        tokenExpiry: null,
        status: 'active',
        lastLogin: null,
        createdDate: at,
        updatedDate: at,
        createdBy: null,
        updatedBy: null,
      })
      .execute();
    await db
      .insertInto('organization_user')
      .values({
        organizationId: owner.user.activeOrganizationId as string,
        userId,
        roleId: limitedRoleId,
        status: 'active',
        createdDate: at,
        updatedDate: at,
        createdBy: null,
        updatedBy: null,
      })
      .execute();
    await db
      .insertInto('workspace_user')
      .values({
        workspaceId: owner.user.activeWorkspaceId,
        userId,
        roleId: limitedRoleId,
        status: 'active',
        lastLogin: null,
        createdDate: at,
        updatedDate: at,
        createdBy: null,
        updatedBy: null,
      })
      .execute();
    limited = await login(server.app, 'lim@example.com', 'L1mited-pass!');
  });
  afterAll(async () => server.close());

  it('declares access on every API route (start-up refuses a route without one)', () => {
    expect(server.app.apiRoutes.length).toBeGreaterThan(30);
    for (const route of server.app.apiRoutes) expect(route.access).toBeDefined();
  });

  it('answers 401 on every non-public route without credentials, from the web app and from API clients', async () => {
    const guarded = server.app.apiRoutes.filter((r) => r.access.kind !== 'public');
    expect(guarded.length).toBeGreaterThan(20);
    for (const route of guarded) {
      const internal = await request(server, route, { 'x-request-from': 'internal' });
      expect(internal.statusCode, `${route.method} ${route.url} (internal)`).toBe(401);
      expect(internal.json().message).toBe('Invalid or Missing token');
      const external = await request(server, route, {});
      expect(external.statusCode, `${route.method} ${route.url} (external)`).toBe(401);
      const badKey = await request(server, route, { authorization: 'Bearer not-a-real-key' });
      expect(badKey.statusCode, `${route.method} ${route.url} (bad key)`).toBe(401);
    }
  });

  it("answers 403 on every permission route to a member holding every permission but that route's", async () => {
    const permissionRoutes = server.app.apiRoutes.filter((r) => r.access.kind === 'permission');
    for (const route of permissionRoutes) {
      if (route.access.kind !== 'permission') continue;
      const { anyOf } = route.access;
      const granted = ALL_PERMISSIONS.filter((p) => !anyOf.includes(p));
      await server.database.db
        .updateTable('role')
        .set({ permissions: JSON.stringify(granted) })
        .where('id', '=', limitedRoleId)
        .execute();
      const response = await request(server, route, { cookie: limited.cookie, 'x-request-from': 'internal' });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(response.json().message).toBe('Forbidden');
    }
  });

  it("lets the same member through once the role grants the route's permission", async () => {
    await server.database.db
      .updateTable('role')
      .set({ permissions: JSON.stringify(['variables:view']) })
      .where('id', '=', limitedRoleId)
      .execute();
    expect((await limited.request('GET', '/api/v1/variables')).statusCode).toBe(200);
    expect((await limited.request('GET', '/api/v1/tools')).statusCode).toBe(403);
  });

  it("answers 403 to an API key lacking the route's permission", async () => {
    const keys = (
      await owner.request('POST', '/api/v1/apikey', { keyName: 'narrow', permissions: ['tools:view'] })
    ).json() as { keyName: string; apiKey: string }[];
    const secret = keys.find((k) => k.keyName === 'narrow')!.apiKey;
    const headers = { authorization: `Bearer ${secret}` };
    expect((await server.app.inject({ method: 'GET', url: '/api/v1/tools', headers })).statusCode).toBe(200);
    expect((await server.app.inject({ method: 'GET', url: '/api/v1/variables', headers })).statusCode).toBe(
      403,
    );
    expect(
      (await server.app.inject({ method: 'POST', url: '/api/v1/tools', headers, payload: {} })).statusCode,
    ).toBe(403);
  });

  it('lets the organization admin through every permission route', async () => {
    for (const url of [
      '/api/v1/chatflows',
      '/api/v1/credentials',
      '/api/v1/variables',
      '/api/v1/tools',
      '/api/v1/apikey',
      '/api/v1/marketplaces/custom',
    ]) {
      expect((await owner.request('GET', url)).statusCode, url).toBe(200);
    }
  });

  it('matches routes case-exactly: another spelling is a 404, never a way around auth', async () => {
    for (const route of server.app.apiRoutes) {
      const shouted = concrete(route.url).replace('/api/v1/', '/API/V1/');
      const response = await server.app.inject({
        method: route.method as 'GET',
        url: shouted,
        headers: { 'x-request-from': 'internal' },
      });
      expect([401, 404], `${route.method} ${shouted}`).toContain(response.statusCode);
      const mixed = concrete(route.url).replace(
        /\/api\/v1\/(\w)/,
        (_m, c: string) => `/api/v1/${c.toUpperCase()}`,
      );
      if (mixed === concrete(route.url)) continue;
      const other = await server.app.inject({ method: route.method as 'GET', url: mixed });
      expect([401, 404], `${route.method} ${mixed}`).toContain(other.statusCode);
    }
    const chatflows = await server.app.inject({
      method: 'GET',
      url: '/API/V1/chatflows',
      headers: { cookie: owner.cookie, 'x-request-from': 'internal' },
    });
    expect(chatflows.statusCode).toBe(404);
  });

  it('reports the platform type and all features in enterprise mode', async () => {
    expect((await server.app.inject({ method: 'GET', url: '/api/v1/settings' })).json()).toEqual({
      PLATFORM_TYPE: 'enterprise',
    });
    const body = (
      await server.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: 'lim@example.com', password: 'L1mited-pass!' },
      })
    ).json();
    expect(body.features['feat:workspaces']).toBe('true');
    expect(body.isOrganizationAdmin).toBe(false);
  });

  it('documents every API route in the OpenAPI document, with bodies and access', async () => {
    const doc = (await server.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    expect(doc.openapi).toBe('3.1.0');
    const documented = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(
      ([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
    );
    for (const route of server.app.apiRoutes) {
      if (route.schema?.hide) continue;
      expect(documented).toContain(`${route.method} ${route.url.replace(/:(\w+)/g, '{$1}')}`);
    }
    const create = doc.paths['/api/v1/chatflows'].post;
    expect(create.requestBody.content['application/json'].schema.properties).toHaveProperty('flowData');
    expect(create.description).toMatch(/chatflows:create/);
    expect(doc.paths['/api/v1/ping'].get.security).toEqual([]);
    expect(doc.paths['/api/v1/chatflows/{id}'].get.parameters[0]).toMatchObject({
      name: 'id',
      in: 'path',
      required: true,
    });
  });
});
