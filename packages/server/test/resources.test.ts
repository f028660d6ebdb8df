import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDACTED_SECRET } from '@flowloom/shared';
import {
  EMPTY_FLOW,
  ENGINES,
  ownerSession,
  startTestServer,
  type Session,
  type TestServer,
} from './harness.js';

describe.each(ENGINES)('core resources over HTTP on %s', (engine) => {
  let server: TestServer;
  let owner: Session;

  beforeAll(async () => {
    server = await startTestServer({ engine, env: { FLOWLOOM_RUNTIME_VARIABLES: 'REGION' } });
    owner = await ownerSession(server.app);
  });
  afterAll(async () => server.close());

  describe('chatflows', () => {
    it('creates, reads, updates, lists by type and deletes a flow', async () => {
      const created = await owner.request('POST', '/api/v1/chatflows', {
        name: 'Support bot',
        flowData: EMPTY_FLOW,
        type: 'CHATFLOW',
        chatbotConfig: { starterPrompts: {} },
      });
      expect(created.statusCode).toBe(201);
      const flow = created.json();
      expect(flow).toMatchObject({
        name: 'Support bot',
        type: 'CHATFLOW',
        flowData: EMPTY_FLOW,
        chatbotConfig: '{"starterPrompts":{}}',
        deployed: null,
      });
      expect(flow.workspaceId).toBe(owner.user.activeWorkspaceId);

      const agent = await owner.request('POST', '/api/v1/chatflows', { name: 'Agent', type: 'AGENTFLOW' });
      expect(agent.json().flowData).toBe(EMPTY_FLOW);

      const updated = await owner.request('PUT', `/api/v1/chatflows/${flow.id}`, {
        name: 'Support bot v2',
        isPublic: true,
      });
      expect(updated.json()).toMatchObject({ name: 'Support bot v2', isPublic: true, flowData: EMPTY_FLOW });

      const chatflows = (await owner.request('GET', '/api/v1/chatflows?type=CHATFLOW')).json() as {
        id: string;
      }[];
      expect(chatflows.map((f) => f.id)).toEqual([flow.id]);
      const all = (await owner.request('GET', '/api/v1/chatflows')).json() as { id: string }[];
      expect(all.map((f) => f.id).sort()).toEqual([flow.id, agent.json().id].sort());
      expect((await owner.request('GET', `/api/v1/chatflows/${flow.id}`)).json().name).toBe('Support bot v2');

      expect((await owner.request('DELETE', `/api/v1/chatflows/${flow.id}`)).statusCode).toBe(200);
      const gone = await owner.request('GET', `/api/v1/chatflows/${flow.id}`);
      expect(gone.statusCode).toBe(404);
      expect(gone.json().message).toBe(`Chatflow ${flow.id} not found`);
    });

    it('refuses flowData that is not {nodes, edges} and a missing or unknown type', async () => {
      const notJson = await owner.request('POST', '/api/v1/chatflows', {
        name: 'x',
        type: 'CHATFLOW',
        flowData: '{nodes',
      });
      expect(notJson.statusCode).toBe(400);
      expect(notJson.json().message).toMatch(/flowData must be valid JSON/);
      const noEdges = await owner.request('POST', '/api/v1/chatflows', {
        name: 'x',
        type: 'CHATFLOW',
        flowData: '{"nodes":[]}',
      });
      expect(noEdges.json().message).toMatch(/"nodes" and "edges"/);
      const noType = await owner.request('POST', '/api/v1/chatflows', { name: 'x', flowData: EMPTY_FLOW });
      expect(noType.statusCode).toBe(400);
      expect(noType.json().message).toMatch(/type/);
      const badType = await owner.request('POST', '/api/v1/chatflows', {
        name: 'x',
        flowData: EMPTY_FLOW,
        type: 'NOPE',
      });
      expect(badType.json().message).toMatch(/Invalid Chatflow Type/);
      const update = await owner.request('PUT', '/api/v1/chatflows/00000000-0000-0000-0000-000000000000', {
        name: 'x',
      });
      expect(update.statusCode).toBe(404);
    });

    it('paginates as {data, total} when page and limit are given', async () => {
      for (let i = 0; i < 5; i++)
        await owner.request('POST', '/api/v1/chatflows', { name: `p${i}`, type: 'MULTIAGENT' });
      const page = (await owner.request('GET', '/api/v1/chatflows?type=MULTIAGENT&page=2&limit=2')).json();
      expect(page.total).toBe(5);
      expect(page.data).toHaveLength(2);
      const bad = await owner.request('GET', '/api/v1/chatflows?page=0&limit=2');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toMatch(/page must be 1 or more/);
    });

    it('binds a flow only to an API key of the same workspace', async () => {
      const bad = await owner.request('POST', '/api/v1/chatflows', {
        name: 'k',
        type: 'CHATFLOW',
        apikeyid: 'nope',
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toMatch(/API key nope not found/);
    });
  });

  describe('credentials', () => {
    it('encrypts data at rest and never returns the secret', async () => {
      const secret = 'sk-test-4f1c0ffee0ddba11';
      const created = await owner.request('POST', '/api/v1/credentials', {
        name: 'OpenAI prod',
        credentialName: 'openAIApi',
        plainDataObj: { openAIApiKey: secret },
      });
      expect(created.statusCode).toBe(201);
      const credential = created.json();
      expect(credential).not.toHaveProperty('encryptedData');
      expect(created.body).not.toContain(secret);

      const row = await server.database.db
        .selectFrom('credential')
        .selectAll()
        .where('id', '=', credential.id)
        .executeTakeFirstOrThrow();
      expect(row.encryptedData).not.toContain(secret);
      expect(row.encryptedData.startsWith('v1.')).toBe(true);

      const one = await owner.request('GET', `/api/v1/credentials/${credential.id}`);
      expect(one.json().plainDataObj).toEqual({ openAIApiKey: REDACTED_SECRET });
      const list = await owner.request('GET', '/api/v1/credentials');
      expect(list.body).not.toContain(secret);
      expect(list.json()[0]).not.toHaveProperty('encryptedData');
      expect(
        (await owner.request('GET', '/api/v1/credentials?credentialName=openAIApi')).json(),
      ).toHaveLength(1);
      expect(
        (await owner.request('GET', '/api/v1/credentials?credentialName=anthropicApi')).json(),
      ).toHaveLength(0);
    });

    it('keeps the stored secret when an update sends the placeholder back, replaces it otherwise', async () => {
      const created = (
        await owner.request('POST', '/api/v1/credentials', {
          name: 'Basic',
          credentialName: 'httpBasicAuth',
          plainDataObj: { basicAuthUsername: 'ada', basicAuthPassword: 'first-pass' },
        })
      ).json();
      const shown = (await owner.request('GET', `/api/v1/credentials/${created.id}`)).json();
      expect(shown.plainDataObj).toEqual({ basicAuthUsername: 'ada', basicAuthPassword: REDACTED_SECRET });

      await owner.request('PUT', `/api/v1/credentials/${created.id}`, {
        name: 'Basic 2',
        plainDataObj: { basicAuthUsername: 'lovelace', basicAuthPassword: REDACTED_SECRET },
      });
      const row = await server.database.db
        .selectFrom('credential')
        .selectAll()
        .where('id', '=', created.id)
        .executeTakeFirstOrThrow();
      const { decrypt, deriveKeys } = await import('../src/security/crypto.js');
      const { loadSecretKey } = await import('../src/security/secret-key.js');
      const keys = deriveKeys(loadSecretKey(server.config.home, undefined));
      expect(JSON.parse(decrypt(keys.encryption, row.encryptedData))).toEqual({
        basicAuthUsername: 'lovelace',
        basicAuthPassword: 'first-pass',
      });

      await owner.request('PUT', `/api/v1/credentials/${created.id}`, {
        plainDataObj: { basicAuthUsername: 'lovelace', basicAuthPassword: 'second-pass' },
      });
      const row2 = await server.database.db
        .selectFrom('credential')
        .selectAll()
        .where('id', '=', created.id)
        .executeTakeFirstOrThrow();
      expect(JSON.parse(decrypt(keys.encryption, row2.encryptedData)).basicAuthPassword).toBe('second-pass');
    });

    it('masks the password inside URL fields', async () => {
      const created = (
        await owner.request('POST', '/api/v1/credentials', {
          name: 'Redis',
          credentialName: 'redisCacheUrlApi',
          plainDataObj: { redisUrl: 'redis://user:hunter2@cache:6379' },
        })
      ).json();
      const shown = await owner.request('GET', `/api/v1/credentials/${created.id}`);
      expect(shown.json().plainDataObj.redisUrl).toBe('redis://user:********@cache:6379');
      expect(shown.body).not.toContain('hunter2');
    });

    it('masks secret query parameters in URL fields and keeps them when the masked address comes back', async () => {
      const created = (
        await owner.request('POST', '/api/v1/credentials', {
          name: 'Redis with query secrets',
          credentialName: 'redisCacheUrlApi',
          plainDataObj: { redisUrl: 'redis://u:pw1@cache:6379/0?password=pw2&sslmode=require&api_key=k3' },
        })
      ).json();
      const shown = await owner.request('GET', `/api/v1/credentials/${created.id}`);
      const masked = shown.json().plainDataObj.redisUrl as string;
      expect(masked).toBe(
        'redis://u:********@cache:6379/0?password=********&sslmode=require&api_key=********',
      );
      for (const secret of ['pw1', 'pw2', 'k3']) expect(shown.body).not.toContain(secret);

      // The user changes the host and the database but leaves the masked parts alone.
      const edited = masked.replace('cache:6379/0', 'cache2:6380/1');
      expect(
        (
          await owner.request('PUT', `/api/v1/credentials/${created.id}`, {
            plainDataObj: { redisUrl: edited },
          })
        ).statusCode,
      ).toBe(200);
      const row = await server.database.db
        .selectFrom('credential')
        .selectAll()
        .where('id', '=', created.id)
        .executeTakeFirstOrThrow();
      const { decrypt, deriveKeys } = await import('../src/security/crypto.js');
      const { loadSecretKey } = await import('../src/security/secret-key.js');
      const keys = deriveKeys(loadSecretKey(server.config.home, undefined));
      expect(JSON.parse(decrypt(keys.encryption, row.encryptedData)).redisUrl).toBe(
        'redis://u:pw1@cache2:6380/1?password=pw2&sslmode=require&api_key=k3',
      );
    });

    it('refuses an unknown credential type and a missing required field', async () => {
      const unknown = await owner.request('POST', '/api/v1/credentials', {
        name: 'x',
        credentialName: 'nope',
        plainDataObj: {},
      });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().message).toBe('Unknown credential type "nope"');
      const missing = await owner.request('POST', '/api/v1/credentials', {
        name: 'x',
        credentialName: 'openAIApi',
        plainDataObj: {},
      });
      expect(missing.json().message).toBe('OpenAI Api Key is required');
    });

    it('lists credential types with their fields', async () => {
      const types = (await owner.request('GET', '/api/v1/components-credentials')).json() as {
        name: string;
      }[];
      expect(types.map((t) => t.name)).toContain('openAIApi');
      expect((await owner.request('GET', '/api/v1/components-credentials/openAIApi')).json()).toMatchObject({
        label: 'OpenAI API',
      });
      expect(
        (await owner.request('GET', '/api/v1/components-credentials/openAIApi&anthropicApi')).json(),
      ).toHaveLength(2);
    });
  });

  describe('variables and tools', () => {
    it('does variable CRUD and refuses a duplicate name with 409', async () => {
      const created = await owner.request('POST', '/api/v1/variables', {
        name: 'REGION',
        value: 'eu',
        type: 'static',
      });
      expect(created.statusCode).toBe(201);
      const dup = await owner.request('POST', '/api/v1/variables', { name: 'REGION', value: 'us' });
      expect(dup.statusCode).toBe(409);
      expect(dup.json().message).toBe('A variable named "REGION" already exists');
      const id = created.json().id;
      expect(
        (await owner.request('PUT', `/api/v1/variables/${id}`, { value: 'us', type: 'runtime' })).json(),
      ).toMatchObject({ name: 'REGION', value: 'us', type: 'runtime' });
      const bad = await owner.request('POST', '/api/v1/variables', { name: '1 bad name' });
      expect(bad.statusCode).toBe(400);
      expect((await owner.request('DELETE', `/api/v1/variables/${id}`)).statusCode).toBe(200);
      expect((await owner.request('DELETE', `/api/v1/variables/${id}`)).statusCode).toBe(404);
    });

    it('refuses tool code that does not compile, saying where, on create and on update', async () => {
      const broken = await owner.request('POST', '/api/v1/tools', {
        name: 'broken_tool',
        description: 'd',
        func: 'const city = $city;\nconst x = ;\nreturn x;',
      });
      expect(broken.statusCode).toBe(400);
      expect(broken.json().message).toBe(
        "The tool's JavaScript function has a syntax error on line 2, column 11: unexpected token in expression: ';'",
      );
      // Top-level await and return are fine: the code is the body of an async function.
      const fine = await owner.request('POST', '/api/v1/tools', {
        name: 'fine_tool',
        description: 'd',
        func: "const res = await fetch('https://example.com');\nreturn res.status;",
      });
      expect(fine.statusCode).toBe(201);
      const update = await owner.request('PUT', `/api/v1/tools/${fine.json().id}`, { func: 'return {' });
      expect(update.statusCode).toBe(400);
      expect(update.json().message).toBe(
        "The tool's JavaScript function has a syntax error at the end of the code: expecting ';'",
      );
      expect((await owner.request('DELETE', `/api/v1/tools/${fine.json().id}`)).statusCode).toBe(200);
    });

    it('does custom tool CRUD with a validated argument schema', async () => {
      const schema = JSON.stringify([
        { id: 0, property: 'city', description: 'City name', type: 'string', required: true },
      ]);
      const created = await owner.request('POST', '/api/v1/tools', {
        name: 'get_weather',
        description: 'Weather for a city',
        schema,
        func: 'return $city;',
      });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({
        name: 'get_weather',
        schema,
        func: 'return $city;',
        iconSrc: null,
      });
      const badSchema = await owner.request('POST', '/api/v1/tools', {
        name: 'x',
        description: 'd',
        schema: '[{"property":""}]',
      });
      expect(badSchema.statusCode).toBe(400);
      expect(badSchema.json().message).toMatch(/schema:/);
      const badName = await owner.request('POST', '/api/v1/tools', { name: 'has space', description: 'd' });
      expect(badName.statusCode).toBe(400);
      const page = (await owner.request('GET', '/api/v1/tools?page=1&limit=10')).json();
      expect(page.total).toBe(1);
    });
  });

  describe('API keys', () => {
    it('shows the secret once, stores only a hash, and authenticates bearer requests', async () => {
      const response = await owner.request('POST', '/api/v1/apikey', {
        keyName: 'Deploy',
        permissions: ['chatflows:view'],
      });
      expect(response.statusCode).toBe(201);
      const created = response
        .json<{ keyName: string; apiKey: string; id: string }[]>()
        .find((k) => k.keyName === 'Deploy')!;
      expect(created.apiKey.length).toBeGreaterThan(40);
      const rows = await server.database.db.selectFrom('api_key').selectAll().execute();
      expect(JSON.stringify(rows)).not.toContain(created.apiKey);

      const listed = (await owner.request('GET', '/api/v1/apikey')).json() as {
        id: string;
        apiKey: string;
      }[];
      expect(listed.find((k) => k.id === created.id)!.apiKey).toMatch(/^.{4}….{4}$/);

      const auth = { authorization: `Bearer ${created.apiKey}` };
      expect(
        (await server.app.inject({ method: 'GET', url: '/api/v1/chatflows', headers: auth })).statusCode,
      ).toBe(200);
      expect(
        (await server.app.inject({ method: 'GET', url: '/api/v1/credentials', headers: auth })).statusCode,
      ).toBe(403);
      expect(
        (await server.app.inject({ method: 'GET', url: `/api/v1/verify/apikey/${created.apiKey}` })).body,
      ).toBe('OK');
      const wrong = await server.app.inject({ method: 'GET', url: '/api/v1/verify/apikey/not-a-key' });
      expect(wrong.statusCode).toBe(401);

      const renamed = (
        await owner.request('PUT', `/api/v1/apikey/${created.id}`, { keyName: 'Deploy 2' })
      ).json() as { id: string; keyName: string }[];
      expect(renamed.find((k) => k.id === created.id)!.keyName).toBe('Deploy 2');
      await owner.request('DELETE', `/api/v1/apikey/${created.id}`);
      expect(
        (await server.app.inject({ method: 'GET', url: '/api/v1/chatflows', headers: auth })).statusCode,
      ).toBe(401);
    });

    it('refuses unknown permissions', async () => {
      const response = await owner.request('POST', '/api/v1/apikey', {
        keyName: 'x',
        permissions: ['everything:please'],
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/unknown permission/);
    });
  });

  describe('names', () => {
    it('refuses a second credential or API key of the same name, on create and on rename', async () => {
      const credential = (name: string) =>
        owner.request('POST', '/api/v1/credentials', {
          name,
          credentialName: 'openAIApi',
          plainDataObj: { openAIApiKey: 'sk-1' },
        });
      expect((await credential('Shared name')).statusCode).toBe(201);
      const again = await credential('Shared name');
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('A credential named "Shared name" already exists');
      const other = (await credential('Other name')).json();
      const renamed = await owner.request('PUT', `/api/v1/credentials/${other.id}`, { name: 'Shared name' });
      expect(renamed.statusCode).toBe(409);
      // Saving a credential under its own name is no conflict.
      expect(
        (await owner.request('PUT', `/api/v1/credentials/${other.id}`, { name: 'Other name' })).statusCode,
      ).toBe(200);

      const key = (keyName: string) => owner.request('POST', '/api/v1/apikey', { keyName });
      expect((await key('Production')).statusCode).toBeLessThan(300);
      const sameKey = await key('Production');
      expect(sameKey.statusCode).toBe(409);
      expect(sameKey.json().message).toBe('An API key named "Production" already exists');
      const staging = (await key('Staging')).json() as { id: string; keyName: string }[] | { id: string };
      const stagingId = Array.isArray(staging)
        ? staging.find((k) => k.keyName === 'Staging')!.id
        : staging.id;
      const clash = await owner.request('PUT', `/api/v1/apikey/${stagingId}`, { keyName: 'Production' });
      expect(clash.statusCode).toBe(409);
    });
  });

  describe('custom templates', () => {
    it('saves a flow and a tool as templates, lists and deletes them', async () => {
      const flow = await owner.request('POST', '/api/v1/marketplaces/custom', {
        name: 'My flow',
        flowData: EMPTY_FLOW,
        usecases: ['Support'],
        type: 'Chatflow',
      });
      expect(flow.statusCode).toBe(200); // Flowise answers the saved row with 200
      expect(flow.json().usecases).toBe('["Support"]');
      const tool = await owner.request('POST', '/api/v1/marketplaces/custom', {
        name: 'My tool',
        type: 'Tool',
        tool: { func: 'return 1', schema: '[]' },
      });
      expect(JSON.parse(tool.json().flowData)).toEqual({ iconSrc: null, schema: '[]', func: 'return 1' });
      expect((await owner.request('GET', '/api/v1/marketplaces/custom')).json()).toHaveLength(2);
      const bad = await owner.request('POST', '/api/v1/marketplaces/custom', { name: 'x', flowData: '[]' });
      expect(bad.statusCode).toBe(400);
      expect(
        (await owner.request('DELETE', `/api/v1/marketplaces/custom/${flow.json().id}`)).statusCode,
      ).toBe(200);
      expect((await owner.request('GET', '/api/v1/marketplaces/custom')).json()).toHaveLength(1);
    });
  });

  describe('bad input', () => {
    it('answers malformed JSON with 400 and a message', async () => {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/v1/variables',
        headers: { cookie: owner.cookie, 'x-request-from': 'internal', 'content-type': 'application/json' },
        payload: '{"name": "A",',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        success: false,
        message: expect.stringMatching(/Malformed JSON body/),
      });
    });

    it('names the expected type of a wrong value, and of a body that is not an object', async () => {
      expect((await owner.request('POST', '/api/v1/variables', { name: 'A', value: 5 })).json().message).toBe(
        'value must be a string',
      );
      expect((await owner.request('GET', '/api/v1/tools?page=1&limit=abc')).json().message).toBe(
        'limit must be a number',
      );
      expect((await owner.request('POST', '/api/v1/variables', [1, 2])).json().message).toBe(
        'Request body must be a JSON object',
      );
    });

    it('answers a missing body field with the field name', async () => {
      const response = await owner.request('POST', '/api/v1/credentials', { credentialName: 'openAIApi' });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Credential name is required');
    });

    it('answers an oversize body with 413', async () => {
      const small = await startTestServer({ engine: 'sqlite', env: { FLOWLOOM_BODY_LIMIT_MB: '1' } });
      try {
        const session = await ownerSession(small.app);
        const response = await session.request('POST', '/api/v1/variables', {
          name: 'BIG',
          value: 'x'.repeat(1_100_000),
        });
        expect(response.statusCode).toBe(413);
        expect(response.json().message).toMatch(/too large \(the limit is 1 MB\)/);
      } finally {
        await small.close();
      }
    });

    it('answers an unknown API route with a JSON 404', async () => {
      const response = await owner.request('GET', '/api/v1/nothing-here');
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Route GET /api/v1/nothing-here not found');
    });
  });
});
