import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestLlmServer, type TestLlmServer } from '@flowloom/test-llm';
import { parseStdioAllowList } from '../src/modules/mcp/stdio-allow-list.js';
import { conversationChain } from './flowise-templates.js';
import { openAiCredential, ownerSession, startTestServer, type Session, type TestServer } from './harness.js';
import { toolAgentFlow } from './tool-agent-flow.js';

const FIXTURE = fileURLToPath(
  new URL('../../nodes/src/tools/customMCP/stdio-server.fixture.mjs', import.meta.url),
);

describe('FLOWLOOM_MCP_STDIO_ALLOW', () => {
  it('lists named programs with their arguments and environment', () => {
    expect(
      parseStdioAllowList(
        'files=/usr/bin/node /opt/mcp/fs.js /srv/shared;\n time = TZ=UTC LANG=C /usr/local/bin/mcp-time',
      ),
    ).toEqual([
      { name: 'files', command: '/usr/bin/node', args: ['/opt/mcp/fs.js', '/srv/shared'], env: {} },
      { name: 'time', command: '/usr/local/bin/mcp-time', args: [], env: { TZ: 'UTC', LANG: 'C' } },
    ]);
    expect(parseStdioAllowList(undefined)).toEqual([]);
    expect(parseStdioAllowList(' ; ')).toEqual([]);
  });

  it('refuses entries that cannot work, naming them', () => {
    expect(() => parseStdioAllowList('/usr/bin/x')).toThrow(
      'FLOWLOOM_MCP_STDIO_ALLOW: entry "/usr/bin/x" must start with a name',
    );
    expect(() => parseStdioAllowList('x=npx -y server')).toThrow(
      'FLOWLOOM_MCP_STDIO_ALLOW: entry "x=npx -y server" must give the program as an absolute path, not "npx"',
    );
    expect(() => parseStdioAllowList('x=A=1')).toThrow('names no program');
    expect(() => parseStdioAllowList('x=/bin/a; x=/bin/b')).toThrow('repeats the name "x"');
  });

  it('stops the server at start when it is wrong', async () => {
    await expect(startTestServer({ env: { FLOWLOOM_MCP_STDIO_ALLOW: 'node' } })).rejects.toThrow(
      /FLOWLOOM_MCP_STDIO_ALLOW: entry "node" must start with a name/,
    );
  });
});

/** A chatflow: Tool Agent on ChatOpenAI with a Custom MCP node configured with `config`. */
function agentWithMcp(credentialId: string, config: object, actions: string[]) {
  return JSON.stringify(
    toolAgentFlow(credentialId, {
      name: 'customMCP',
      category: 'Tools (MCP)',
      label: 'Custom MCP',
      inputs: { mcpServerConfig: JSON.stringify(config), mcpActions: JSON.stringify(actions) },
    }),
  );
}

/**
 * The two halves together: a Custom MCP node reaching, through the guarded client, another flow this
 * server serves over MCP; and a stdio server the operator allows.
 */
