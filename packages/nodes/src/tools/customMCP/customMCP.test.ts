import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import {
  createTestEngine,
  NodeExecutionError,
  type EngineServices,
  type LoadMethodContext,
  type McpStdioServer,
} from '@flowloom/engine';
import { startTestLlmServer, type TestLlmServer } from '@flowloom/test-llm';
import { chatOpenAI } from '../../chat-models/chatOpenAI/chatOpenAI.js';
import { toolAgent } from '../../agents/toolAgent/toolAgent.js';
import { bufferMemory } from '../../memory/bufferMemory/bufferMemory.js';
import { buildFlow } from '../../testing/flow-builder.js';
import { nodeContext } from '../../testing/node-context.js';
import { MAX_RESPONSE_CHARS } from '../http-tools.js';
import { toolList, type ToolHandle } from '../tool.js';
import { buildTools } from '../../agentflow/common/components.js';
import { customMCP } from './customMCP.js';
import { parseMcpConfig } from './mcp-config.js';

/** The MCP server the tests talk to: the SDK's own, with a few tools that behave well and badly. */
function testServer(): McpServer {
  const server = new McpServer({ name: 'test-server', version: '1.0.0' });
  server.registerTool(
    'add',
    { description: 'Adds two numbers', inputSchema: { a: z.number(), b: z.number() } },
    ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }] }),
  );
  server.registerTool('fail', { description: 'Always fails' }, () => ({
    content: [{ type: 'text', text: 'the disk is full' }],
    isError: true,
  }));
  server.registerTool('wait', { description: 'Never answers' }, () => new Promise<never>(() => {}));
  server.registerTool('big', { description: 'Answers a lot' }, () => ({
    content: [{ type: 'text', text: 'x'.repeat(MAX_RESPONSE_CHARS + 10) }],
  }));
  return server;
}

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => unknown;
const closers: (() => Promise<void>)[] = [];

