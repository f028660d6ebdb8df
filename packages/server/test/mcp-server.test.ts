import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  StreamableHTTPClientTransport,
  StreamableHTTPError,
} from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startTestLlmServer, type TestLlmServer } from '@flowloom/test-llm';
import type { FlowData, Permission } from '@flowloom/shared';
import { agentEdge, agentNode } from './agentflow-fixtures.js';
import { conversationChain } from './flowise-templates.js';
import {
  EMPTY_FLOW,
  ENGINES,
  moveToAnotherWorkspace,
  openAiCredential,
  ownerSession,
  startTestServer,
  type Session,
  type TestServer,
} from './harness.js';

/** Start (a form with a city and a count) → Custom Function answering from the form. */
const formFlow: FlowData = {
  nodes: [
    agentNode('startAgentflow_0', 'startAgentflow', {
      startInputType: 'formInput',
      formInputTypes: [
        { type: 'string', label: 'City', name: 'city', addOptions: '' },
        { type: 'number', label: 'Days', name: 'days', addOptions: '' },
        {
          type: 'options',
          label: 'Units',
          name: 'units',
          addOptions: [{ option: 'metric' }, { option: 'imperial' }],
        },
      ],
    }),
    agentNode('customFunctionAgentflow_0', 'customFunctionAgentflow', {
      customFunctionInputVariables: [
        { variableName: 'city', variableValue: '{{ $form.city }}' },
        { variableName: 'days', variableValue: '{{ $form.days }}' },
      ],
      customFunctionJavascriptFunction: 'return `Weather in ${$city} for ${$days} days`;',
    }),
  ],
  edges: [agentEdge('startAgentflow_0', 'customFunctionAgentflow_0', 'startAgentflow')],
};

