import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestLlmServer, type TestLlmServer } from '@flowloom/test-llm';
import type { FlowData } from '@flowloom/shared';
import { ownerSession, startTestServer, type Session, type TestServer } from './harness.js';
import { flowiseTemplate, withCredential } from './flowise-templates.js';

/**
 * Issue 10, finding 3: a stored credential's secret goes only where its owner allowed. Before the fix,
 * an API key that could only edit flows read a credential id from a flow, pointed ChatOpenAI's Base
 * Path at its own server, ran the flow and received `Authorization: Bearer <the secret>`.
 */

/** A server of the attacker's: records every Authorization header it is sent. */
async function catcher() {
  const seen: string[] = [];
  const server = http.createServer((request, response) => {
    seen.push(String(request.headers.authorization));
    response.writeHead(500).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    seen,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

const withBasePath = (flow: FlowData, basepath: string): FlowData => ({
  ...flow,
  nodes: flow.nodes.map((n) =>
    n.data.name === 'chatOpenAI' ? { ...n, data: { ...n.data, inputs: { ...n.data.inputs, basepath } } } : n,
  ),
});

describe('where a stored credential may be sent', () => {
  let llm: TestLlmServer;
  let attacker: Awaited<ReturnType<typeof catcher>>;
  let server: TestServer;
  let owner: Session;
  let credentialId: string;
  let flowId: string;
  let editorKey: string;

  beforeAll(async () => {
    llm = await startTestLlmServer();
    attacker = await catcher();
    // Loopback is allowed here, as for a proxy on the same machine: the credential rule alone must hold.
    server = await startTestServer({
      env: { OPENAI_BASE_URL: llm.openAiBaseUrl, FLOWLOOM_HTTP_ALLOW: '127.0.0.1' },
    });
    owner = await ownerSession(server.app);
    credentialId = (
      await owner.request('POST', '/api/v1/credentials', {
        name: 'Team OpenAI',
        credentialName: 'openAIApi',
        plainDataObj: { openAIApiKey: 'sk-the-secret' },
      })
    ).json<{ id: string }>().id;
    const flow = withCredential(
      flowiseTemplate('chatflows', 'Conversation Chain'),
      'chatOpenAI',
      credentialId,
    );
    flowId = (
      await owner.request('POST', '/api/v1/chatflows', {
        name: 'Chain',
        type: 'CHATFLOW',
        flowData: JSON.stringify(flow),
      })
    ).json<{ id: string }>().id;
    const keys = (
      await owner.request('POST', '/api/v1/apikey', {
        keyName: 'flow editor',
        permissions: ['chatflows:view', 'chatflows:create', 'chatflows:update'],
      })
    ).json<{ keyName: string; apiKey: string }[]>();
    editorKey = keys.find((k) => k.keyName === 'flow editor')!.apiKey;
  });
  afterAll(async () => {
    await server.close();
    await llm.close();
    await attacker.close();
  });
  beforeEach(() => llm.reset());

  const asEditor = (method: string, url: string, payload?: unknown) =>
    server.app.inject({
      method: method as 'GET',
      url,
      headers: { authorization: `Bearer ${editorKey}` },
      ...(payload !== undefined && { payload: payload as object }),
    });
  const predict = (id: string) =>
    server.app.inject({ method: 'POST', url: `/api/v1/prediction/${id}`, payload: { question: 'hi' } });
  const stored = async (id: string) =>
    JSON.parse(
      (await owner.request('GET', `/api/v1/chatflows/${id}`)).json<{ flowData: string }>().flowData,
    ) as FlowData;

  it('refuses a flow editor without credential permission a new flow using a stored credential', async () => {
    expect((await asEditor('GET', '/api/v1/credentials')).statusCode).toBe(403);
    const flow = withBasePath(await stored(flowId), attacker.url);
    const created = await asEditor('POST', '/api/v1/chatflows', {
      name: 'Exfiltrate',
      type: 'CHATFLOW',
      flowData: JSON.stringify(flow),
    });
    expect(created.statusCode).toBe(403);
    expect(created.json<{ message: string }>().message).toBe(
      'Using a stored credential in a flow needs the credentials:view permission',
    );
    // The same flow without the credential is fine.
    const bare = withCredential(flow, 'chatOpenAI', '');
    const withoutCredential = await asEditor('POST', '/api/v1/chatflows', {
      name: 'No secret',
      type: 'CHATFLOW',
      flowData: JSON.stringify({
        ...bare,
        nodes: bare.nodes.map((n) => ({ ...n, data: { ...n.data, credential: undefined } })),
      }),
    });
    expect(withoutCredential.statusCode).toBe(201);
  });

  it('never sends the secret to a Base Path the credential does not name, whoever saved the flow', async () => {
    // The editor may change a flow that already uses the credential, but the run refuses the new address.
    const redirected = await asEditor('PUT', `/api/v1/chatflows/${flowId}`, {
      flowData: JSON.stringify(withBasePath(await stored(flowId), attacker.url)),
    });
    expect(redirected.statusCode).toBe(200);
    const run = await predict(flowId);
    expect(run.statusCode).toBe(500);
    expect(run.json<{ message: string }>().message).toContain(
      `the Base URL ${attacker.url} of this node is not where its credential may be sent (${llm.openAiBaseUrl})`,
    );
    expect(attacker.seen).toEqual([]);
    expect(llm.requests).toHaveLength(0);
  });

  it("sends the secret to the credential's own Base URL, typed into the flow or not", async () => {
    const updated = await owner.request('PUT', `/api/v1/credentials/${credentialId}`, {
      name: 'Team OpenAI',
      credentialName: 'openAIApi',
      plainDataObj: {
        openAIApiKey: '_FLOWISE_BLANK_07167752-1a71-43b1-bf8f-4f32252165db',
        baseUrl: `${llm.url}/v1`,
      },
    });
    expect(updated.statusCode).toBe(200);
    await owner.request('PUT', `/api/v1/chatflows/${flowId}`, {
      flowData: JSON.stringify(withBasePath(await stored(flowId), `${llm.url}/v1/`)),
    });
    const run = await predict(flowId);
    expect(run.statusCode).toBe(200);
    expect(llm.requests[0]!.headers.authorization).toBe('Bearer sk-the-secret');
    expect(attacker.seen).toEqual([]);
  });
});

describe('model base URLs typed into flows go through the outbound address guard', () => {
  let llm: TestLlmServer;
  let server: TestServer;
  let owner: Session;

  beforeAll(async () => {
    llm = await startTestLlmServer();
    server = await startTestServer({ env: { OPENAI_BASE_URL: llm.openAiBaseUrl } });
    owner = await ownerSession(server.app);
  });
  afterAll(async () => {
    await server.close();
    await llm.close();
  });

  /** A flow whose credential names `baseUrl` as its endpoint, and whose node sends it there. */
  async function flowWith(baseUrl: string | undefined): Promise<string> {
    const credential = (
      await owner.request('POST', '/api/v1/credentials', {
        name: `key for ${baseUrl ?? 'the default'}`,
        credentialName: 'openAIApi',
        plainDataObj: { openAIApiKey: 'sk-test', ...(baseUrl && { baseUrl }) },
      })
    ).json<{ id: string }>().id;
    const template = withCredential(
      flowiseTemplate('chatflows', 'Conversation Chain'),
      'chatOpenAI',
      credential,
    );
    const flow = baseUrl ? withBasePath(template, baseUrl) : template;
    return (
      await owner.request('POST', '/api/v1/chatflows', {
        name: 'x',
        type: 'CHATFLOW',
        flowData: JSON.stringify(flow),
      })
    ).json<{ id: string }>().id;
  }
  const predict = (id: string) =>
    server.app.inject({ method: 'POST', url: `/api/v1/prediction/${id}`, payload: { question: 'hi' } });

  it('refuses loopback and link-local model addresses typed into a flow or a credential', async () => {
    for (const [url, why] of [
      [`http://127.0.0.1:9/v1`, 'Refused to connect to 127.0.0.1: a loopback address'],
      [`http://169.254.169.254/v1`, 'Refused to connect to 169.254.169.254: a link-local address'],
      [`http://localhost:9/v1`, 'Refused to connect to localhost: it resolves to'],
    ] as const) {
      const response = await predict(await flowWith(url));
      expect(response.statusCode, response.body).toBe(500);
      expect(response.json<{ message: string }>().message, url).toContain(why);
    }
  });

  it("still reaches the operator's own base URL on loopback (OPENAI_BASE_URL)", async () => {
    const response = await predict(await flowWith(undefined));
    expect(response.statusCode).toBe(200);
  });
});
