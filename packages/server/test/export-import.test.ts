import { randomUUID } from 'node:crypto';
import { startTestLlmServer, type TestLlmServer } from '@flowloom/test-llm';
import { ALL_PERMISSIONS, EXPORT_BUNDLE_KEYS, type Permission } from '@flowloom/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ENGINES,
  login,
  openAiCredential,
  ownerSession,
  startTestServer,
  type Session,
  type TestServer,
} from './harness.js';
import { flowiseBundle, flowiseBundleIds } from './flowise-bundle.js';
import { flowiseTemplate, withCredential } from './flowise-templates.js';

const ALL_FLAGS = {
  agentflow: true,
  agentflowv2: true,
  assistantCustom: true,
  assistantOpenAI: true,
  assistantAzure: true,
  chatflow: true,
  chat_message: true,
  chat_feedback: true,
  custom_template: true,
  document_store: true,
  execution: true,
  tool: true,
  variable: true,
};

type Bundle = Record<string, Record<string, unknown>[]> & { FileDefaultName?: string };

const TABLES = [
  'chat_flow',
  'assistant',
  'chat_message',
  'chat_message_feedback',
  'custom_template',
  'document_store',
  'document_store_file_chunk',
  'execution',
  'tool',
  'variable',
] as const;

/** Rows per table on a server: what an import must leave alone when it refuses a file. */
async function rowCounts(server: TestServer): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const row = await server.database.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}

/** A node with a password, a file and a folder input next to an ordinary one (SPEC §5 strips the three). */
const secretNode = {
  id: 'customSecrets_0',
  type: 'customNode',
  position: { x: 10, y: 10 },
  selected: true,
  data: {
    id: 'customSecrets_0',
    label: 'Secrets',
    name: 'customSecrets',
    type: 'Secrets',
    baseClasses: ['Secrets'],
    category: 'Utilities',
    inputParams: [
      { name: 'apiToken', type: 'password' },
      { name: 'upload', type: 'file' },
      { name: 'folderPath', type: 'folder' },
      { name: 'label', type: 'string' },
    ],
    inputs: {
      apiToken: 'pw-SECRET-123',
      upload: 'data:text/plain;base64,c2VjcmV0,filename:secret.txt',
      folderPath: '/home/secret-folder',
      label: 'kept label',
      llmModelConfig: { modelName: 'gpt-4o', FLOWISE_CREDENTIAL_ID: 'cred-inside-config' },
    },
    credential: 'cred-on-node',
    selected: true,
  },
};

/** Inserts a member of the owner's workspace holding only `permissions`; their session. */
async function memberWith(server: TestServer, owner: Session, permissions: Permission[]): Promise<Session> {
  const db = server.database.db;
  const at = new Date().toISOString();
  const roleId = randomUUID();
  const userId = randomUUID();
  const email = `m-${roleId.slice(0, 8)}@example.com`;
  const audit = { createdDate: at, updatedDate: at, createdBy: null, updatedBy: null };
  const bcrypt = (await import('bcryptjs')).default;
  await db
    .insertInto('role')
    .values({
      id: roleId,
      organizationId: owner.user.activeOrganizationId as string,
      name: `r-${roleId}`,
      description: null,
      permissions: JSON.stringify(permissions),
      ...audit,
    })
    .execute();
  await db
    .insertInto('user')
    .values({
      id: userId,
      name: 'Member',
      email,
      credential: await bcrypt.hash('M3mber-pass!', 4),
      tempToken: null,
      tokenExpiry: null,
      status: 'active',
      lastLogin: null,
      ...audit,
    })
    .execute();
  await db
    .insertInto('organization_user')
    .values({
      organizationId: owner.user.activeOrganizationId as string,
      userId,
      roleId,
      status: 'active',
      ...audit,
    })
    .execute();
  await db
    .insertInto('workspace_user')
    .values({
      workspaceId: owner.user.activeWorkspaceId,
      userId,
      roleId,
      status: 'active',
      lastLogin: null,
      ...audit,
    })
    .execute();
  return login(server.app, email, 'M3mber-pass!');
}

