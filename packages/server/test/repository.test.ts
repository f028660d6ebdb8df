import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, type OpenedDatabase } from '../src/db/database.js';
import { workspaceTable } from '../src/db/workspace-table.js';
import { createIdentityRepository } from '../src/modules/identity/identity.repository.js';
import { ENGINES, workspacesDatabase } from './harness.js';

const TABLES = [
  'user',
  'organization',
  'organization_user',
  'workspace',
  'workspace_user',
  'role',
  'login_activity',
  'login_session',
  'api_key',
  'chat_flow',
  'chat_message',
  'chat_message_feedback',
  'lead',
  'credential',
  'variable',
  'tool',
  'assistant',
  'custom_template',
  'document_store',
  'document_store_file_chunk',
  'upsert_history',
  'execution',
  'dataset',
  'dataset_row',
  'evaluator',
  'evaluation',
  'evaluation_run',
];

describe.each(ENGINES)('repositories on %s', (engine) => {
  let close: () => Promise<void>;
  let opened: OpenedDatabase;
  const at = '2026-01-01T00:00:00.000Z';
  const orgId = randomUUID();
  const workspaceId = randomUUID();
  const otherWorkspaceId = randomUUID();

  beforeAll(async () => {
    ({ opened, close } = await workspacesDatabase(engine, {
      organizationId: orgId,
      workspaceIds: [workspaceId, otherWorkspaceId],
    }));
  });

  afterAll(() => close());

  it('reports the engine it opened', () => {
    expect(opened.kind).toBe(engine);
  });

  it('creates every table of the design and runs migrations again without change', async () => {
    await migrateToLatest(opened.db);
    await migrateToLatest(opened.db);
    const tables = (await opened.db.introspection.getTables()).map((t) => t.name);
    for (const table of TABLES) expect(tables).toContain(table);
  });

  it('keeps rows of one workspace invisible from another', async () => {
    const tools = workspaceTable(opened.db, 'tool', { column: 'updatedDate', direction: 'desc' });
    const id = randomUUID();
    await tools.insert({
      id,
      name: 'adder',
      description: 'adds',
      color: '#fff',
      iconSrc: null,
      schema: null,
      func: null,
      workspaceId,
      createdDate: at,
      updatedDate: at,
    });
    expect(await tools.find(workspaceId, id)).toMatchObject({ name: 'adder' });
    expect(await tools.find(otherWorkspaceId, id)).toBeUndefined();
    expect(await tools.update(otherWorkspaceId, id, { name: 'stolen' })).toBe(false);
    expect(await tools.remove(otherWorkspaceId, id)).toBe(false);
    expect(await tools.count(workspaceId)).toBe(1);
    expect(await tools.count(otherWorkspaceId)).toBe(0);
  });

  it('pages a list in the declared order', async () => {
    const variables = workspaceTable(opened.db, 'variable', { column: 'updatedDate', direction: 'desc' });
    for (let i = 0; i < 5; i++) {
      const date = `2026-01-0${i + 1}T00:00:00.000Z`;
      await variables.insert({
        id: randomUUID(),
        name: `v${i}`,
        value: String(i),
        type: 'static',
        workspaceId,
        createdDate: date,
        updatedDate: date,
      });
    }
    const page = await variables.list(workspaceId, { offset: 1, limit: 2 });
    expect(page.map((v) => v.name)).toEqual(['v3', 'v2']);
  });

  it('refuses a second variable of the same name in one workspace but allows it in another', async () => {
    const variables = workspaceTable(opened.db, 'variable', { column: 'updatedDate', direction: 'desc' });
    const row = { name: 'dup', value: '', type: 'static', createdDate: at, updatedDate: at };
    await variables.insert({ ...row, id: randomUUID(), workspaceId });
    await expect(variables.insert({ ...row, id: randomUUID(), workspaceId })).rejects.toThrow();
    await variables.insert({ ...row, id: randomUUID(), workspaceId: otherWorkspaceId });
  });

  it('rolls back every row of a failed multi-row transaction', async () => {
    const flows = workspaceTable(opened.db, 'chat_flow', { column: 'updatedDate', direction: 'desc' });
    const before = await flows.count(workspaceId);
    const base = {
      name: 'tx',
      flowData: '{"nodes":[],"edges":[]}',
      deployed: null,
      isPublic: null,
      apikeyid: null,
      chatbotConfig: null,
      apiConfig: null,
      analytic: null,
      speechToText: null,
      textToSpeech: null,
      followUpPrompts: null,
      category: null,
      type: 'CHATFLOW',
      mcpServerConfig: null,
      webhookSecret: null,
      workspaceId,
      createdDate: at,
      updatedDate: at,
    };
    const duplicateId = randomUUID();
    await expect(
      opened.db.transaction().execute(async (trx) => {
        await flows.insert({ ...base, id: randomUUID() }, trx);
        await flows.insert({ ...base, id: duplicateId }, trx);
        await flows.insert({ ...base, id: duplicateId }, trx); // primary-key clash aborts the transaction
      }),
    ).rejects.toThrow();
    expect(await flows.count(workspaceId)).toBe(before);
  });

  it("deletes a flow's messages and feedback with the flow", async () => {
    const flowId = randomUUID();
    const messageId = randomUUID();
    await opened.db
      .insertInto('chat_flow')
      .values({
        id: flowId,
        name: 'f',
        flowData: '{"nodes":[],"edges":[]}',
        deployed: null,
        isPublic: null,
        apikeyid: null,
        chatbotConfig: null,
        apiConfig: null,
        analytic: null,
        speechToText: null,
        textToSpeech: null,
        followUpPrompts: null,
        category: null,
        type: 'CHATFLOW',
        mcpServerConfig: null,
        webhookSecret: null,
        workspaceId,
        createdDate: at,
        updatedDate: at,
      })
      .execute();
    await opened.db
      .insertInto('chat_message')
      .values({
        id: messageId,
        role: 'userMessage',
        chatflowid: flowId,
        executionId: null,
        content: 'hi',
        sourceDocuments: null,
        usedTools: null,
        fileAnnotations: null,
        agentReasoning: null,
        reasonContent: null,
        fileUploads: null,
        artifacts: null,
        action: null,
        chatType: 'INTERNAL',
        chatId: 'c1',
        memoryType: null,
        sessionId: null,
        leadEmail: null,
        followUpPrompts: null,
        createdDate: at,
      })
      .execute();
    await opened.db
      .insertInto('chat_message_feedback')
      .values({
        id: randomUUID(),
        chatflowid: flowId,
        chatId: 'c1',
        messageId,
        rating: 'THUMBS_UP',
        content: null,
        createdDate: at,
      })
      .execute();
    await opened.db.deleteFrom('chat_flow').where('id', '=', flowId).execute();
    expect(
      await opened.db.selectFrom('chat_message').selectAll().where('chatflowid', '=', flowId).execute(),
    ).toEqual([]);
    expect(
      await opened.db
        .selectFrom('chat_message_feedback')
        .selectAll()
        .where('chatflowid', '=', flowId)
        .execute(),
    ).toEqual([]);
  });

  it("lists a user's memberships with roles and counts users", async () => {
    const repo = createIdentityRepository(opened.db);
    const userId = randomUUID();
    const roleId = randomUUID();
    await repo.insertRole({
      id: roleId,
      organizationId: orgId,
      name: 'viewer',
      description: null,
      permissions: '["chatflows:view"]',
      createdDate: at,
      updatedDate: at,
      createdBy: null,
      updatedBy: null,
    });
    await repo.insertUser({
      id: userId,
      name: 'U',
      email: 'u@example.com',
      credential: null,
      tempToken: null,
      tokenExpiry: null,
      status: 'active',
      lastLogin: null,
      createdDate: at,
      updatedDate: at,
      createdBy: null,
      updatedBy: null,
    });
    await repo.linkWorkspaceUser({
      workspaceId,
      userId,
      roleId,
      status: 'active',
      lastLogin: null,
      createdDate: at,
      updatedDate: at,
      createdBy: null,
      updatedBy: null,
    });
    const memberships = await repo.listMemberships(userId);
    expect(memberships).toEqual([
      expect.objectContaining({
        workspaceId,
        organizationId: orgId,
        workspaceRoleName: 'viewer',
        workspaceRolePermissions: '["chatflows:view"]',
        organizationRoleName: null,
      }),
    ]);
    expect(await repo.countUsers()).toBeGreaterThanOrEqual(1);
    expect(await repo.findUserByEmail('U@Example.com')).toMatchObject({ id: userId });
  });
});
