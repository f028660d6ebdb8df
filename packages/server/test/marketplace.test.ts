import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ENGINES,
  moveToAnotherWorkspace,
  ownerSession,
  startTestServer,
  type Session,
  type TestServer,
} from './harness.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers are asserted field by field

/** A flow with a secret input, a file input and a chosen credential: none may reach a template. */
const FLOW_WITH_SECRETS = JSON.stringify({
  nodes: [
    {
      id: 'chatOpenAI_0',
      type: 'customNode',
      position: { x: 10, y: 20 },
      selected: true,
      data: {
        id: 'chatOpenAI_0',
        label: 'ChatOpenAI',
        name: 'chatOpenAI',
        category: 'Chat Models',
        credential: 'cred-1',
        inputParams: [
          { name: 'modelName', type: 'options' },
          { name: 'apiKey', type: 'password' },
          { name: 'upload', type: 'file' },
        ],
        inputAnchors: [],
        inputs: {
          modelName: 'gpt-4o-mini',
          apiKey: 'sk-secret',
          upload: 'data:x',
          cfg: { FLOWISE_CREDENTIAL_ID: 'c' },
        },
        outputAnchors: [],
        outputs: {},
        somethingElse: 'dropped',
      },
    },
    {
      id: 'bufferMemory_0',
      type: 'customNode',
      position: { x: 0, y: 0 },
      data: {
        id: 'bufferMemory_0',
        label: 'Buffer Memory',
        name: 'bufferMemory',
        category: 'Memory',
        inputs: {},
      },
    },
  ],
  edges: [],
});