describe.each(ENGINES)('flows served as MCP servers (%s)', (engine) => {
  let llm: TestLlmServer;
  let server: TestServer;
  let owner: Session;
  let base = '';
  let credentialId = '';

  async function createFlow(name: string, type: string, flowData: string, extra: object = {}) {
    const response = await owner.request('POST', '/api/v1/chatflows', { name, type, flowData, ...extra });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string }>().id;
  }
  async function serve(id: string, toolName = 'support_qa', description = 'Answers support questions') {
    const response = await owner.request('POST', `/api/v1/mcp-server/${id}`, { toolName, description });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ token: string }>().token;
  }
  async function apiKey(name: string, permissions: Permission[]) {
    const listed = (await owner.request('POST', '/api/v1/apikey', { keyName: name, permissions })).json() as {
      keyName: string;
      apiKey: string;
    }[];
    return listed.find((k) => k.keyName === name)!.apiKey;
  }
  const withKey = (key: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    server.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${key}` },
      ...(payload && { payload }),
    });

  /** An MCP client from the SDK, connected to a flow's endpoint over a real socket. */
  async function connect(flowId: string, token: string): Promise<Client> {
    const client = new Client({ name: 'test-client', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL(`${base}/api/v1/mcp/${flowId}`), {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
    });
    await client.connect(transport);
    return client;
  }
  const initialize = (flowId: string, headers: Record<string, string>) =>
    fetch(`${base}/api/v1/mcp/${flowId}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...headers,
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-03-26',
          capabilities: {},
          clientInfo: { name: 'raw', version: '1' },
        },
      }),
    });

  beforeAll(async () => {
    llm = await startTestLlmServer();
    server = await startTestServer({ engine, env: { OPENAI_BASE_URL: llm.openAiBaseUrl } });
    owner = await ownerSession(server.app);
    credentialId = await openAiCredential(owner);
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await server.close();
    await llm.close();
  });

  describe('/mcp-server/:id', () => {
    it('is off until switched on, then answers the token in full once and a masked one after', async () => {
      const id = await createFlow('Support', 'CHATFLOW', conversationChain(credentialId));
      const off = await owner.request('GET', `/api/v1/mcp-server/${id}`);
      expect(off.json()).toEqual({ enabled: false, token: '', description: '', toolName: '' });

      const created = await owner.request('POST', `/api/v1/mcp-server/${id}`, {
        toolName: 'support_qa',
        description: 'Answers support questions',
      });
      expect(created.statusCode).toBe(201);
      const { token, ...rest } = created.json();
      expect(rest).toEqual({
        enabled: true,
        toolName: 'support_qa',
        description: 'Answers support questions',
      });
      expect(token).toMatch(/^[0-9a-f]{32}$/);

      const read = (await owner.request('GET', `/api/v1/mcp-server/${id}`)).json();
      expect(read).toEqual({ ...rest, token: `${token.slice(0, 4)}…${token.slice(-4)}` });
      // Switching on again keeps the token (and does not show it).
      const again = await owner.request('POST', `/api/v1/mcp-server/${id}`, {
        toolName: 'x',
        description: 'y',
      });
      expect(again.json()).toEqual(read);

      // Only a hash is stored, and the flow's own answers carry none of it.
      const row = await server.database.db
        .selectFrom('chat_flow')
        .select('mcpServerConfig')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.mcpServerConfig).not.toContain(token);
      expect(JSON.parse(row.mcpServerConfig!)).toMatchObject({
        enabled: true,
        tokenHash: expect.any(String),
      });
      expect((await owner.request('GET', `/api/v1/chatflows/${id}`)).body).not.toMatch(
        /mcpServerConfig|tokenHash/,
      );
    });

    it('refuses a bad tool name or description, saying why', async () => {
      const id = await createFlow('Support', 'CHATFLOW', EMPTY_FLOW);
      const post = (body: object) => owner.request('POST', `/api/v1/mcp-server/${id}`, body);
      expect((await post({ toolName: 'has space', description: 'd' })).json()).toMatchObject({
        statusCode: 400,
        message: 'Only letters, numbers, underscores, and hyphens allowed',
      });
      expect((await post({ toolName: 'x'.repeat(65), description: 'd' })).json().message).toBe(
        'Tool name must be 64 characters or less',
      );
      expect((await post({ toolName: 'ok', description: '  ' })).json().message).toBe(
        'description is required',
      );
      expect((await post({ description: 'd' })).json().message).toBe('toolName is required');
      expect((await owner.request('PUT', `/api/v1/mcp-server/${id}`, { enabled: true })).statusCode).toBe(
        404,
      );
      expect((await owner.request('POST', `/api/v1/mcp-server/${id}/refresh`)).statusCode).toBe(404);
    });

    it('needs the config permission of the flow’s own family, in the caller’s workspace', async () => {
      const chatflow = await createFlow('Support', 'CHATFLOW', EMPTY_FLOW);
      const agentflow = await createFlow('Agent', 'AGENTFLOW', EMPTY_FLOW);
      const assistant = await createFlow('Helper', 'ASSISTANT', EMPTY_FLOW);
      const chatConfig = await apiKey('chat config', ['chatflows:view', 'chatflows:config']);
      const chatViewer = await apiKey('chat viewer', ['chatflows:view']);
      const body = { toolName: 't', description: 'd' };
      expect((await withKey(chatConfig, 'POST', `/api/v1/mcp-server/${chatflow}`, body)).statusCode).toBe(
        201,
      );
      const refused = await withKey(chatConfig, 'POST', `/api/v1/mcp-server/${agentflow}`, body);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(
        'Serving this flow over MCP needs the agentflows:config permission',
      );
      expect((await withKey(chatViewer, 'GET', `/api/v1/mcp-server/${chatflow}`)).statusCode).toBe(403);
      expect((await owner.request('POST', `/api/v1/mcp-server/${agentflow}`, body)).statusCode).toBe(201);
      expect((await owner.request('POST', `/api/v1/mcp-server/${assistant}`, body)).json()).toMatchObject({
        statusCode: 400,
        message: 'Only chatflows and agentflows can be served as MCP servers',
      });
      await moveToAnotherWorkspace(server, owner, chatflow);
      expect((await owner.request('GET', `/api/v1/mcp-server/${chatflow}`)).statusCode).toBe(404);
    });
  });

  describe('/mcp/:flowId', () => {
    it('serves the flow as one tool to an MCP client from the SDK; a call runs the flow', async () => {
      const id = await createFlow('Support', 'CHATFLOW', conversationChain(credentialId));
      const token = await serve(id);
      const client = await connect(id, token);
      try {
        const { tools } = await client.listTools();
        expect(tools).toHaveLength(1);
        expect(tools[0]).toMatchObject({
          name: 'support_qa',
          description: 'Answers support questions',
          inputSchema: {
            type: 'object',
            properties: { question: { type: 'string' } },
            required: ['question'],
          },
        });
        const result = await client.callTool({
          name: 'support_qa',
          arguments: { question: 'Where is my parcel?' },
        });
        expect(result).toEqual({
          content: [{ type: 'text', text: 'Hello from the test LLM. You said: Where is my parcel?' }],
        });
      } finally {
        await client.close();
      }
      // Filed under the MCP source, as Flowise files them, so the viewer's Source filter finds them.
      const messages = await server.database.db
        .selectFrom('chat_message')
        .select(['role', 'content', 'chatType'])
        .where('chatflowid', '=', id)
        .orderBy('createdDate')
        .execute();
      expect(messages).toEqual([
        { role: 'userMessage', content: 'Where is my parcel?', chatType: 'MCP' },
        {
          role: 'apiMessage',
          content: 'Hello from the test LLM. You said: Where is my parcel?',
          chatType: 'MCP',
        },
      ]);
      const viewed = (source: string) =>
        owner.request('GET', `/api/v1/chatmessage/${id}?chatType=${encodeURIComponent(`["${source}"]`)}`);
      expect((await viewed('MCP')).json()).toHaveLength(2);
      expect((await viewed('INTERNAL')).json()).toEqual([]);
      const stats = await owner.request(
        'GET',
        `/api/v1/stats/${id}?chatType=${encodeURIComponent('["MCP"]')}`,
      );
      expect(stats.json()).toMatchObject({ totalMessages: 2, totalSessions: 1 });
    });

    it('answers 401 without the right token and 404 for a flow that is not served', async () => {
      const id = await createFlow('Support', 'CHATFLOW', conversationChain(credentialId));
      const never = await createFlow('Private', 'CHATFLOW', conversationChain(credentialId));
      const token = await serve(id);

      const missing = await initialize(id, {});
      expect(missing.status).toBe(401);
      expect(await missing.json()).toEqual({
        jsonrpc: '2.0',
        error: {
          code: -32001,
          message: 'Unauthorized: missing or invalid Authorization header. Use Bearer <token>.',
        },
        id: null,
      });
      expect((await initialize(id, { authorization: `Bearer ${'0'.repeat(32)}` })).status).toBe(401);
      const wrong = await connect(id, 'not-the-token').catch((error: unknown) => error);
      expect(wrong).toBeInstanceOf(StreamableHTTPError);
      expect((wrong as StreamableHTTPError).code).toBe(401);

      const notServed = await initialize(never, { authorization: `Bearer ${token}` });
      expect(notServed.status).toBe(404);
      expect(((await notServed.json()) as { error: { message: string } }).error.message).toBe(
        'MCP server not found',
      );
      expect((await initialize('no-such-flow', { authorization: `Bearer ${token}` })).status).toBe(404);
      expect((await initialize(id, { authorization: `Bearer ${token}` })).status).toBe(200);
      expect(
        (await fetch(`${base}/api/v1/mcp/${id}`, { headers: { authorization: `Bearer ${token}` } })).status,
      ).toBe(405);
    });

    it('stops answering when switched off, and takes only the newest token after a rotation', async () => {
      const id = await createFlow('Support', 'CHATFLOW', conversationChain(credentialId));
      const first = await serve(id);
      const auth = (token: string) => ({ authorization: `Bearer ${token}` });

      expect(
        (await owner.request('PUT', `/api/v1/mcp-server/${id}`, { enabled: false })).json().enabled,
      ).toBe(false);
      expect((await initialize(id, auth(first))).status).toBe(404);
      await owner.request('PUT', `/api/v1/mcp-server/${id}`, { enabled: true, toolName: 'renamed' });
      expect((await initialize(id, auth(first))).status).toBe(200);

      const rotated = await owner.request('POST', `/api/v1/mcp-server/${id}/refresh`);
      const second = rotated.json().token as string;
      expect(second).toMatch(/^[0-9a-f]{32}$/);
      expect(second).not.toBe(first);
      expect((await initialize(id, auth(first))).status).toBe(401);
      const client = await connect(id, second);
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['renamed']);
      await client.close();

      const deleted = await owner.request('DELETE', `/api/v1/mcp-server/${id}`);
      expect(deleted.json()).toEqual({ message: 'MCP server config disabled' });
      expect((await initialize(id, auth(second))).status).toBe(404);
      // Tokens are secrets: never in a log line.
      expect(server.logs.some((line) => line.includes(first) || line.includes(second))).toBe(false);
    });

    it('runs a flow bound to an API key without it (the MCP token is the flow’s credential)', async () => {
      const key = (
        await owner.request('POST', '/api/v1/apikey', { keyName: 'bound', permissions: [] })
      ).json() as {
        id: string;
        keyName: string;
      }[];
      const apikeyid = key.find((k) => k.keyName === 'bound')!.id;
      const id = await createFlow('Bound', 'CHATFLOW', conversationChain(credentialId), { apikeyid });
      const client = await connect(id, await serve(id));
      const result = await client.callTool({ name: 'support_qa', arguments: { question: 'Hi' } });
      expect(result.content).toEqual([{ type: 'text', text: 'Hello from the test LLM. You said: Hi' }]);
      await client.close();
    });

    it('offers an agentflow that starts from a form as a tool taking that form', async () => {
      const id = await createFlow('Weather', 'AGENTFLOW', JSON.stringify(formFlow));
      const client = await connect(id, await serve(id, 'weather', 'Forecasts'));
      try {
        const [tool] = (await client.listTools()).tools;
        expect(tool!.inputSchema.properties).toMatchObject({
          form: {
            type: 'object',
            properties: {
              city: { type: 'string', description: 'City' },
              days: { type: 'number', description: 'Days' },
              units: { type: 'string', enum: ['metric', 'imperial'] },
            },
          },
        });
        const result = await client.callTool({
          name: 'weather',
          arguments: { form: { city: 'Oslo', days: 3, units: 'metric' } },
        });
        expect(result.content).toEqual([{ type: 'text', text: 'Weather in Oslo for 3 days' }]);
      } finally {
        await client.close();
      }
    });

    it('stops the flow it started when the client goes away', async () => {
      const id = await createFlow('Slow', 'CHATFLOW', conversationChain(credentialId));
      const token = await serve(id);
      llm.reset();
      llm.script({ text: 'Too late', delayMs: 1_500 });
      const gone = new AbortController();
      const call = fetch(`${base}/api/v1/mcp/${id}`, {
        method: 'POST',
        signal: gone.signal,
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          authorization: `Bearer ${token}`,
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name: 'support_qa', arguments: { question: 'Anyone there?' } },
        }),
      });
      await expect.poll(() => llm.requests.length).toBe(1);
      gone.abort();
      await expect(call).rejects.toThrow();
      // Had the run gone on, its answer would be stored after the model's delay.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      const stored = await server.database.db
        .selectFrom('chat_message')
        .select('content')
        .where('chatflowid', '=', id)
        .execute();
      expect(stored).toEqual([]);
    });

    it('answers a failing flow as a tool error with its message', async () => {
      const id = await createFlow('Broken', 'CHATFLOW', conversationChain('no-such-credential'));
      const client = await connect(id, await serve(id));
      const result = await client.callTool({ name: 'support_qa', arguments: { question: 'Hi' } });
      expect(result.isError).toBe(true);
      expect(result.content).toEqual([
        { type: 'text', text: 'ChatOpenAI (chatOpenAI_0): Credential no-such-credential not found' },
      ]);
      await client.close();
    });
  });
});