/** An HTTP server on 127.0.0.1 for one test setup; answers the base URL. */
async function listen(handler: Handler): Promise<string> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => void handler(req, res, body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(
    () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

let streamable = '';
let sseOnly = '';
let hanging = '';
const seenHeaders: IncomingMessage['headers'][] = [];
const fetched: string[] = [];
/** The run's guarded client as the tests give it: plain fetch, recording every URL. */
const http: EngineServices['http'] = (url, init) => {
  fetched.push(url);
  return fetch(url, init);
};

beforeAll(async () => {
  // Streamable HTTP, stateless: a fresh server and transport per request.
  streamable = await listen(async (req, res, body) => {
    if (req.method !== 'POST') return void res.writeHead(405).end();
    seenHeaders.push(req.headers);
    const server = testServer();
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on('close', () => void server.close());
    await server.connect(transport);
    await transport.handleRequest(req, res, JSON.parse(body));
  });
  // Only the older SSE transport: POST to the URL is refused, as such servers do.
  const sessions = new Map<string, SSEServerTransport>();
  sseOnly = await listen(async (req, res, body) => {
    const url = new URL(req.url!, 'http://localhost');
    if (req.method === 'GET' && url.pathname === '/sse') {
      const transport = new SSEServerTransport('/messages', res);
      sessions.set(transport.sessionId, transport);
      res.on('close', () => sessions.delete(transport.sessionId));
      await testServer().connect(transport);
      return;
    }
    const transport = sessions.get(url.searchParams.get('sessionId') ?? '');
    if (req.method === 'POST' && url.pathname === '/messages' && transport)
      return void (await transport.handlePostMessage(req, res, JSON.parse(body)));
    res.writeHead(405).end();
  });
  hanging = await listen(() => {});
});
afterAll(() => Promise.all(closers.map((close) => close())));
beforeEach(() => {
  seenHeaders.length = 0;
  fetched.length = 0;
});

const signal = () => new AbortController().signal;

async function toolsOf(
  config: unknown,
  actions: string[],
  services: Partial<EngineServices> = { http },
  extra: Record<string, unknown> = {},
): Promise<ToolHandle[]> {
  const ctx = nodeContext(customMCP, {
    inputs: { mcpServerConfig: config, mcpActions: JSON.stringify(actions), ...extra },
    services,
  });
  return toolList(await customMCP.init!(ctx));
}

function listActions(config: unknown, services: Partial<LoadMethodContext['services']> = { http }) {
  return customMCP.loadMethods!.listActions!({
    inputs: { mcpServerConfig: config },
    services,
  } as unknown as LoadMethodContext);
}

describe('Custom MCP over Streamable HTTP', () => {
  it('lists the server’s tools for "Available Actions", through the run’s client', async () => {
    const options = await listActions(JSON.stringify({ url: `${streamable}/mcp` }));
    expect(options.map((o) => o.name)).toEqual(['add', 'big', 'fail', 'wait']);
    expect(options[0]).toEqual({ label: 'ADD', name: 'add', description: 'Adds two numbers' });
    expect(fetched.length).toBeGreaterThan(0);
    expect(fetched.every((url) => url === `${streamable}/mcp`)).toBe(true);
  });

  it('fills {{$vars.x}} in the config from the workspace’s variables when listing, as a run does', async () => {
    const config = JSON.stringify({
      url: `${streamable}/{{$vars.mcpPath}}`,
      headers: { Authorization: 'Bearer {{$vars.mcpToken}}', 'X-Other': '{{$vars.unknown}}' },
    });
    const variables = () => Promise.resolve({ mcpPath: 'mcp', mcpToken: 's3cret' });
    const options = await listActions(config, { http, variables });
    expect(options.map((o) => o.name)).toEqual(['add', 'big', 'fail', 'wait']);
    expect(fetched.every((url) => url === `${streamable}/mcp`)).toBe(true);
    expect(seenHeaders.every((h) => h.authorization === 'Bearer s3cret')).toBe(true);
    // An unknown variable stays as written, as it does at run time.
    expect(seenHeaders.every((h) => h['x-other'] === '{{$vars.unknown}}')).toBe(true);
  });

  it('does not list a config that reads variables for a caller who may not read them', async () => {
    const config = JSON.stringify({ url: `${streamable}/mcp`, headers: { A: '{{$vars.mcpToken}}' } });
    expect(await listActions(config, { http })).toEqual([
      {
        label: 'No Available Actions',
        name: 'error',
        description:
          'No actions could be listed: the MCP Server Config reads variables ({{$vars…}}), and your role may neither see variables nor edit flows',
      },
    ]);
    expect(fetched).toEqual([]);
  });

  it('offers the chosen tools with the server’s schema, and calls them with the config’s headers', async () => {
    const config = { url: `${streamable}/mcp`, headers: { Authorization: 'Bearer abc' } };
    const tools = await toolsOf(JSON.stringify(config), ['add']);
    expect(tools.map((t) => t.name)).toEqual(['add']);
    expect(tools[0]!.description).toBe('Adds two numbers');
    expect(tools[0]!.inputSchema).toMatchObject({
      type: 'object',
      properties: { a: { type: 'number' }, b: { type: 'number' } },
      required: ['a', 'b'],
    });
    expect(await tools[0]!.invoke({ a: 2, b: 3 }, { signal: signal() })).toBe('5');
    expect(seenHeaders.length).toBeGreaterThan(0);
    expect(seenHeaders.every((h) => h.authorization === 'Bearer abc')).toBe(true);
  });

  it('reports a tool’s own failure, naming the node, and cuts long answers', async () => {
    const [fail, big] = await toolsOf({ url: `${streamable}/mcp` }, ['fail', 'big']);
    await expect(fail!.invoke({}, { signal: signal() })).rejects.toThrow(
      'Custom MCP (customMCP_0): tool "fail" failed: the disk is full',
    );
    const text = await big!.invoke({}, { signal: signal() });
    expect(text.length).toBeLessThan(MAX_RESPONSE_CHARS + 100);
    expect(text.slice(-60)).toMatch(/\[cut: the answer was 50010 characters long\]$/);
  });

  it('stops a tool call that does not answer within the timeout, naming the node', async () => {
    const [wait] = await toolsOf({ url: `${streamable}/mcp` }, ['wait'], { http }, { timeout: 300 });
    const started = Date.now();
    await expect(wait!.invoke({}, { signal: signal() })).rejects.toThrow(
      `Custom MCP (customMCP_0): The MCP server ${streamable}/mcp did not answer the call of "wait" within 0.3 s`,
    );
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('refuses actions the server does not offer, and a node with none chosen', async () => {
    await expect(toolsOf({ url: `${streamable}/mcp` }, ['add', 'nope'])).rejects.toThrow(
      'The MCP server has no tool "nope" (it offers: add, fail, wait, big)',
    );
    await expect(toolsOf({ url: `${streamable}/mcp` }, [])).rejects.toThrow(/No actions are chosen/);
  });

  it('goes through the guarded client, whose refusal is the message', async () => {
    const refusing: EngineServices['http'] = (url) =>
      Promise.reject(
        new Error(`Refused to fetch ${url}: loopback address (set FLOWLOOM_HTTP_ALLOW to allow it)`),
      );
    await expect(toolsOf({ url: `${streamable}/mcp` }, ['add'], { http: refusing })).rejects.toThrow(
      `Refused to fetch ${streamable}/mcp: loopback address`,
    );
  });
});

describe('Custom MCP in an Agentflow (v2) Agent', () => {
  it('is built from the Agent’s tool form like any tool component', async () => {
    const ctx = nodeContext(customMCP, { services: { http } });
    const config = { mcpServerConfig: JSON.stringify({ url: `${streamable}/mcp` }), mcpActions: '["add"]' };
    const [add] = await buildTools({ ...ctx, node: { ...ctx.node, label: 'Agent 1' } }, 'customMCP', config);
    expect(await add!.invoke({ a: 1, b: 1 }, { signal: signal() })).toBe('2');
  });
});

describe('Custom MCP over SSE', () => {
  it('falls back to SSE for a server that refuses Streamable HTTP', async () => {
    const tools = await toolsOf({ url: `${sseOnly}/sse` }, ['add']);
    expect(await tools[0]!.invoke({ a: 20, b: 22 }, { signal: signal() })).toBe('42');
    expect(fetched.some((url) => url.startsWith(`${sseOnly}/messages?sessionId=`))).toBe(true);
  });
});

describe('Custom MCP with a bad server', () => {
  it('gives up on a server that hangs within the timeout, saying so', async () => {
    const started = Date.now();
    await expect(toolsOf({ url: `${hanging}/mcp` }, ['add'], { http }, { timeout: 300 })).rejects.toThrow(
      `The MCP server ${hanging}/mcp did not answer the list of its tools within 0.3 s`,
    );
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('explains garbage answers instead of passing on parser errors', async () => {
    const notJson = await listen((_req, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end('<html>oops'),
    );
    await expect(toolsOf({ url: notJson }, ['add'])).rejects.toThrow(
      /^The MCP server http:\/\/127\.0\.0\.1:\d+\/ answered with something that is not JSON/,
    );
    const html = await listen((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<p>'));
    await expect(toolsOf({ url: html }, ['add'])).rejects.toThrow(
      /did not answer as an MCP server \(.*Unexpected content type: text\/html\)/,
    );
    const notRpc = await listen((_req, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"hello":"world"}'),
    );
    await expect(toolsOf({ url: notRpc }, ['add'])).rejects.toThrow(/not valid MCP \(JSON-RPC\)/);
  });

  it('times out on a stream of garbage, telling what it got', async () => {
    const garbageStream = await listen((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('event: message\ndata: {not json\n\n');
    });
    await expect(toolsOf({ url: garbageStream }, ['add'], { http }, { timeout: 300 })).rejects.toThrow(
      /did not answer the list of its tools within 0\.3 s \(it answered with something that is not JSON/,
    );
  });

  it('lists the reason as the only option when actions cannot be listed', async () => {
    expect(await listActions('{"url": "ftp://x"}')).toEqual([
      {
        label: 'No Available Actions',
        name: 'error',
        description: 'No actions could be listed: "url" of the MCP Server Config must be http(s), not ftp:',
      },
    ]);
  });

  it('ends a run whose server hangs with a message naming the node, within the timeout', async () => {
    const llm: TestLlmServer = await startTestLlmServer();
    try {
      const engine = createTestEngine({
        nodes: [chatOpenAI, bufferMemory, toolAgent, customMCP],
        credentials: { openai: { credentialName: 'openAIApi', data: { openAIApiKey: 'sk' } } },
        services: { providerBaseUrls: { openai: llm.openAiBaseUrl }, http },
      });
      const flow = (url: string, timeout?: number) =>
        buildFlow(
          [
            { id: 'chatOpenAI_0', type: chatOpenAI, credential: 'openai' },
            { id: 'bufferMemory_0', type: bufferMemory },
            {
              id: 'customMCP_0',
              type: customMCP,
              inputs: { mcpServerConfig: JSON.stringify({ url }), mcpActions: '["add"]', timeout },
            },
            { id: 'toolAgent_0', type: toolAgent },
          ],
          [
            ['chatOpenAI_0', 'toolAgent_0', 'model'],
            ['bufferMemory_0', 'toolAgent_0', 'memory'],
            ['customMCP_0', 'toolAgent_0', 'tools'],
          ],
        );
      llm.script({ toolCalls: [{ name: 'add', arguments: { a: 2, b: 3 } }] });
      const answered = await engine.run(flow(`${streamable}/mcp`), { question: 'What is 2 + 3?' });
      expect(answered.output.text).toBe('The tool said 5');
      expect(answered.output.usedTools).toEqual([
        { tool: 'add', toolInput: { a: 2, b: 3 }, toolOutput: '5' },
      ]);

      const started = Date.now();
      const failed = engine.run(flow(`${hanging}/mcp`, 300), { question: 'What is 2 + 3?' });
      await expect(failed).rejects.toBeInstanceOf(NodeExecutionError);
      await expect(failed).rejects.toThrow(
        `Custom MCP (customMCP_0): The MCP server ${hanging}/mcp did not answer the list of its tools within 0.3 s`,
      );
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      await llm.close();
    }
  });
});

describe('Custom MCP over stdio', () => {
  const fixture = fileURLToPath(new URL('./stdio-server.fixture.mjs', import.meta.url));
  const operatorEntry: McpStdioServer = {
    name: 'fixture',
    command: process.execPath,
    args: [fixture, '--from-operator'],
    env: { GREETING: 'hi' },
  };

  it('is refused while the operator allows no stdio server', async () => {
    await expect(toolsOf({ command: 'fixture' }, ['environment'])).rejects.toThrow(
      /Stdio MCP servers are off on this server: the operator lists the ones flows may start in FLOWLOOM_MCP_STDIO_ALLOW/,
    );
  });

  it('refuses commands, arguments, environments and folders the operator did not set (CVE-2025-8943)', async () => {
    const marker = join(tmpdir(), `flowloom-mcp-${process.pid}-${Date.now()}`);
    const services = { http, mcpStdioServers: [operatorEntry] };
    await expect(
      toolsOf({ command: '/bin/sh', args: ['-c', `touch ${marker}`] }, ['x'], services),
    ).rejects.toThrow('Stdio MCP server "/bin/sh" is not allowed on this server (allowed: fixture)');
    await expect(
      toolsOf(
        { command: 'fixture', args: ['-e', `require('fs').writeFileSync('${marker}', '')`] },
        ['x'],
        services,
      ),
    ).rejects.toThrow(/arguments of stdio MCP server "fixture" are set by the operator/);
    await expect(
      toolsOf({ command: 'fixture', env: { NODE_OPTIONS: `--require ${marker}` } }, ['x'], services),
    ).rejects.toThrow(/environment of stdio MCP server "fixture" is set by the operator/);
    await expect(toolsOf({ command: 'fixture', cwd: '/' }, ['x'], services)).rejects.toThrow(
      /"cwd" is not allowed/,
    );
    expect(existsSync(marker)).toBe(false);
  });

  it('starts an allowed server with the operator’s arguments and environment only', async () => {
    const previous = process.env.FLOWLOOM_SECRET_FOR_TEST;
    process.env.FLOWLOOM_SECRET_FOR_TEST = 'must-not-leak';
    try {
      const [environment] = await toolsOf({ command: 'fixture' }, ['environment'], {
        http,
        mcpStdioServers: [operatorEntry],
      });
      const seen = JSON.parse(await environment!.invoke({}, { signal: signal() })) as {
        env: Record<string, string>;
        argv: string[];
      };
      expect(seen).toEqual({ env: { GREETING: 'hi' }, argv: ['--from-operator'] });
    } finally {
      if (previous === undefined) delete process.env.FLOWLOOM_SECRET_FOR_TEST;
      else process.env.FLOWLOOM_SECRET_FOR_TEST = previous;
    }
  });

  it('accepts a Flowise config whose arguments are exactly the operator’s', () => {
    expect(
      parseMcpConfig({ command: 'fixture', args: [fixture, '--from-operator'], env: {} }, [operatorEntry]),
    ).toEqual({ kind: 'stdio', server: operatorEntry });
  });
});

describe('parseMcpConfig', () => {
  it('says what is wrong with a config', () => {
    expect(() => parseMcpConfig('')).toThrow('MCP Server Config is required');
    expect(() => parseMcpConfig('{url:')).toThrow(/MCP Server Config is not valid JSON/);
    expect(() => parseMcpConfig('[]')).toThrow(/must be a JSON object/);
    expect(() => parseMcpConfig({})).toThrow(/needs "url" .* or "command"/);
    expect(() => parseMcpConfig({ url: 'http://a', command: 'b' })).toThrow(/both "url" and "command"/);
    expect(() => parseMcpConfig({ url: 'http://a', headers: 'x' })).toThrow(/"headers" .* must be an object/);
  });
});