describe.each(ENGINES)('marketplace templates (%s)', (engine) => {
  let server: TestServer;
  let owner: Session;

  beforeAll(async () => {
    server = await startTestServer({ engine });
    owner = await ownerSession(server.app);
  });
  afterAll(() => server.close());

  const createFlow = async (type = 'CHATFLOW', name = 'My flow') => {
    const created = await owner.request('POST', '/api/v1/chatflows', {
      name,
      type,
      flowData: FLOW_WITH_SECRETS,
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json<{ id: string }>().id;
  };

  describe('GET /marketplaces/templates', () => {
    it('lists agentflows (V2, then V1) first, then chatflows, then tools, each by name, in Flowise’s element shape', async () => {
      const response = await owner.request('GET', '/api/v1/marketplaces/templates');
      expect(response.statusCode).toBe(200);
      const list = response.json<Json[]>();
      expect(list.length).toBeGreaterThanOrEqual(20);
      const types = list.map((t) => t.type);
      expect(types).toEqual(
        [...types].sort(
          (a, b) =>
            ['AgentflowV2', 'Agentflow', 'Chatflow', 'Tool'].indexOf(a) -
            ['AgentflowV2', 'Agentflow', 'Chatflow', 'Tool'].indexOf(b),
        ),
      );
      for (const type of ['AgentflowV2', 'Agentflow', 'Chatflow', 'Tool']) {
        const names = list.filter((t) => t.type === type).map((t) => t.templateName as string);
        expect(names.length).toBeGreaterThan(0);
        expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
      }
      const chatflow = list.find((t) => t.templateName === 'Everyday Assistant')!;
      expect(Object.keys(chatflow).sort()).toEqual(
        [
          'badge',
          'categories',
          'description',
          'flowData',
          'framework',
          'id',
          'templateName',
          'type',
          'usecases',
        ].sort(),
      );
      expect(chatflow).toMatchObject({
        type: 'Chatflow',
        framework: ['Langchain'],
        usecases: ['Basic'],
        badge: 'POPULAR',
      });
      expect(chatflow.categories).toEqual(expect.arrayContaining(['Chat Models', 'Memory', 'Chains']));
      expect(JSON.parse(chatflow.flowData as string).nodes.length).toBe(3);
      const agentflow = list.find((t) => t.templateName === 'Quick Answer')!;
      expect(agentflow).toMatchObject({ type: 'AgentflowV2', framework: [], categories: ['Agent Flows'] });
      const tool = list.find((t) => t.templateName === 'Word Counter')!;
      expect(tool).toMatchObject({ type: 'Tool', name: 'word_counter', categories: [], badge: '' });
      expect(tool.flowData).toBeUndefined();
      expect(JSON.parse(tool.schema as string)[0]).toMatchObject({ property: 'text', type: 'string' });
      expect(tool.func).toContain('$text');
    });

    it('gives each template the same UUID-shaped id on every call (a preview link survives a reload)', async () => {
      const first = (await owner.request('GET', '/api/v1/marketplaces/templates')).json<Json[]>();
      const second = (await owner.request('GET', '/api/v1/marketplaces/templates')).json<Json[]>();
      expect(second.map((t) => t.id)).toEqual(first.map((t) => t.id));
      expect(new Set(first.map((t) => t.id)).size).toBe(first.length);
      for (const t of first)
        expect(t.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    });

    it('needs a signed-in caller', async () => {
      const response = await server.app.inject({ method: 'GET', url: '/api/v1/marketplaces/templates' });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('custom templates', () => {
    it('saves a flow as a template, sanitised like a single-flow export, and lists it', async () => {
      const flowId = await createFlow();
      const saved = await owner.request('POST', '/api/v1/marketplaces/custom', {
        name: 'Support starter',
        description: 'For the help desk',
        badge: 'new',
        usecases: ['Customer Support', 'Basic'],
        type: 'Chatflow',
        chatflowId: flowId,
        framework: ['Ignored'],
        workspaceId: 'someone-else',
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const row = saved.json<Json>();
      expect(row).toMatchObject({
        name: 'Support starter',
        badge: 'NEW',
        framework: '',
        usecases: '["Customer Support","Basic"]',
        type: 'Chatflow',
        workspaceId: owner.user.activeWorkspaceId,
      });
      const flow = JSON.parse(row.flowData as string) as { nodes: Json[]; edges: Json[] };
      const model = flow.nodes[0]!;
      expect(model.selected).toBe(false);
      expect(model.data.credential).toBeUndefined();
      expect(model.data.somethingElse).toBeUndefined();
      expect(model.data.inputs).toEqual({ modelName: 'gpt-4o-mini', cfg: {} });
      expect(JSON.stringify(flow)).not.toContain('sk-secret');

      const list = (await owner.request('GET', '/api/v1/marketplaces/custom')).json<Json[]>();
      const listed = list.find((t) => t.id === row.id)!;
      expect(listed).toMatchObject({
        name: 'Support starter',
        usecases: ['Customer Support', 'Basic'],
        badge: 'NEW',
        framework: '',
        type: 'Chatflow',
        categories: ['Chat Models', 'Memory'],
      });
    });

    it('derives the type from the flow when none is sent (AGENTFLOW → AgentflowV2)', async () => {
      const flowId = await createFlow('AGENTFLOW', 'An agent');
      const saved = await owner.request('POST', '/api/v1/marketplaces/custom', {
        name: 'Agent t',
        chatflowId: flowId,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json<Json>().type).toBe('AgentflowV2');
    });

    it('saves a tool template with the dialog’s rows as the JSON schema text, and lists the tool fields', async () => {
      const saved = await owner.request('POST', '/api/v1/marketplaces/custom', {
        name: 'Adder',
        description: 'adds',
        type: 'Tool',
        usecases: [],
        tool: {
          iconSrc: 'https://example.com/i.svg',
          schema: [
            { id: 0, property: 'a', description: 'first', type: 'number', required: true, extra: 'x' },
          ],
          func: 'return $a + 1;',
        },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const row = saved.json<Json>();
      expect(row.type).toBe('Tool');
      expect(JSON.parse(row.flowData as string)).toEqual({
        iconSrc: 'https://example.com/i.svg',
        schema: '[{"id":0,"property":"a","description":"first","type":"number","required":true}]',
        func: 'return $a + 1;',
      });
      const listed = (await owner.request('GET', '/api/v1/marketplaces/custom'))
        .json<Json[]>()
        .find((t) => t.id === row.id)!;
      expect(listed).toMatchObject({
        type: 'Tool',
        iconSrc: 'https://example.com/i.svg',
        func: 'return $a + 1;',
        categories: [],
        usecases: [],
      });
      expect(listed.flowData).toBeUndefined();
    });

    it('refuses a save without a name with Flowise’s 412 message, and keeps nothing', async () => {
      const before = (await owner.request('GET', '/api/v1/marketplaces/custom')).json<Json[]>().length;
      for (const body of [{}, { name: '   ', chatflowId: 'x' }, { description: 'no name' }]) {
        const response = await owner.request('POST', '/api/v1/marketplaces/custom', body);
        expect(response.statusCode).toBe(412);
        expect(response.json<Json>().message).toBe(
          'Error: marketplacesService.saveCustomTemplate - body not provided!',
        );
      }
      expect((await owner.request('GET', '/api/v1/marketplaces/custom')).json<Json[]>()).toHaveLength(before);
    });

    it('refuses bad input with a clear message', async () => {
      const cases: [Json, number, RegExp][] = [
        [{ name: 'x', chatflowId: '00000000-0000-4000-8000-000000000000' }, 404, /Chatflow .* not found/],
        [{ name: 'x' }, 400, /needs chatflowId/],
        [{ name: 'x', type: 'Tool' }, 400, /needs the tool/],
        [
          { name: 'x', type: 'Robot', chatflowId: 'a' },
          400,
          /type must be Chatflow, Agentflow, AgentflowV2 or Tool/,
        ],
        [{ name: 'x'.repeat(300), chatflowId: 'a' }, 400, /at most 255/],
        [
          { name: 'x', usecases: Array.from({ length: 31 }, (_, i) => `u${i}`), chatflowId: 'a' },
          400,
          /At most 30 use cases/,
        ],
        [{ name: 'x', flowData: 'not json' }, 400, /flowData must be valid JSON/],
      ];
      for (const [body, status, message] of cases) {
        const response = await owner.request('POST', '/api/v1/marketplaces/custom', body);
        expect(response.statusCode, JSON.stringify(body)).toBe(status);
        expect(response.json<Json>().message).toMatch(message);
      }
    });

    it('never reads a flow of another workspace', async () => {
      const flowId = await createFlow('CHATFLOW', 'Elsewhere flow');
      await moveToAnotherWorkspace(server, owner, flowId);
      const response = await owner.request('POST', '/api/v1/marketplaces/custom', {
        name: 'Stolen',
        chatflowId: flowId,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json<Json>().message).toBe(`Chatflow ${flowId} not found`);
    });

    it('lists and deletes only the workspace’s own templates', async () => {
      const flowId = await createFlow();
      const mine = (
        await owner.request('POST', '/api/v1/marketplaces/custom', { name: 'Mine', chatflowId: flowId })
      ).json<Json>();
      const theirs = (
        await owner.request('POST', '/api/v1/marketplaces/custom', { name: 'Theirs', chatflowId: flowId })
      ).json<Json>();
      await server.database.db
        .insertInto('workspace')
        .values({
          id: 'ws-other',
          name: 'Other',
          description: null,
          organizationId: owner.user.activeOrganizationId as string,
          createdBy: null,
          updatedBy: null,
          createdDate: mine.createdDate,
          updatedDate: mine.createdDate,
        })
        .execute();
      await server.database.db
        .updateTable('custom_template')
        .set({ workspaceId: 'ws-other' })
        .where('id', '=', theirs.id)
        .execute();

      const ids = (await owner.request('GET', '/api/v1/marketplaces/custom')).json<Json[]>().map((t) => t.id);
      expect(ids).toContain(mine.id);
      expect(ids).not.toContain(theirs.id);

      const refused = await owner.request('DELETE', `/api/v1/marketplaces/custom/${theirs.id}`);
      expect(refused.statusCode).toBe(404);
      expect(refused.json<Json>().message).toBe(`Custom template ${theirs.id} not found`);
      const still = await server.database.db
        .selectFrom('custom_template')
        .select('id')
        .where('id', '=', theirs.id)
        .executeTakeFirst();
      expect(still).toBeDefined();

      const deleted = await owner.request('DELETE', `/api/v1/marketplaces/custom/${mine.id}`);
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json()).toEqual({ raw: [], affected: 1 });
      expect(
        (await owner.request('GET', '/api/v1/marketplaces/custom')).json<Json[]>().map((t) => t.id),
      ).not.toContain(mine.id);
      expect((await owner.request('DELETE', `/api/v1/marketplaces/custom/${mine.id}`)).statusCode).toBe(404);
    });

    it('answers 412 to a delete without an id', async () => {
      const response = await owner.request('DELETE', '/api/v1/marketplaces/custom');
      expect(response.statusCode).toBe(412);
      expect(response.json<Json>().message).toBe(
        'Error: marketplacesController.deleteCustomTemplate - id not provided!',
      );
    });

    it('needs the export permission of the kind saved (an API key with tool export cannot save a flow)', async () => {
      const keys = (
        await owner.request('POST', '/api/v1/apikey', {
          keyName: 'tools-only',
          permissions: ['templates:toolexport', 'chatflows:view'],
        })
      ).json<{ keyName: string; apiKey: string }[]>();
      const secret = keys.find((k) => k.keyName === 'tools-only')!.apiKey;
      const flowId = await createFlow();
      const post = (payload: Json) =>
        server.app.inject({
          method: 'POST',
          url: '/api/v1/marketplaces/custom',
          headers: { authorization: `Bearer ${secret}` },
          payload,
        });
      expect((await post({ name: 'flow', chatflowId: flowId })).statusCode).toBe(403);
      expect((await post({ name: 'tool', tool: { func: 'return 1;' } })).statusCode).toBe(200);
    });
  });
});