describe.each([
  ['with 127.0.0.1 allowed', '127.0.0.1'],
  ['by default', ''],
])('a Custom MCP node on the server (%s)', (_title, allow) => {
  let llm: TestLlmServer;
  let server: TestServer;
  let owner: Session;
  let credentialId = '';
  let mcpUrl = '';
  let token = '';

  beforeAll(async () => {
    llm = await startTestLlmServer();
    server = await startTestServer({
      env: {
        OPENAI_BASE_URL: llm.openAiBaseUrl,
        // Set even when empty, so an allow list in the test runner's environment cannot leak in.
        FLOWLOOM_HTTP_ALLOW: allow,
        FLOWLOOM_MCP_STDIO_ALLOW: `fixture=GREETING=hi ${process.execPath} ${FIXTURE}`,
        FLOWLOOM_RUNTIME_VARIABLES: 'MCP_AUTH_SCHEME',
        MCP_AUTH_SCHEME: 'Bearer',
      },
    });
    owner = await ownerSession(server.app);
    credentialId = await openAiCredential(owner);
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (server.app.server.address() as AddressInfo).port;
    const served = (
      await owner.request('POST', '/api/v1/chatflows', {
        name: 'Support',
        type: 'CHATFLOW',
        flowData: conversationChain(credentialId),
      })
    ).json<{ id: string }>().id;
    mcpUrl = `http://127.0.0.1:${port}/api/v1/mcp/${served}`;
    token = (
      await owner.request('POST', `/api/v1/mcp-server/${served}`, {
        toolName: 'support_qa',
        description: 'Answers support questions',
      })
    ).json<{ token: string }>().token;
  });
  afterAll(async () => {
    await server.close();
    await llm.close();
  });

  const listActions = (config: object) =>
    owner.request('POST', '/api/v1/node-load-method/customMCP', {
      loadMethod: 'listActions',
      inputs: { mcpServerConfig: JSON.stringify(config) },
    });
  const remote = () => ({ url: mcpUrl, headers: { Authorization: `Bearer ${token}` } });

  it('lists the actions of a served flow only where the guarded client may reach it', async () => {
    const options = (await listActions(remote())).json();
    if (allow)
      expect(options).toEqual([
        { label: 'SUPPORT_QA', name: 'support_qa', description: 'Answers support questions' },
      ]);
    else
      expect(options).toEqual([
        {
          label: 'No Available Actions',
          name: 'error',
          description: expect.stringMatching(
            /Refused to fetch http:\/\/127\.0\.0\.1:\d+\/api\/v1\/mcp\/.*: loopback address/,
          ),
        },
      ]);
  });

  it('fills {{$vars.x}} while listing, as a run does, for callers who may read variables', async () => {
    // A static variable, and a runtime one read from the environment the operator allows.
    for (const variable of [
      { name: 'mcpToken', value: token, type: 'static' },
      { name: 'MCP_AUTH_SCHEME', value: 'Nope', type: 'runtime' },
    ]) {
      const saved = await owner.request('POST', '/api/v1/variables', variable);
      expect(saved.statusCode, saved.body).toBe(201);
    }
    const config = {
      url: mcpUrl,
      headers: { Authorization: '{{$vars.MCP_AUTH_SCHEME}} {{$vars.mcpToken}}' },
    };
    const listed = (await listActions(config)).json();
    // The endpoint answers 401 unless both were filled in (the runtime one from the environment).
    if (allow) expect(listed).toEqual([expect.objectContaining({ name: 'support_qa' })]);
    else expect(listed).toEqual([expect.objectContaining({ name: 'error' })]);

    // A key that may only view flows cannot make the server send a variable's value anywhere.
    const keys = (
      await owner.request('POST', '/api/v1/apikey', { keyName: 'viewer', permissions: ['chatflows:view'] })
    ).json<{ keyName: string; apiKey: string }[]>();
    const viewer = keys.find((k) => k.keyName === 'viewer')!.apiKey;
    const refused = await server.app.inject({
      method: 'POST',
      url: '/api/v1/node-load-method/customMCP',
      headers: { authorization: `Bearer ${viewer}` },
      payload: { loadMethod: 'listActions', inputs: { mcpServerConfig: JSON.stringify(config) } },
    });
    expect(refused.json()).toEqual([
      {
        label: 'No Available Actions',
        name: 'error',
        description:
          'No actions could be listed: the MCP Server Config reads variables ({{$vars…}}), and your role may neither see variables nor edit flows',
      },
    ]);
  });

  it('lists the actions of a stdio server the operator allows, and refuses others', async () => {
    expect((await listActions({ command: 'fixture' })).json()).toMatchObject([{ name: 'environment' }]);
    expect((await listActions({ command: '/bin/sh', args: ['-c', 'id'] })).json()).toEqual([
      {
        label: 'No Available Actions',
        name: 'error',
        description:
          'No actions could be listed: Stdio MCP server "/bin/sh" is not allowed on this server (allowed: fixture)',
      },
    ]);
  });

  it('lets an agent call the served flow, or ends the run naming the node when it may not reach it', async () => {
    const flow = (
      await owner.request('POST', '/api/v1/chatflows', {
        name: 'Agent',
        type: 'CHATFLOW',
        flowData: agentWithMcp(credentialId, remote(), ['support_qa']),
      })
    ).json<{ id: string }>();
    const response = await server.app.inject({
      method: 'POST',
      url: `/api/v1/prediction/${flow.id}`,
      payload: { question: 'Ask support [[tool:support_qa {"question":"Where is my parcel?"}]]' },
    });
    if (allow) {
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().text).toBe(
        'The tool said Hello from the test LLM. You said: Where is my parcel?',
      );
    } else {
      expect(response.statusCode).toBe(500);
      expect(response.json().message).toMatch(
        /^Custom MCP \(customMCP_0\): The MCP server http:\/\/127\.0\.0\.1:\d+\/api\/v1\/mcp\/[\w-]+ failed: Refused to fetch .*loopback address/,
      );
    }
  });
});