describe.each(ENGINES)('workspace export and import (%s)', (engine) => {
  let llm: TestLlmServer;
  let source: TestServer;
  let owner: Session;
  let exported: Bundle;
  let credentialId: string;
  const ids: Record<string, string> = {};

  const post = (session: Session, url: string, body: unknown) => session.request('POST', url, body);

  beforeAll(async () => {
    llm = await startTestLlmServer();
    source = await startTestServer({
      engine,
      env: { OPENAI_BASE_URL: llm.openAiBaseUrl, PLATFORM_TYPE: 'enterprise' },
    });
    owner = await ownerSession(source.app);
    credentialId = await openAiCredential(owner);
    const workspaceId = owner.user.activeWorkspaceId;
    const db = source.database.db;

    // Flows of every type, made through the API; the chatflow runs on the scripted LLM.
    const chatFlowData = withCredential(
      flowiseTemplate('chatflows', 'Conversation Chain'),
      'chatOpenAI',
      credentialId,
    );
    const created = async (name: string, type: string, flowData: unknown) => {
      const response = await post(owner, '/api/v1/chatflows', {
        name,
        type,
        flowData: JSON.stringify(flowData),
      });
      expect(response.statusCode, response.body).toBeLessThan(300);
      return response.json<{ id: string }>().id;
    };
    ids.chatflow = await created('Support bot', 'CHATFLOW', chatFlowData);
    ids.multiagent = await created('Team', 'MULTIAGENT', flowiseTemplate('agentflows', 'Multi Agents'));
    ids.agentflow = await created('Translator', 'AGENTFLOW', flowiseTemplate('agentflowsv2', 'Translator'));
    ids.assistantFlow = await created('Assistant flow', 'ASSISTANT', { nodes: [secretNode], edges: [] });

    // Real messages from real runs, and feedback on one answer.
    let answerId = '';
    for (const question of ['first question', 'second question']) {
      const response = await source.app.inject({
        method: 'POST',
        url: `/api/v1/prediction/${ids.chatflow}`,
        payload: { question, chatId: 'chat-export' },
      });
      expect(response.statusCode, response.body).toBe(200);
      answerId = response.json<{ chatMessageId: string }>().chatMessageId;
    }
    const rated = await source.app.inject({
      method: 'POST',
      url: '/api/v1/feedback',
      payload: {
        chatflowid: ids.chatflow,
        chatId: 'chat-export',
        messageId: answerId,
        rating: 'THUMBS_UP',
        content: 'good',
      },
    });
    expect(rated.statusCode, rated.body).toBeLessThan(300);

    expect(
      (
        await post(owner, '/api/v1/tools', {
          name: 'lookup_weather',
          description: 'Weather by city',
          color: 'linear-gradient(rgb(1,2,3), rgb(4,5,6))',
          schema: JSON.stringify([{ property: 'city', type: 'string', description: 'City', required: true }]),
          func: 'return "sunny";',
        })
      ).statusCode,
    ).toBeLessThan(300);
    expect(
      (await post(owner, '/api/v1/variables', { name: 'region', value: 'eu-secret-value', type: 'static' }))
        .statusCode,
    ).toBeLessThan(300);
    expect(
      (
        await post(owner, '/api/v1/marketplaces/custom', {
          name: 'Support template',
          flowData: JSON.stringify(chatFlowData),
          description: 'From the support bot',
          usecases: ['Customer Support'],
          type: 'Chatflow',
        })
      ).statusCode,
    ).toBeLessThan(300);
    expect(
      (
        await post(owner, '/api/v1/marketplaces/custom', {
          name: 'Weather tool template',
          type: 'Tool',
          tool: { iconSrc: null, schema: '[]', func: 'return 1;' },
        })
      ).statusCode,
    ).toBeLessThan(300);
    const store = await post(owner, '/api/v1/document-store/store', {
      name: 'Handbook',
      description: 'Policies',
    });
    expect(store.statusCode, store.body).toBe(201);
    ids.store = store.json<{ id: string }>().id;

    // Rows without a creating route here: assistants, chunks and an execution, written as the server would.
    const at = new Date().toISOString();
    await db
      .updateTable('document_store')
      .set({
        embeddingConfig: JSON.stringify({
          name: 'openAIEmbeddings',
          config: { credential: credentialId, modelName: 'text-embedding-3-small' },
        }),
      })
      .where('id', '=', ids.store)
      .execute();
    await db
      .insertInto('document_store_file_chunk')
      .values(
        [0, 1].map((chunkNo) => ({
          id: randomUUID(),
          docId: 'doc-1',
          storeId: ids.store!,
          chunkNo,
          pageContent: `Chunk ${chunkNo} of the handbook`,
          metadata: JSON.stringify({ source: 'handbook.txt' }),
        })),
      )
      .execute();
    for (const [type, name] of [
      ['CUSTOM', 'Custom helper'],
      ['OPENAI', 'OpenAI helper'],
      ['AZURE', 'Azure helper'],
    ] as const)
      await db
        .insertInto('assistant')
        .values({
          id: randomUUID(),
          details: JSON.stringify({ name, instructions: 'Be brief' }),
          credential: credentialId,
          iconSrc: null,
          type,
          workspaceId,
          createdDate: at,
          updatedDate: at,
        })
        .execute();
    ids.execution = randomUUID();
    await db
      .insertInto('execution')
      .values({
        id: ids.execution,
        executionData: JSON.stringify([
          {
            nodeId: 'llmAgentflow_0',
            data: { input: { llmModelConfig: { FLOWISE_CREDENTIAL_ID: credentialId } } },
          },
        ]),
        state: 'FINISHED',
        agentflowId: ids.agentflow!,
        sessionId: 'session-1',
        action: null,
        isPublic: 0,
        stoppedDate: null,
        stoppedReason: null,
        workspaceId,
        createdDate: at,
        updatedDate: at,
      })
      .execute();
  });
  afterAll(async () => {
    await source?.close();
    await llm?.close();
  });

  it('exports every section in the Flowise shape, sanitised', async () => {
    const response = await post(owner, '/api/v1/export-import/export', ALL_FLAGS);
    expect(response.statusCode, response.body).toBe(200);
    exported = response.json<Bundle>();
    expect(exported.FileDefaultName).toBe('ExportData.json');
    expect(
      Object.keys(exported)
        .filter((k) => k !== 'FileDefaultName')
        .sort(),
    ).toEqual([...EXPORT_BUNDLE_KEYS].sort());
    for (const key of EXPORT_BUNDLE_KEYS) expect(exported[key]!.length, key).toBeGreaterThan(0);

    expect(exported.ChatFlow).toHaveLength(1);
    expect(Object.keys(exported.ChatFlow![0]!)).toEqual(['id', 'name', 'flowData', 'type']);
    expect(exported.ChatFlow![0]).toMatchObject({ id: ids.chatflow, name: 'Support bot', type: 'CHATFLOW' });
    expect(exported.AgentFlow![0]).toMatchObject({ id: ids.multiagent, type: 'MULTIAGENT' });
    expect(exported.AgentFlowV2![0]).toMatchObject({ id: ids.agentflow, type: 'AGENTFLOW' });
    expect(exported.AssistantFlow![0]).toMatchObject({ id: ids.assistantFlow, type: 'ASSISTANT' });
    const flowData = exported.ChatFlow![0]!.flowData as string;
    expect(flowData).toContain('\n  "nodes"'); // pretty text, indented by 2
    const node = (
      JSON.parse(exported.AssistantFlow![0]!.flowData as string) as {
        nodes: { id: string; data: Record<string, unknown> }[];
      }
    ).nodes.find((n) => n.id === 'customSecrets_0')!;
    expect(node.data.inputs).toEqual({ label: 'kept label', llmModelConfig: { modelName: 'gpt-4o' } });
    expect(node.data.selected).toBe(false);

    expect(exported.ChatMessage).toHaveLength(4);
    expect(exported.ChatMessage![0]).toMatchObject({
      chatflowid: ids.chatflow,
      role: 'userMessage',
      content: 'first question',
    });
    expect(exported.ChatMessageFeedback![0]).toMatchObject({ rating: 'THUMBS_UP', content: 'good' });
    expect(exported.Variable).toEqual([
      expect.objectContaining({ name: 'region', value: '', type: 'static' }),
    ]);
    expect(Object.keys(exported.Tool![0]!)).toEqual([
      'id',
      'name',
      'description',
      'color',
      'iconSrc',
      'schema',
      'func',
    ]);
    expect(exported.AssistantCustom![0]).toMatchObject({ credential: null, type: 'CUSTOM' });
    expect(Object.keys(exported.AssistantOpenAI![0]!)).toEqual([
      'id',
      'details',
      'credential',
      'iconSrc',
      'type',
    ]);
    const toolTemplate = exported.CustomTemplate!.find((t) => t.type === 'Tool')!;
    expect(toolTemplate).toMatchObject({ schema: '[]', func: 'return 1;' });
    const flowTemplate = exported.CustomTemplate!.find((t) => t.type === 'Chatflow')!;
    expect(flowTemplate.usecases).toBe('["Customer Support"]');
    for (const key of ['CustomTemplate', 'DocumentStore', 'Execution'])
      for (const row of exported[key]!) expect(row, key).not.toHaveProperty('workspaceId');
    expect(exported.Execution![0]).toMatchObject({
      id: ids.execution,
      agentflowId: ids.agentflow,
      isPublic: false,
    });
    expect(exported.DocumentStoreFileChunk).toHaveLength(2);

    // No secret, credential id or workspace id anywhere in the file.
    const text = JSON.stringify(exported);
    for (const secret of [
      credentialId,
      'pw-SECRET-123',
      'secret-folder',
      'c2VjcmV0',
      'cred-on-node',
      'cred-inside-config',
      'eu-secret-value',
      'FLOWISE_CREDENTIAL_ID',
      owner.user.activeWorkspaceId,
    ])
      expect(text, secret).not.toContain(secret);
  });

  it('exports only the chosen sections', async () => {
    const response = await post(owner, '/api/v1/export-import/export', { tool: true, variable: false });
    const bundle = response.json<Bundle>();
    expect(bundle.Tool).toHaveLength(1);
    expect(bundle.ChatFlow).toEqual([]);
    expect(bundle.Variable).toEqual([]);
    const bad = await post(owner, '/api/v1/export-import/export', { tool: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('tool must be true or false');
  });

  it('imports into a fresh server, whose export equals the first one', async () => {
    const target = await startTestServer({ engine });
    try {
      const other = await ownerSession(target.app);
      const { FileDefaultName: _name, ...file } = exported;
      const response = await post(other, '/api/v1/export-import/import', file);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ message: 'success', skipped: {} });
      const again = (await post(other, '/api/v1/export-import/export', ALL_FLAGS)).json<Bundle>();
      expect(again).toEqual(exported);
      // The imported rows belong to the importer's workspace and work there.
      const flows = (await other.request('GET', '/api/v1/chatflows')).json<{ id: string }[]>();
      expect(flows.map((f) => f.id)).toContain(ids.chatflow);
      const messages = await other.request('GET', `/api/v1/chatmessage/${ids.chatflow}`);
      expect(messages.json()).toHaveLength(4);
    } finally {
      await target.close();
    }
  });

  it('imports a second time into the same workspace: taken ids get new ones and references follow', async () => {
    const before = await rowCounts(source);
    const response = await post(owner, '/api/v1/export-import/import', exported);
    expect(response.statusCode, response.body).toBe(200);
    const after = await rowCounts(source);
    for (const table of TABLES)
      expect(after[table], table).toBe(table === 'variable' ? before[table] : before[table]! * 2);
    // The variable's name is taken in this workspace: the existing one (with its value) is kept.
    expect(response.json()).toMatchObject({ skipped: { Variable: 1 } });
    const flows = (await owner.request('GET', '/api/v1/chatflows?type=CHATFLOW')).json<
      { id: string; name: string }[]
    >();
    const copy = flows.find((f) => f.name === 'Support bot' && f.id !== ids.chatflow)!;
    expect(copy).toBeDefined();
    const copied = (await owner.request('GET', `/api/v1/chatmessage/${copy.id}`)).json<{ id: string }[]>();
    expect(copied).toHaveLength(4);
    const original = (await owner.request('GET', `/api/v1/chatmessage/${ids.chatflow}`)).json<
      { id: string }[]
    >();
    expect(copied.map((m) => m.id)).not.toEqual(expect.arrayContaining(original.map((m) => m.id)));
    const execution = await source.database.db
      .selectFrom('execution')
      .select(['agentflowId'])
      .where('id', '!=', ids.execution!)
      .executeTakeFirstOrThrow();
    expect(execution.agentflowId).not.toBe(ids.agentflow);
    // Rename back so later tests see one copy of each name.
    await source.database.db.deleteFrom('chat_flow').where('id', 'not in', Object.values(ids)).execute();
  });

  it('imports a Flowise 3.x export file unchanged', async () => {
    const target = await startTestServer({ engine });
    try {
      const other = await ownerSession(target.app);
      const bundle = flowiseBundle();
      const response = await post(other, '/api/v1/export-import/import', bundle);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().skipped).toEqual({ ChatMessage: 1 });
      const flows = (await other.request('GET', '/api/v1/chatflows')).json<
        { id: string; name: string; type: string }[]
      >();
      expect(flows.map((f) => f.id).sort()).toEqual(
        [
          flowiseBundleIds.chatflow,
          flowiseBundleIds.toolAgent,
          flowiseBundleIds.multiAgent,
          flowiseBundleIds.agentflow,
        ].sort(),
      );
      const messages = (
        await other.request('GET', `/api/v1/chatmessage/${flowiseBundleIds.chatflow}?feedback=true`)
      ).json<{ role: string; feedback?: { rating: string } }[]>();
      expect(messages.map((m) => m.role)).toEqual(['userMessage', 'apiMessage']);
      expect(messages[1]!.feedback?.rating).toBe('THUMBS_DOWN');
      const tools = (await other.request('GET', '/api/v1/tools')).json<{ name: string }[]>();
      expect(tools.map((t) => t.name)).toEqual(['get_time']);
      const exportedBack = (await post(other, '/api/v1/export-import/export', ALL_FLAGS)).json<Bundle>();
      expect(exportedBack.Execution).toHaveLength(1);
      expect(exportedBack.DocumentStoreFileChunk).toHaveLength(1);
      expect(exportedBack.CustomTemplate).toHaveLength(2);
      expect(exportedBack.Variable).toEqual([
        expect.objectContaining({ name: 'apiBase', value: '', type: 'runtime' }),
      ]);
    } finally {
      await target.close();
    }
  });

  it('refuses a bad file with a clear message and changes nothing', async () => {
    const before = await rowCounts(source);
    const refuse = async (payload: string | object, status: number, message: string | RegExp) => {
      const response = await source.app.inject({
        method: 'POST',
        url: '/api/v1/export-import/import',
        headers: { cookie: owner.cookie, 'x-request-from': 'internal', 'content-type': 'application/json' },
        payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      });
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().message).toMatch(message);
    };
    const flow = exported.ChatFlow![0]!;
    await refuse('{"ChatFlow": [', 400, /^Malformed JSON body/);
    await refuse(
      [],
      400,
      'Invalid Imported File: the file must hold a JSON object with the sections AgentFlow, AgentFlowV2, AssistantFlow, AssistantCustom, AssistantOpenAI, AssistantAzure, ChatFlow, ChatMessage, ChatMessageFeedback, CustomTemplate, DocumentStore, DocumentStoreFileChunk, Execution, Tool, Variable',
    );
    await refuse({ ChatFlow: [], Chatflows: [] }, 400, /^Invalid Imported File: unknown section "Chatflows"/);
    await refuse({ Tool: {} }, 400, 'Invalid Imported File: Tool must be a list of rows');
    await refuse(
      { ChatFlow: [{ ...flow, name: 42 }] },
      400,
      'Invalid Imported File: ChatFlow[0].name must be a string',
    );
    await refuse(
      { ChatFlow: [{ ...flow, flowData: 'not json' }] },
      400,
      'Invalid Imported File: ChatFlow[0].flowData must be the JSON text of an object',
    );
    await refuse(
      { ChatMessage: [{ ...exported.ChatMessage![0], role: 'robot' }] },
      400,
      'Invalid Imported File: ChatMessage[0].role must be "userMessage" or "apiMessage"',
    );
    await refuse(
      { ChatMessage: [{ ...exported.ChatMessage![0], createdDate: 'yesterday' }] },
      400,
      'Invalid Imported File: ChatMessage[0].createdDate is not a date',
    );
    await refuse(
      { Tool: [exported.Tool![0]!, 'x'] },
      400,
      'Invalid Imported File: Tool[1] must be an object',
    );
    // Valid rows first, a bad one last: nothing of the file is kept.
    const fresh = { ...flow, id: randomUUID() };
    await refuse(
      { ChatFlow: [fresh, { ...fresh }] },
      400,
      `Invalid Imported File: ChatFlow[1].id "${fresh.id}" appears more than once in the file`,
    );
    await refuse(
      { Tool: [{ ...exported.Tool![0], id: randomUUID() }], Variable: [{ id: randomUUID(), name: '' }] },
      400,
      'Invalid Imported File: Variable[0].name must not be empty',
    );
    // 50 MB of rows: past the body limit, refused before anything is read.
    const row = JSON.stringify({ ...exported.ChatMessage![0], id: 'x', content: 'y'.repeat(10_000) });
    const huge = `{"ChatMessage":[${new Array(Math.ceil((51 * 1024 * 1024) / row.length)).fill(row).join(',')}]}`;
    await refuse(huge, 413, 'Request body is too large (the limit is 50 MB)');
    expect(await rowCounts(source)).toEqual(before);
  });

  it('rolls the whole import back when the database refuses its last row', async () => {
    const db = source.database.db;
    // Variables are written last: a trigger makes that insert fail after every other table was written.
    if (engine === 'sqlite')
      await sql`CREATE TRIGGER refuse_variable BEFORE INSERT ON variable BEGIN SELECT RAISE(ABORT, 'refused'); END`.execute(
        db,
      );
    else {
      await sql`CREATE FUNCTION refuse_variable() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$ LANGUAGE plpgsql`.execute(
        db,
      );
      await sql`CREATE TRIGGER refuse_variable BEFORE INSERT ON variable FOR EACH ROW EXECUTE FUNCTION refuse_variable()`.execute(
        db,
      );
    }
    try {
      const before = await rowCounts(source);
      const response = await post(owner, '/api/v1/export-import/import', {
        ...exported,
        Variable: [{ id: randomUUID(), name: 'brand-new', value: '', type: 'static' }],
      });
      expect(response.statusCode).toBe(500);
      expect(await rowCounts(source)).toEqual(before);
    } finally {
      await sql`DROP TRIGGER refuse_variable${sql.raw(engine === 'postgres' ? ' ON variable' : '')}`.execute(
        db,
      );
      if (engine === 'postgres') await sql`DROP FUNCTION refuse_variable()`.execute(db);
    }
  });

  it('needs workspace:export / workspace:import and each section’s own permission', async () => {
    const exportOnly = await memberWith(source, owner, ['workspace:export', 'tools:view']);
    expect((await post(exportOnly, '/api/v1/export-import/export', { tool: true })).statusCode).toBe(200);
    const noVariables = await post(exportOnly, '/api/v1/export-import/export', {
      tool: true,
      variable: true,
    });
    expect(noVariables.statusCode).toBe(403);
    expect(noVariables.json().message).toBe('Exporting Variable needs the variables:view permission');
    const denied = await post(exportOnly, '/api/v1/export-import/import', { Tool: [] });
    expect(denied.statusCode).toBe(403);

    const importer = await memberWith(source, owner, ['workspace:import', 'tools:create']);
    expect((await post(importer, '/api/v1/export-import/export', { tool: true })).statusCode).toBe(403);
    const before = await rowCounts(source);
    const noFlows = await post(importer, '/api/v1/export-import/import', {
      Tool: [{ ...exported.Tool![0], id: randomUUID() }],
      ChatFlow: [{ ...exported.ChatFlow![0], id: randomUUID() }],
    });
    expect(noFlows.statusCode).toBe(403);
    expect(noFlows.json().message).toBe('Importing ChatFlow needs the chatflows:create permission');
    expect(await rowCounts(source)).toEqual(before);
    const tools = await post(importer, '/api/v1/export-import/import', {
      Tool: [{ ...exported.Tool![0], id: randomUUID(), name: 'imported tool' }],
    });
    expect(tools.statusCode, tools.body).toBe(200);
    expect((await rowCounts(source)).tool).toBe(before.tool! + 1);

    // An API key needs the permission too.
    const keys = (
      await post(owner, '/api/v1/apikey', {
        keyName: 'no-export',
        permissions: ALL_PERMISSIONS.filter((p) => p !== 'workspace:export'),
      })
    ).json<{ keyName: string; apiKey: string }[]>();
    const secret = keys.find((k) => k.keyName === 'no-export')!.apiKey;
    const byKey = await source.app.inject({
      method: 'POST',
      url: '/api/v1/export-import/export',
      headers: { authorization: `Bearer ${secret}` },
      payload: { tool: true },
    });
    expect(byKey.statusCode).toBe(403);
  });
});
