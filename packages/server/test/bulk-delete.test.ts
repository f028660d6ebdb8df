import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ENGINES,
  moveToAnotherWorkspace,
  ownerSession,
  startTestServer,
  type Session,
  type TestServer,
} from './harness.js';

/** How to create one row of each resource the list pages delete several of at once. */
const RESOURCES = [
  {
    path: '/api/v1/tools',
    plural: 'tools',
    create: (i: number) => ({ name: `tool_${i}`, description: 'A tool', func: 'return 1;' }),
  },
  {
    path: '/api/v1/variables',
    plural: 'variables',
    create: (i: number) => ({ name: `var_${i}`, value: 'v' }),
  },
  {
    path: '/api/v1/credentials',
    plural: 'credentials',
    create: (i: number) => ({
      name: `OpenAI ${i}`,
      credentialName: 'openAIApi',
      plainDataObj: { openAIApiKey: 'sk-test' },
    }),
  },
  {
    path: '/api/v1/apikey',
    plural: 'API keys',
    create: (i: number) => ({ keyName: `Key ${i}`, permissions: ['chatflows:view'] }),
  },
];

describe.each(ENGINES)('deleting several resources at once on %s', (engine) => {
  let server: TestServer;
  let owner: Session;

  beforeAll(async () => {
    server = await startTestServer({ engine });
    owner = await ownerSession(server.app);
  });
  afterAll(async () => server.close());

  /** Ids of the resource's rows, as its list answers them. */
  const idsOf = async (path: string) =>
    ((await owner.request('GET', path)).json() as { id: string }[]).map((row) => row.id).sort();

  const createThree = async (resource: (typeof RESOURCES)[number], from: number) => {
    const ids: string[] = [];
    for (let i = from; i < from + 3; i++) {
      const created = await owner.request('POST', resource.path, resource.create(i));
      expect(created.statusCode, created.body).toBeLessThan(300);
      const body = created.json() as { id: string } | { id: string }[];
      ids.push(Array.isArray(body) ? body.find((row) => !ids.includes(row.id))!.id : body.id);
    }
    return ids;
  };

  it.each(RESOURCES)('deletes the chosen $plural and keeps the others', async (resource) => {
    const before = await idsOf(resource.path);
    const [a, b, c] = await createThree(resource, 1);
    // A repeated id counts once.
    const answer = await owner.request('DELETE', resource.path, { ids: [a, b, a] });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ deleted: 2 });
    expect(await idsOf(resource.path)).toEqual([...before, c!].sort());
  });

  it.each(RESOURCES)('deletes none of the $plural when one is not found', async (resource) => {
    const [a, b] = await createThree(resource, 10);
    const answer = await owner.request('DELETE', resource.path, { ids: [a, 'no-such-id', b] });
    expect(answer.statusCode).toBe(404);
    expect(answer.json().message).toBe(`1 of the chosen ${resource.plural} were not found; none was deleted`);
    expect(await idsOf(resource.path)).toEqual(expect.arrayContaining([a, b]));
  });

  it('treats a row of another workspace as not found, and deletes nothing', async () => {
    const [mine, theirs] = await createThree(RESOURCES[0]!, 20);
    await moveToAnotherWorkspace(server, owner, theirs!, 'tool');
    const answer = await owner.request('DELETE', '/api/v1/tools', { ids: [mine, theirs] });
    expect(answer.statusCode).toBe(404);
    expect(await idsOf('/api/v1/tools')).toContain(mine);
    const stillThere = await server.database.db
      .selectFrom('tool')
      .select('id')
      .where('id', '=', theirs!)
      .executeTakeFirst();
    expect(stillThere).toBeDefined();
  });

  it('refuses an empty list and more than 100 ids', async () => {
    const empty = await owner.request('DELETE', '/api/v1/variables', { ids: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/ids must list at least one id/);
    const many = await owner.request('DELETE', '/api/v1/variables', {
      ids: Array.from({ length: 101 }, (_, i) => `id-${i}`),
    });
    expect(many.statusCode).toBe(400);
    expect(many.json().message).toMatch(/At most 100 items can be deleted at once/);
  });

  it('needs the resource’s delete permission', async () => {
    const key = (
      await owner.request('POST', '/api/v1/apikey', { keyName: 'Reader', permissions: ['tools:view'] })
    ).json() as { apiKey: string } | { apiKey: string }[];
    const secret = Array.isArray(key) ? key.find((k) => k.apiKey)!.apiKey : key.apiKey;
    const [toolId] = await createThree(RESOURCES[0]!, 30);
    const refused = await server.app.inject({
      method: 'DELETE',
      url: '/api/v1/tools',
      headers: { authorization: `Bearer ${secret}` },
      payload: { ids: [toolId] },
    });
    expect(refused.statusCode).toBe(403);
    expect(await idsOf('/api/v1/tools')).toContain(toolId);
  });
});
