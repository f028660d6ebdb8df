import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customFunctionFlow } from './agentflow-fixtures.js';
import { ownerSession, startTestServer, type Session, type TestServer } from './harness.js';

/**
 * Issue 10, finding 13: runtime variables read only the environment variables the operator lists, and
 * never the server's own settings or secrets, even when listed.
 */

describe('runtime variables', () => {
  let server: TestServer;
  let owner: Session;

  beforeAll(async () => {
    server = await startTestServer({
      env: {
        FLOWLOOM_RUNTIME_VARIABLES: 'APP_REGION, TENANT_*, DATABASE_URL, FLOWLOOM_SECRET_KEY, SMTP_PASSWORD',
        APP_REGION: 'eu-west',
        TENANT_NAME: 'acme',
        UNLISTED_THING: 'hidden-1',
        DATABASE_URL: 'postgres://u:db-secret@db/x',
        FLOWLOOM_SECRET_KEY: 'k'.repeat(40),
        SMTP_PASSWORD: 'smtp-secret',
      },
    });
    owner = await ownerSession(server.app);
  });
  afterAll(() => server.close());

  const create = (name: string, type = 'runtime') =>
    owner.request('POST', '/api/v1/variables', { name, value: '', type });

  it('are saved only for names the operator lists, never for server settings or secrets', async () => {
    expect((await create('APP_REGION')).statusCode).toBe(201);
    expect((await create('TENANT_NAME')).statusCode).toBe(201);

    const unlisted = await create('UNLISTED_THING');
    expect(unlisted.statusCode).toBe(400);
    expect(unlisted.json().message).toBe(
      'Runtime variable "UNLISTED_THING" cannot be read: the server reads only the environment variables its operator lists in FLOWLOOM_RUNTIME_VARIABLES (now: APP_REGION, TENANT_*, DATABASE_URL, FLOWLOOM_SECRET_KEY, SMTP_PASSWORD).',
    );
    for (const name of ['DATABASE_URL', 'FLOWLOOM_SECRET_KEY', 'SMTP_PASSWORD']) {
      const refused = await create(name);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toContain('names a server setting or a secret');
    }
    // A static variable of that name holds what the user typed: it reads nothing from the server.
    const staticOne = await create('UNLISTED_THING', 'static');
    expect(staticOne.statusCode).toBe(201);
    const turned = await owner.request('PUT', `/api/v1/variables/${staticOne.json().id}`, {
      type: 'runtime',
    });
    expect(turned.statusCode).toBe(400);
    expect(turned.json().message).toContain('FLOWLOOM_RUNTIME_VARIABLES');
  });

  it('give flows the allowed values only, even for a variable saved before the rule', async () => {
    const workspaceId = (
      await server.database.db.selectFrom('workspace').select('id').executeTakeFirstOrThrow()
    ).id;
    const now = new Date().toISOString();
    await server.database.db
      .insertInto('variable')
      .values({
        id: '33333333-3333-4333-8333-333333333333',
        name: 'DATABASE_URL',
        value: '',
        type: 'runtime',
        workspaceId,
        createdDate: now,
        updatedDate: now,
      })
      .execute();
    const flow = await owner.request('POST', '/api/v1/chatflows', {
      name: 'vars',
      type: 'AGENTFLOW',
      flowData: customFunctionFlow('return JSON.stringify($vars)'),
    });
    const answer = await owner.request('POST', `/api/v1/prediction/${flow.json().id}`, { question: 'go' });
    expect(answer.statusCode).toBe(200);
    const seen = JSON.parse(answer.json<{ text: string }>().text) as Record<string, string>;
    expect(seen).toMatchObject({ APP_REGION: 'eu-west', TENANT_NAME: 'acme', DATABASE_URL: '' });
    expect(answer.body).not.toContain('db-secret');
  });
});
