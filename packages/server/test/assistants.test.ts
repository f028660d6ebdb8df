import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestLlmServer, type TestLlmServer } from '@flowloom/test-llm';
import type { FlowData, Permission } from '@flowloom/shared';
import {
  ENGINES,
  moveToAnotherWorkspace,
  openAiCredential,
  ownerSession,
  startTestServer,
  type Session,
  type TestServer,
} from './harness.js';
import { parseSse } from './flowise-templates.js';

const ROCKETS =
  'Rockets reach orbit with staged engines.\n\nBananas are rich in potassium.\n\nThe moon orbits the earth every 27 days.';

/**
 * Custom assistants (issue 14): an `assistant` row plus a chat flow of type ASSISTANT with the same id,
 * built by the server from the details on every save, which `/prediction/:id` runs.
 */
describe.each(ENGINES)('custom assistants (%s)', (engine) => {
  let llm: TestLlmServer;
  let server: TestServer;
  let owner: Session;
  let credentialId: string;
  let storeId: string;

  const api = (method: string, path: string, body?: unknown) =>
    owner.request(method, `/api/v1/assistants${path}`, body);
  const predict = (id: string, body: Record<string, unknown>) =>
    server.app.inject({ method: 'POST', url: `/api/v1/prediction/${id}`, payload: body });
  const chatModel = (extra: object = {}) => ({
    name: 'chatOpenAI',
    inputs: { modelName: 'gpt-4o-mini', temperature: 0 },
    credential: credentialId,
    ...extra,
  });

  async function create(details: object): Promise<string> {
    const response = await api('POST', '', { details: JSON.stringify(details), type: 'CUSTOM' });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string }>().id;
  }
  async function flowOf(id: string): Promise<FlowData & { type: string }> {
    const response = await owner.request('GET', `/api/v1/chatflows/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    const row = response.json<{ flowData: string; type: string }>();
    return { ...(JSON.parse(row.flowData) as FlowData), type: row.type };
  }
  /** The chat requests the scripted model received. */
  const chatRequests = () =>
    llm.requests
      .filter((r) => r.path.endsWith('/chat/completions'))
      .map(
        (r) =>
          r.body as {
            messages: { role: string; content: unknown }[];
            tools?: { function: { name: string } }[];
          },
      );

  beforeAll(async () => {
    llm = await startTestLlmServer();
    server = await startTestServer({
      engine,
      env: { OPENAI_BASE_URL: llm.openAiBaseUrl, FLOWLOOM_HTTP_ALLOW: '127.0.0.1' },
    });
    owner = await ownerSession(server.app);
    credentialId = await openAiCredential(owner);
    // A document store upserted into the embedded vector store, as the document-store API does it.
    storeId = (
      await owner.request('POST', '/api/v1/document-store/store', {
        name: 'Rocket Facts',
        description: 'Space trivia',
      })
    ).json<{ id: string }>().id;
    const upserted = await owner.request('POST', `/api/v1/document-store/upsert/${storeId}`, {
      loader: { name: 'plainText', config: { text: ROCKETS } },
      splitter: {
        name: 'characterTextSplitter',
        config: { chunkSize: 60, chunkOverlap: 0, separator: '\n\n' },
      },
      embedding: {
        name: 'openAIEmbeddings',
        config: { modelName: 'text-embedding-3-small', dimensions: 256, credential: credentialId },
      },
      vectorStore: { name: 'embeddedVectorStore', config: { topK: 1 } },
    });
    expect(upserted.statusCode, upserted.body).toBe(200);
  });
  afterAll(async () => {
    await server.close();
    await llm.close();
  });
  beforeEach(() => llm.reset());

  it('offers chat models, form-only tools and upserted document stores', async () => {
    const models = (await api('GET', '/components/chatmodels')).json<{ name: string; category: string }[]>();
    expect(models.map((m) => m.name)).toContain('chatOpenAI');
    expect(models.every((m) => m.category === 'Chat Models')).toBe(true);
    expect(models.map((m) => m.name)).not.toContain('chatOpenAI_LlamaIndex');
    const tools = (await api('GET', '/components/tools')).json<{ name: string }[]>().map((t) => t.name);
    expect(tools).toContain('calculator');
    expect(tools).toContain('customTool');
    // The Retriever Tool needs a retriever connected: knowledge comes as document stores instead.
    expect(tools).not.toContain('retrieverTool');
    await owner.request('POST', '/api/v1/document-store/store', { name: 'Empty store' });
    expect((await api('GET', '/components/docstores')).json()).toEqual([
      { name: storeId, label: 'Rocket Facts', description: 'Space trivia' },
    ]);
  });

  it('creates an assistant from a name, lists and reads it; it has no flow until a chat model is chosen', async () => {
    const id = await create({ name: 'Name only' });
    const row = (await api('GET', `/${id}`)).json<{ details: string; type: string; workspaceId: string }>();
    expect(row.type).toBe('CUSTOM');
    expect(row.workspaceId).toBe(owner.user.activeWorkspaceId);
    expect(JSON.parse(row.details)).toEqual({
      name: 'Name only',
      instruction: '',
      documentStores: [],
      tools: [],
    });
    expect((await api('GET', '?type=CUSTOM')).json<{ id: string }[]>().map((a) => a.id)).toContain(id);
    expect((await api('GET', '?type=OPENAI')).json()).toEqual([]);
    const page = (await api('GET', '?type=CUSTOM&page=1&limit=1')).json<{ data: unknown[]; total: number }>();
    expect(page.data).toHaveLength(1);
    expect(page.total).toBeGreaterThanOrEqual(1);
    expect((await owner.request('GET', `/api/v1/chatflows/${id}`)).statusCode).toBe(404);
  });

  it('saving builds the ASSISTANT flow with the same id; /prediction runs it, calling the Calculator and remembering the chat', async () => {
    const id = await create({ name: 'Maths helper' });
    const saved = await api('PUT', `/${id}`, {
      details: JSON.stringify({
        name: 'Maths helper',
        chatModel: chatModel(),
        instruction: 'You help with arithmetic.',
        tools: [{ name: 'calculator', inputs: {} }],
        documentStores: [],
      }),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const details = JSON.parse(saved.json<{ details: string }>().details);
    expect(details.flowId).toBe(id);
    // Stored as Flowise keeps them: the model and tools as the flow's nodes.
    expect(details.chatModel).toMatchObject({
      id: 'chatOpenAI_0',
      name: 'chatOpenAI',
      credential: credentialId,
    });
    expect(details.chatModel.inputs).toMatchObject({ modelName: 'gpt-4o-mini', temperature: 0 });
    expect(details.tools).toMatchObject([{ id: 'calculator_0', name: 'calculator' }]);

    const flow = await flowOf(id);
    expect(flow.type).toBe('ASSISTANT');
    expect(flow.nodes.map((n) => n.id).sort()).toEqual(
      ['bufferMemory_0', 'calculator_0', 'chatOpenAI_0', 'toolAgent_0'].sort(),
    );
    const agent = flow.nodes.find((n) => n.id === 'toolAgent_0')!.data;
    expect(agent.inputs).toMatchObject({
      systemMessage: 'You help with arithmetic.',
      tools: ['{{calculator_0.data.instance}}'],
      model: '{{chatOpenAI_0.data.instance}}',
      memory: '{{bufferMemory_0.data.instance}}',
    });
    expect(flow.edges.map((e) => `${e.source}>${e.target}`).sort()).toEqual(
      ['bufferMemory_0>toolAgent_0', 'calculator_0>toolAgent_0', 'chatOpenAI_0>toolAgent_0'].sort(),
    );

    const answer = await predict(id, {
      question: 'What is 2+2? [[tool:calculator {"input":"2+2"}]]',
      overrideConfig: { sessionId: 'maths-1' },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({
      text: 'The tool said 4',
      usedTools: [{ tool: 'calculator', toolInput: { input: '2+2' }, toolOutput: '4' }],
      memoryType: 'Buffer Memory',
    });
    const first = chatRequests()[0]!;
    expect(first.messages[0]).toEqual({ role: 'system', content: 'You help with arithmetic.' });
    expect(first.tools?.map((t) => t.function.name)).toEqual(['calculator']);

    llm.reset();
    const again = await predict(id, { question: 'And now?', overrideConfig: { sessionId: 'maths-1' } });
    expect(again.statusCode, again.body).toBe(200);
    const remembered = JSON.stringify(chatRequests()[0]!.messages);
    expect(remembered).toContain('What is 2+2?');
    expect(remembered).toContain('The tool said 4');
  });

  it('searches a document store through its retriever tool and answers with what it found', async () => {
    const id = await create({ name: 'Space guide' });
    const saved = await api('PUT', `/${id}`, {
      details: {
        name: 'Space guide',
        chatModel: chatModel(),
        instruction: 'Answer questions about space.',
        documentStores: [
          { id: storeId, description: 'Facts about rockets and the moon', returnSourceDocuments: true },
        ],
        tools: [],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(JSON.parse(saved.json<{ details: string }>().details).documentStores).toEqual([
      {
        id: storeId,
        name: 'Rocket Facts',
        description: 'Facts about rockets and the moon',
        returnSourceDocuments: true,
      },
    ]);
    const flow = await flowOf(id);
    const tool = flow.nodes.find((n) => n.id === 'retrieverTool_0')!.data;
    expect(tool.inputs).toMatchObject({
      name: 'rocket_facts',
      description: 'Facts about rockets and the moon',
      retriever: '{{documentStoreVS_0.data.instance}}',
    });
    expect(flow.nodes.find((n) => n.id === 'documentStoreVS_0')!.data).toMatchObject({
      inputs: { selectedStore: storeId },
      outputs: { output: 'retriever' },
    });
    // The store lists the assistant's flow among the flows that use it.
    const store = (await owner.request('GET', `/api/v1/document-store/store/${storeId}`)).json();
    expect(store.whereUsed).toContainEqual({ id, name: 'Space guide' });

    const answer = await predict(id, {
      question: 'How do rockets reach orbit? [[tool:rocket_facts {"input":"rockets reach orbit engines"}]]',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json();
    expect(body.text).toBe('The tool said Rockets reach orbit with staged engines.');
    expect(body.sourceDocuments).toEqual([
      expect.objectContaining({ pageContent: 'Rockets reach orbit with staged engines.' }),
    ]);
    expect(chatRequests()[0]!.tools?.map((t) => t.function.name)).toEqual(['rocket_facts']);
  });

  it('without tools or knowledge, the model answers through a Conversation Chain with the instructions', async () => {
    const id = await create({ name: 'Plain', chatModel: chatModel(), instruction: 'Be brief.' });
    const flow = await flowOf(id);
    expect(flow.nodes.map((n) => n.data.name).sort()).toEqual([
      'bufferMemory',
      'chatOpenAI',
      'conversationChain',
    ]);
    const answer = await predict(id, { question: 'Hi there' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().text).toBe('Hello from the test LLM. You said: Hi there');
    expect(chatRequests()[0]!.messages[0]).toEqual({ role: 'system', content: 'Be brief.' });
  });

  it('streams the answer of an assistant over server-sent events', async () => {
    const id = await create({ name: 'Streamer', chatModel: chatModel(), tools: [{ name: 'calculator' }] });
    const response = await predict(id, { question: 'Stream please', streaming: true });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/event-stream');
    const events = parseSse(response.body);
    const tokens = events.filter((e) => e.event === 'token').map((e) => e.data);
    expect(tokens.length).toBeGreaterThan(1);
    expect(tokens.join('')).toBe('Hello from the test LLM. You said: Stream please');
    expect(events.at(-1)).toEqual({ event: 'end', data: '[DONE]' });
  });

  it('refuses incomplete or unknown settings with a message, and writes nothing', async () => {
    const id = await create({ name: 'Strict', chatModel: chatModel(), tools: [{ name: 'calculator' }] });
    const before = {
      assistant: (await api('GET', `/${id}`)).body,
      flow: (await owner.request('GET', `/api/v1/chatflows/${id}`)).json().flowData,
    };
    const refusals: [object, RegExp][] = [
      [{ name: 'Strict', tools: [{ name: 'calculator' }] }, /Choose a chat model/],
      [
        { name: 'Strict', chatModel: { name: 'gpt-nonsense', inputs: {} } },
        /Unknown chat model "gpt-nonsense"/,
      ],
      [
        { name: 'Strict', chatModel: { name: 'chatOpenAI', inputs: { modelName: 'gpt-4o-mini' } } },
        /Chat model ChatOpenAI needs a credential \(openAIApi\)/,
      ],
      // LlamaIndex models only connect to LlamaIndex engines (Flowise offers none to assistants).
      [
        { name: 'Strict', chatModel: { ...chatModel(), name: 'chatOpenAI_LlamaIndex' } },
        /Unknown chat model "chatOpenAI_LlamaIndex"/,
      ],
      [{ name: 'Strict', chatModel: chatModel(), tools: [{ name: 'rm -rf' }] }, /Unknown tool "rm -rf"/],
      [
        { name: 'Strict', chatModel: chatModel(), tools: [{ name: 'retrieverTool' }] },
        /Unknown tool "retrieverTool"/,
      ],
      [
        { name: 'Strict', chatModel: chatModel(), tools: [{ name: 'customTool' }] },
        /Tool Custom Tool needs Select Tool/,
      ],
      [{ name: 'Strict', chatModel: chatModel(), tools: [{}] }, /Choose a tool for every tool row/],
      [
        { name: 'Strict', chatModel: chatModel(), documentStores: [{ id: storeId, description: '  ' }] },
        /Describe the knowledge in document store "Rocket Facts"/,
      ],
      [
        { name: 'Strict', chatModel: chatModel(), documentStores: [{ id: randomUUID(), description: 'x' }] },
        /Document store .* not found in this workspace/,
      ],
      [
        { name: 'Strict', chatModel: chatModel({ credential: randomUUID() }) },
        /Credential .* not found in this workspace/,
      ],
      [{ name: '', chatModel: chatModel() }, /Assistant name is required/],
    ];
    for (const [details, message] of refusals) {
      const response = await api('PUT', `/${id}`, { details: JSON.stringify(details) });
      expect(response.statusCode, JSON.stringify(details)).toBe(400);
      expect(response.json().message).toMatch(message);
    }
    const wrongType = (
      await owner.request('POST', '/api/v1/credentials', {
        name: 'Anthropic',
        credentialName: 'anthropicApi',
        plainDataObj: { anthropicApiKey: 'sk-ant' },
      })
    ).json<{ id: string }>().id;
    const mismatch = await api('PUT', `/${id}`, {
      details: { name: 'Strict', chatModel: chatModel({ credential: wrongType }) },
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe(
      'Credential "Anthropic" is a anthropicApi credential; ChatOpenAI takes openAIApi',
    );
    const notJson = await api('PUT', `/${id}`, { details: '{"name":' });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().message).toBe('details must be valid JSON');
    const openAi = await api('POST', '', {
      details: '{"name":"x"}',
      type: 'OPENAI',
      credential: credentialId,
    });
    expect(openAi.statusCode).toBe(400);
    expect(openAi.json().message).toBe('Choose the assistant model');
    const tooMany = await api('PUT', `/${id}`, {
      details: {
        name: 'Strict',
        chatModel: chatModel(),
        tools: Array.from({ length: 26 }, () => ({ name: 'calculator' })),
      },
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toMatch(/at most 25 tools/);

    expect((await api('GET', `/${id}`)).body).toBe(before.assistant);
    expect((await owner.request('GET', `/api/v1/chatflows/${id}`)).json().flowData).toBe(before.flow);
  });

  it('deletes the assistant with its flow and messages, and the store forgets the flow', async () => {
    const id = await create({
      name: 'Short-lived',
      chatModel: chatModel(),
      documentStores: [{ id: storeId, description: 'Space facts' }],
    });
    expect((await predict(id, { question: 'Hello' })).statusCode).toBe(200);
    expect((await owner.request('GET', `/api/v1/chatmessage/${id}`)).json()).toHaveLength(2);
    const removed = await api('DELETE', `/${id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await api('GET', `/${id}`)).statusCode).toBe(404);
    expect((await owner.request('GET', `/api/v1/chatflows/${id}`)).statusCode).toBe(404);
    expect((await predict(id, { question: 'Hello' })).statusCode).toBe(404);
    const rows = await server.database.db
      .selectFrom('chat_message')
      .select('id')
      .where('chatflowid', '=', id)
      .execute();
    expect(rows).toEqual([]);
    const store = (await owner.request('GET', `/api/v1/document-store/store/${storeId}`)).json();
    expect(store.whereUsed.map((f: { id: string }) => f.id)).not.toContain(id);
    expect((await api('DELETE', `/${id}`)).statusCode).toBe(404);
  });

  it('writes instructions for a task with the chosen chat model', async () => {
    const response = await api('POST', '/generate/instruction', {
      task: 'Answer customer questions about our bakery',
      selectedChatModel: chatModel(),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().content).toMatch(/^Hello from the test LLM\. You said: .*our bakery$/s);
    const sent = chatRequests()[0]!;
    expect(sent.messages[0]!.role).toBe('system');
    expect(String(sent.messages[0]!.content)).toMatch(/You write the system instructions of AI assistants/);
    expect(String(sent.messages[1]!.content)).toContain('Answer customer questions about our bakery');

    const noTask = await api('POST', '/generate/instruction', { task: ' ', selectedChatModel: chatModel() });
    expect(noTask.statusCode).toBe(400);
    expect(noTask.json().message).toBe('Describe the task the assistant is for');
    const unknown = await api('POST', '/generate/instruction', {
      task: 'x',
      selectedChatModel: { name: 'calculator', inputs: {} },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/Unknown chat model "calculator"/);
    const failing = await api('POST', '/generate/instruction', {
      task: 'Fail [[error:500 model exploded]]',
      selectedChatModel: chatModel(),
    });
    expect(failing.statusCode).toBe(400);
    expect(failing.json().message).toMatch(/^The chat model could not write instructions: /);
  });

  describe('permissions and workspaces', () => {
    const keys = new Map<string, string>();
    async function key(name: string, permissions: Permission[]) {
      const listed = (
        await owner.request('POST', '/api/v1/apikey', { keyName: name, permissions })
      ).json() as {
        keyName: string;
        apiKey: string;
      }[];
      keys.set(name, listed.find((k) => k.keyName === name)!.apiKey);
    }
    const withKey = (name: string, method: string, url: string, payload?: object) =>
      server.app.inject({
        method: method as 'GET',
        url: `/api/v1/assistants${url}`,
        headers: { authorization: `Bearer ${keys.get(name)!}` },
        ...(payload && { payload }),
      });

    beforeAll(async () => {
      await key('assistant viewer', ['assistants:view']);
      await key('assistant builder', ['assistants:view', 'assistants:create', 'assistants:update']);
      await key('chat viewer', ['chatflows:view']);
    });

    it('needs assistants:view to read, create/update to save, delete to delete', async () => {
      const id = await create({ name: 'Guarded', chatModel: chatModel() });
      expect((await withKey('chat viewer', 'GET', '')).statusCode).toBe(403);
      expect((await withKey('chat viewer', 'GET', '/components/tools')).statusCode).toBe(403);
      expect((await withKey('assistant viewer', 'GET', '')).statusCode).toBe(200);
      expect((await withKey('assistant viewer', 'GET', `/${id}`)).statusCode).toBe(200);
      expect((await withKey('assistant viewer', 'POST', '', { details: { name: 'No' } })).statusCode).toBe(
        403,
      );
      expect((await withKey('assistant viewer', 'PUT', `/${id}`, { iconSrc: null })).statusCode).toBe(403);
      expect(
        (
          await withKey('assistant viewer', 'POST', '/generate/instruction', {
            task: 'x',
            selectedChatModel: chatModel(),
          })
        ).statusCode,
      ).toBe(403);
      expect((await withKey('assistant builder', 'DELETE', `/${id}`)).statusCode).toBe(403);
      const made = await withKey('assistant builder', 'POST', '', { details: { name: 'By key' } });
      expect(made.statusCode, made.body).toBe(201);
    });

    it('putting a stored credential into an assistant needs credentials:view', async () => {
      const created = await withKey('assistant builder', 'POST', '', {
        details: { name: 'Keyless', chatModel: chatModel() },
      });
      expect(created.statusCode).toBe(403);
      expect(created.json().message).toBe(
        'Using a stored credential in an assistant needs the credentials:view permission',
      );
      // An assistant that already uses the credential may be saved again by the same caller.
      const id = await create({ name: 'Kept', chatModel: chatModel() });
      const resaved = await withKey('assistant builder', 'PUT', `/${id}`, {
        details: { name: 'Kept', chatModel: chatModel(), instruction: 'Changed' },
      });
      expect(resaved.statusCode, resaved.body).toBe(200);
    });

    it("another workspace's assistant is not found", async () => {
      const id = await create({ name: 'Elsewhere' });
      await moveToAnotherWorkspace(server, owner, id, 'assistant');
      expect((await api('GET', `/${id}`)).statusCode).toBe(404);
      expect((await api('PUT', `/${id}`, { iconSrc: null })).statusCode).toBe(404);
      expect((await api('DELETE', `/${id}`)).statusCode).toBe(404);
      expect((await api('GET', '')).json<{ id: string }[]>().map((a) => a.id)).not.toContain(id);
    });
  });

  it('exports a custom assistant with its flow', async () => {
    const id = await create({ name: 'Exported', chatModel: chatModel() });
    const exported = await owner.request('POST', '/api/v1/export-import/export', { assistantCustom: true });
    expect(exported.statusCode, exported.body).toBe(200);
    const bundle = exported.json<{
      AssistantCustom: { id: string }[];
      AssistantFlow: { id: string; type: string }[];
    }>();
    expect(bundle.AssistantCustom.map((a) => a.id)).toContain(id);
    expect(bundle.AssistantFlow).toContainEqual(expect.objectContaining({ id, type: 'ASSISTANT' }));
  });
});
