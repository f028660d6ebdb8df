import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestEngine } from '@flowloom/engine';
import { startTestLlmServer, type TestLlmServer } from '@flowloom/test-llm';
import { chatflowNodes } from '../../registry.js';
import { createQuickJsSandbox } from '../../sandbox/quickjs.js';
import { nodeContext } from '../../testing/node-context.js';
import { flowiseTemplate, patchNodes } from '../../testing/flow-builder.js';
import { toolList } from '../tool.js';
import { buildRequest, openAPIToolkit, parseOpenApi } from './openAPIToolkit.js';

/** A fake pet store: records each request and answers with what it got. */
let api: Server;
let base = '';
const seen: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[] = [];
beforeAll(async () => {
  api = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      if (req.url?.startsWith('/v1/pets/404')) {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"no such pet"}');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ ok: true, method: req.method, url: req.url, body: body ? JSON.parse(body) : null }),
      );
    });
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => api.close(resolve)));
beforeEach(() => (seen.length = 0));

const spec = () => `
openapi: 3.0.0
info: { title: Pets, version: '1' }
servers:
  - url: ${base}/v1
paths:
  /pets/{petId}:
    parameters:
      - { name: petId, in: path, required: true, schema: { type: string }, description: The pet }
    get:
      operationId: getPet
      summary: Find a pet
      parameters:
        - { name: fields, in: query, schema: { type: string } }
  /pets:
    post:
      summary: Add a pet
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/Pet' }
components:
  schemas:
    Pet:
      type: object
      properties: { name: { type: string }, tag: { type: string } }
      required: [name]
`;
const dataUri = (text: string) =>
  `data:application/x-yaml;base64,${Buffer.from(text).toString('base64')},filename:pets.yaml`;
const allowAll = { http: (url: string, init?: RequestInit) => fetch(url, init) };

describe('parseOpenApi', () => {
  it('makes one tool per operation, with path, query and $ref body arguments', () => {
    const { baseUrl, operations } = parseOpenApi(spec());
    expect(baseUrl).toBe(`${base}/v1`);
    expect(operations.map((o) => [o.name, o.method, o.path])).toEqual([
      ['getPet', 'GET', '/pets/{petId}'],
      ['post_pets', 'POST', '/pets'],
    ]);
    expect(operations[0]!.inputSchema).toEqual({
      type: 'object',
      properties: { petId: { type: 'string', description: 'The pet' }, fields: { type: 'string' } },
      required: ['petId'],
    });
    expect(operations[1]!.inputSchema.properties!.body).toMatchObject({
      type: 'object',
      properties: { name: { type: 'string' }, tag: { type: 'string' } },
    });
  });

  it('refuses files that are not OpenAPI documents it can call, saying why', () => {
    expect(() => parseOpenApi('a: [')).toThrow(/not valid YAML or JSON/);
    expect(() => parseOpenApi('openapi: 3.0.0\npaths: {}')).toThrow(/servers\[0\]\.url/);
    expect(() => parseOpenApi(`servers: [{url: 'http://x'}]\npaths: {}`)).toThrow(/no operations/);
  });

  it('builds the URL and JSON body of a call, encoding path values and dropping nulls on request', () => {
    const [get, post] = parseOpenApi(spec()).operations;
    expect(buildRequest('http://api/v1', get!, { petId: 'a b', fields: 'name' }, {}, false).url).toBe(
      'http://api/v1/pets/a%20b?fields=name',
    );
    expect(() => buildRequest('http://api/v1', get!, {}, {}, false)).toThrow(/path parameter "petId"/);
    const { options } = buildRequest(
      'http://api',
      post!,
      { body: { name: 'Rex', tag: null } },
      { 'x-k': '1' },
      true,
    );
    expect(options).toEqual({
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-k': '1' },
      body: '{"name":"Rex"}',
    });
  });
});

describe('openAPIToolkit node', () => {
  it('calls the API through the run’s client with the headers, and reports HTTP errors to the model', async () => {
    const ctx = nodeContext(openAPIToolkit, {
      inputs: { yamlFile: dataUri(spec()), headers: '{"Authorization":"Bearer k"}' },
      services: allowAll,
    });
    const tools = toolList(await openAPIToolkit.init!(ctx));
    expect(tools.map((t) => t.name)).toEqual(['getPet', 'post_pets']);
    const signal = new AbortController().signal;
    expect(JSON.parse(await tools[0]!.invoke({ petId: '7' }, { signal }))).toMatchObject({
      method: 'GET',
      url: '/v1/pets/7',
    });
    expect(seen[0]!.headers.authorization).toBe('Bearer k');
    await tools[1]!.invoke({ body: { name: 'Rex' } }, { signal });
    expect(seen[1]).toMatchObject({ method: 'POST', body: '{"name":"Rex"}' });
    expect(await tools[0]!.invoke({ petId: '404' }, { signal })).toMatch(/^HTTP 404 .*no such pet/);
  });

  it('runs its own Custom Code in the sandbox, with $url and $options', async () => {
    const ctx = nodeContext(openAPIToolkit, {
      inputs: {
        yamlFile: dataUri(spec()),
        customCode:
          'const r = await fetch($url, $options); const j = await r.json(); return "pet at " + j.url;',
      },
      services: { ...allowAll, sandbox: createQuickJsSandbox({ http: allowAll.http }) },
    });
    const [getPet] = toolList(await openAPIToolkit.init!(ctx));
    expect(await getPet!.invoke({ petId: '3' }, { signal: new AbortController().signal })).toBe(
      'pet at /v1/pets/3',
    );
  });

  it('asks for the file when the input is empty (a template export carries none)', async () => {
    await expect(openAPIToolkit.init!(nodeContext(openAPIToolkit))).rejects.toThrow(
      'OpenAPI Toolkit: upload a file first',
    );
  });
});

describe('the Flowise "OpenAPI YAML Agent" template', () => {
  let llm: TestLlmServer;
  beforeAll(async () => (llm = await startTestLlmServer()));
  afterAll(() => llm.close());

  it('lets its agent call the API of the uploaded file', async () => {
    const engine = createTestEngine({
      nodes: [...chatflowNodes],
      credentials: { anthropic: { credentialName: 'anthropicApi', data: { anthropicApiKey: 'k' } } },
      services: {
        providerBaseUrls: { anthropic: llm.openAiBaseUrl },
        sandbox: createQuickJsSandbox({ http: allowAll.http }),
        ...allowAll,
      },
    });
    const flow = patchNodes(
      patchNodes(flowiseTemplate('OpenAPI YAML Agent'), 'chatAnthropic', { credential: 'anthropic' }),
      'openAPIToolkit',
      { inputs: { yamlFile: dataUri(spec()) } },
    );
    llm.script({ toolCalls: [{ name: 'getPet', arguments: { petId: '42' } }] }, { text: 'Pet 42 is there.' });
    const run = await engine.run(flow, { question: 'Is pet 42 there?' });
    expect(run.output.text).toBe('Pet 42 is there.');
    expect(seen.map((r) => r.url)).toEqual(['/v1/pets/42']);
    expect(run.output.usedTools?.[0]).toMatchObject({ tool: 'getPet', toolInput: { petId: '42' } });
  });
});
