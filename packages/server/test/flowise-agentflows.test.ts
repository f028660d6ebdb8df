import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startFakeGmail,
  startFakeOAuthProvider,
  startTestLlmServer,
  type FakeGmail,
  type FakeOAuthProvider,
  type ScriptedReply,
  type TestLlmServer,
} from '@flowloom/test-llm';
import type { FlowData } from '@flowloom/shared';
import { ownerSession, startTestServer, type Session, type TestServer } from './harness.js';
import { flowiseTemplate, parseSse } from './flowise-templates.js';

const PROVIDER_CREDENTIALS: Record<string, { credentialName: string; plainDataObj: Record<string, string> }> =
  {
    chatOpenAI: { credentialName: 'openAIApi', plainDataObj: { openAIApiKey: 'sk-test' } },
    chatAnthropic: { credentialName: 'anthropicApi', plainDataObj: { anthropicApiKey: 'sk-ant-test' } },
    chatGoogleGenerativeAI: {
      credentialName: 'googleGenerativeAI',
      plainDataObj: { googleGenerativeAPIKey: 'g-test' },
    },
  };

/** Gives every model config of a template a credential of its provider (exports carry none). */
function withModelCredentials(flow: FlowData, credentialIds: Record<string, string>): FlowData {
  return {
    ...flow,
    nodes: flow.nodes.map((n) => {
      const inputs = { ...n.data.inputs };
      for (const [key, value] of Object.entries(inputs)) {
        if (!key.endsWith('ModelConfig') || !value || typeof value !== 'object') continue;
        const provider = inputs[key.slice(0, -'Config'.length)];
        const id = typeof provider === 'string' ? credentialIds[provider] : undefined;
        if (id) inputs[key] = { ...(value as object), FLOWISE_CREDENTIAL_ID: id };
      }
      return { ...n, data: { ...n.data, inputs } };
    }),
  };
}

/** Gives the config of every `toolName` an agent picks a credential (exports carry none). */
function withToolCredential(flow: FlowData, toolName: string, credentialId: string): FlowData {
  return {
    ...flow,
    nodes: flow.nodes.map((n) => {
      const rows = n.data.inputs?.agentTools;
      if (!Array.isArray(rows)) return n;
      const agentTools = (rows as { agentSelectedTool?: string; agentSelectedToolConfig?: object }[]).map(
        (row) =>
          row.agentSelectedTool === toolName
            ? {
                ...row,
                agentSelectedToolConfig: {
                  ...row.agentSelectedToolConfig,
                  FLOWISE_CREDENTIAL_ID: credentialId,
                },
              }
            : row,
      );
      return { ...n, data: { ...n.data, inputs: { ...n.data.inputs, agentTools } } };
    }),
  };
}

/** Gives the config of every Tool node that picks `toolName` a credential (exports carry none). */
function withToolNodeCredential(flow: FlowData, toolName: string, credentialId: string): FlowData {
  return {
    ...flow,
    nodes: flow.nodes.map((n) => {
      const inputs = n.data.inputs ?? {};
      if (inputs.toolAgentflowSelectedTool !== toolName) return n;
      const config = {
        ...(inputs.toolAgentflowSelectedToolConfig as object),
        FLOWISE_CREDENTIAL_ID: credentialId,
      };
      return { ...n, data: { ...n.data, inputs: { ...inputs, toolAgentflowSelectedToolConfig: config } } };
    }),
  };
}

/** Orders requests by method and path. */
const byRoute = (a: Partial<StubRequest>, b: Partial<StubRequest>) =>
  `${a.method} ${a.path}`.localeCompare(`${b.method} ${b.path}`);

interface StubRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A stand-in for the services two templates reach: Google's Custom Search API (Human In The Loop)
 * and the events API the request tools of Interacting With API call. Requests are recorded.
 */
async function startServiceStub() {
  const requests: StubRequest[] = [];
  const server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const url = new URL(incoming.url ?? '/', 'http://stub.local');
      const request = {
        method: incoming.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: incoming.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(request);
      const json = (status: number, body: unknown) =>
        void response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      const route = `${request.method} ${request.path}`;
      if (route === 'GET /customsearch/v1')
        return json(200, {
          items: [{ title: 'Acme Corp', link: 'https://acme.example', snippet: 'Acme makes anvils' }],
        });
      if (route === 'GET /events') return json(200, [{ id: '1', name: 'Launch' }]);
      if (route === 'POST /events') return json(201, { id: '2' });
      if (route === 'PUT /events') return json(200, { updated: true });
      if (route === 'DELETE /events/1') return json(200, { deleted: true });
      json(404, { error: `no ${route}` });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const TEMPLATES = [
  'Agentic RAG',
  'Human In The Loop',
  'Interacting With API',
  'Iterations',
  'Simple RAG',
  'Structured Output',
  'Supervisor Worker',
  'Translator',
];

describe('every Flowise agentflow v2 template', () => {
  let llm: TestLlmServer;
  let services: Awaited<ReturnType<typeof startServiceStub>>;
  let googleSignIn: FakeOAuthProvider;
  let gmail: FakeGmail;
  let server: TestServer;
  let owner: Session;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    llm = await startTestLlmServer();
    services = await startServiceStub();
    googleSignIn = await startFakeOAuthProvider();
    gmail = await startFakeGmail({ accepts: googleSignIn.accepts });
    server = await startTestServer({
      env: {
        OPENAI_BASE_URL: llm.openAiBaseUrl,
        ANTHROPIC_BASE_URL: llm.openAiBaseUrl,
        GOOGLE_GENERATIVE_AI_BASE_URL: `${llm.url}/v1beta`,
        OLLAMA_BASE_URL: llm.url,
        GOOGLE_CUSTOM_SEARCH_BASE_URL: services.url,
        GOOGLE_OAUTH_BASE_URL: googleSignIn.url,
        GMAIL_BASE_URL: gmail.url,
        // The tools reach the stub on this machine through the guarded client.
        FLOWLOOM_HTTP_ALLOW: '127.0.0.1',
      },
    });
    owner = await ownerSession(server.app);
    const credentialIds: Record<string, string> = {};
    for (const [provider, credential] of Object.entries(PROVIDER_CREDENTIALS)) {
      credentialIds[provider] = (
        await owner.request('POST', '/api/v1/credentials', { name: provider, ...credential })
      ).json().id;
    }
    const google = await owner.request('POST', '/api/v1/credentials', {
      name: 'Google search',
      credentialName: 'googleCustomSearchApi',
      plainDataObj: { googleCustomSearchApiKey: 'g-test-key', googleCustomSearchApiId: 'cse-test' },
    });
    expect(google.statusCode, google.body).toBe(201);
    // Human In The Loop sends its reply with Gmail: a Gmail credential signed in at the fake Google.
    const mailbox = await owner.request('POST', '/api/v1/credentials', {
      name: 'Support mailbox',
      credentialName: 'gmailOAuth2',
      plainDataObj: {
        authorizationUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
        accessTokenUrl: 'https://oauth2.googleapis.com/token',
        clientId: googleSignIn.clientId,
        clientSecret: googleSignIn.clientSecret,
      },
    });
    const signIn = await owner.request('POST', `/api/v1/oauth2-credential/authorize/${mailbox.json().id}`);
    const consent = await fetch(signIn.json().authorizationUrl, { redirect: 'manual' });
    const back = new URL(consent.headers.get('location')!);
    expect(
      (await server.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` })).statusCode,
    ).toBe(200);
    for (const name of TEMPLATES) {
      let flow = withModelCredentials(flowiseTemplate('agentflowsv2', name), credentialIds);
      flow = withToolCredential(flow, 'googleCustomSearch', google.json().id);
      flow = withToolNodeCredential(flow, 'gmail', mailbox.json().id);
      // The request tools call the author's local events API; here the stub stands in for it.
      flow = JSON.parse(JSON.stringify(flow).replaceAll('http://localhost:5566', services.url)) as FlowData;
      const created = await owner.request('POST', '/api/v1/chatflows', {
        name,
        type: 'AGENTFLOW',
        flowData: JSON.stringify(flow),
      });
      expect(created.statusCode, name).toBe(201);
      ids[name] = created.json().id;
    }
  });
  afterAll(async () => {
    await server.close();
    await llm.close();
    await services.close();
    await googleSignIn.close();
    await gmail.close();
  });

  /** What the model of Interacting With API does: call each of its four request tools once, then answer. */
  const EVENT_TOOL_CALLS: ScriptedReply[] = [
    {
      toolCalls: [
        { name: 'get_events', arguments: { queryParams: { limit: '5' } } },
        {
          name: 'create_event',
          arguments: { body: { name: 'Launch', date: '2025-06-01', location: 'Oslo' } },
        },
        {
          name: 'update_event',
          arguments: { body: { name: 'Launch', date: '2025-06-02', location: 'Oslo' } },
        },
        { name: 'delete_event', arguments: { queryParams: { id: '1' } } },
      ],
    },
    { text: 'Listed, created, updated and deleted the event.' },
  ];
  /** What the model of Human In The Loop does: search Google for the sender's company, then draft. */
  const SEARCH_CALL: ScriptedReply[] = [
    { toolCalls: [{ name: 'google-custom-search', arguments: { input: 'Acme Corp' } }] },
    { text: 'Dear Ana, thank you for writing to Flowise.' },
  ];
  const INQUIRY = { subject: 'Pricing', body: 'What does it cost?', from: 'ana@acme.example' };

  /** What each template needs from the scripted model, and how its run must end. */
  const CASES: {
    name: string;
    replies?: (string | ScriptedReply)[];
    payload?: Record<string, unknown>;
    expect: { state: 'FINISHED' | 'STOPPED' } | { error: RegExp };
    /** What the run must have sent to the services stub (both runs together). */
    sent?: Partial<StubRequest>[];
  }[] = [
    { name: 'Translator', expect: { state: 'FINISHED' } },
    // Its knowledge is a store of the author's server; rag-flows.test.ts runs it with one of ours.
    {
      name: 'Simple RAG',
      expect: { error: /Document store 25429b8f-0377-4762-9cda-0d5366cf022c not found/ },
    },
    { name: 'Iterations', expect: { state: 'FINISHED' } },
    {
      name: 'Structured Output',
      replies: ['{"output":[{"name":"Ada","role":"engineer"}]}'],
      expect: { state: 'FINISHED' },
    },
    {
      name: 'Supervisor Worker',
      replies: ['{"next":"FINISH","instructions":"Wrap up","reasoning":"Nothing left to do"}'],
      expect: { state: 'FINISHED' },
    },
    { name: 'Agentic RAG', replies: ['{"output":"General"}'], expect: { state: 'FINISHED' } },
    // The agent searches Google (the operator's GOOGLE_CUSTOM_SEARCH_BASE_URL), then the run waits for
    // a person's approval; what happens on "proceed" is the next test.
    {
      name: 'Human In The Loop',
      replies: SEARCH_CALL,
      payload: { form: INQUIRY },
      expect: { state: 'STOPPED' },
      sent: Array<Partial<StubRequest>>(2).fill({
        method: 'GET',
        path: '/customsearch/v1',
        query: { cx: 'cse-test', q: 'Acme Corp' },
        headers: expect.objectContaining({ 'x-goog-api-key': 'g-test-key' }) as IncomingHttpHeaders,
      }),
    },
    // The first agent works the events API with the four request tools; the second one's OpenAPI
    // Toolkit has no spec file in the exported template (nor has the HTTP node after it a URL).
    {
      name: 'Interacting With API',
      replies: EVENT_TOOL_CALLS,
      expect: { error: /OpenAPI Agent \(agentAgentflow_1\): OpenAPI Toolkit: upload a file first/ },
      sent: Array<Partial<StubRequest>[]>(2)
        .fill([
          { method: 'GET', path: '/events', query: { limit: '5' }, body: '' },
          {
            method: 'POST',
            path: '/events',
            body: JSON.stringify({ name: 'Launch', date: '2025-06-01', location: 'Oslo' }),
          },
          {
            method: 'PUT',
            path: '/events',
            body: JSON.stringify({ name: 'Launch', date: '2025-06-02', location: 'Oslo' }),
          },
          { method: 'DELETE', path: '/events/1', query: {}, body: '' },
        ])
        .flat(),
    },
  ];

  it('covers every template file', () => {
    expect(CASES.map((c) => c.name).sort()).toEqual([...TEMPLATES].sort());
  });

  it.each(CASES)(
    '$name runs through /prediction, as JSON and as a stream',
    async ({ name, replies, payload, expect: outcome, sent }) => {
      const script = () =>
        llm.script(...(replies ?? []).map((r) => (typeof r === 'string' ? { text: r } : r)));
      llm.reset(); // nothing left queued by a case that stopped early
      const before = services.requests.length;
      script();
      const plain = await server.app.inject({
        method: 'POST',
        url: `/api/v1/prediction/${ids[name]}`,
        payload: { ...(payload ?? { question: 'Translate hello to French' }), chatId: `c-${name}` },
      });
      script();
      const events = parseSse(
        (
          await server.app.inject({
            method: 'POST',
            url: `/api/v1/prediction/${ids[name]}`,
            payload: { ...(payload ?? { question: 'Translate hello to French' }), streaming: true },
          })
        ).body,
      );
      const received = services.requests.slice(before);
      // An agent runs the tool calls of one step side by side: compare in a fixed order.
      expect([...received].sort(byRoute)).toMatchObject([...(sent ?? [])].sort(byRoute));
      const finalState = events.filter((e) => e.event === 'agentFlowEvent').at(-1)?.data;
      expect(events[0]).toEqual({ event: 'agentFlowEvent', data: 'INPROGRESS' });
      expect(events.at(-1)).toEqual({ event: 'end', data: '[DONE]' });
      if ('state' in outcome && outcome.state === 'STOPPED') {
        expect(plain.statusCode, plain.body).toBe(200);
        const body = plain.json();
        expect(body.action).toMatchObject({ mapping: { approve: 'Proceed', reject: 'Reject' } });
        expect((await owner.request('GET', `/api/v1/executions/${body.executionId}`)).json().state).toBe(
          'STOPPED',
        );
        expect(finalState).toBe('STOPPED');
      } else if ('state' in outcome) {
        expect(plain.statusCode, plain.body).toBe(200);
        const body = plain.json();
        expect(body.text.trim().length).toBeGreaterThan(0);
        expect(body.agentFlowExecutedData.every((e: { status: string }) => e.status === 'FINISHED')).toBe(
          true,
        );
        expect((await owner.request('GET', `/api/v1/executions/${body.executionId}`)).json().state).toBe(
          'FINISHED',
        );
        expect(finalState).toBe('FINISHED');
        expect(events.some((e) => e.event === 'token')).toBe(true);
      } else {
        expect(plain.statusCode).toBe(500);
        expect(plain.json().message).toMatch(outcome.error);
        expect(finalState).toBe('ERROR');
        expect(String(events.find((e) => e.event === 'error')?.data)).toMatch(outcome.error);
      }
    },
  );

  it('Human In The Loop searches again on "reject", and on "proceed" sends the reply with Gmail', async () => {
    const predict = (payload: Record<string, unknown>) =>
      server.app.inject({ method: 'POST', url: `/api/v1/prediction/${ids['Human In The Loop']}`, payload });
    llm.reset();
    const before = services.requests.length;
    llm.script(...SEARCH_CALL);
    const stopped = (await predict({ form: INQUIRY, chatId: 'hitl-resume' })).json();
    expect(stopped.action).toBeDefined();
    // Reject loops back to the agent, which searches again and asks again.
    llm.script(...SEARCH_CALL);
    const asked = await predict({
      chatId: 'hitl-resume',
      humanInput: { type: 'reject', startNodeId: 'humanInputAgentflow_0', feedback: 'Mention the discount' },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({ executionId: stopped.executionId, action: expect.any(Object) });
    expect(services.requests.slice(before).map((r) => `${r.method} ${r.path} ${r.query.q}`)).toEqual([
      'GET /customsearch/v1 Acme Corp',
      'GET /customsearch/v1 Acme Corp',
    ]);
    // Proceed: the email is written, then sent with the Gmail tool as the signed-in mailbox.
    llm.script({ text: '{"subject":"Re: Pricing","body":"Dear Ana, it costs nothing."}' });
    const proceeded = await predict({
      chatId: 'hitl-resume',
      humanInput: { type: 'proceed', startNodeId: 'humanInputAgentflow_0' },
    });
    expect(proceeded.statusCode, proceeded.body).toBe(200);
    const sent = [...gmail.messages.values()].filter((m) => m.labelIds.includes('SENT'));
    expect(sent).toMatchObject([
      { headers: { To: INQUIRY.from, Subject: 'Re: Pricing' }, body: 'Dear Ana, it costs nothing.' },
    ]);
    expect(googleSignIn.accepts(gmail.calls.at(-1)!.headers.authorization?.slice('Bearer '.length))).toBe(
      true,
    );
    expect((await owner.request('GET', `/api/v1/executions/${stopped.executionId}`)).json().state).toBe(
      'FINISHED',
    );
  });
});
