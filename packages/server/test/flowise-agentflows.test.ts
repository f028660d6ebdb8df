import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestLlmServer, type TestLlmServer } from '@flowloom/test-llm';
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
  let server: TestServer;
  let owner: Session;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    llm = await startTestLlmServer();
    server = await startTestServer({
      env: {
        OPENAI_BASE_URL: llm.openAiBaseUrl,
        ANTHROPIC_BASE_URL: llm.openAiBaseUrl,
        GOOGLE_GENERATIVE_AI_BASE_URL: `${llm.url}/v1beta`,
        OLLAMA_BASE_URL: llm.url,
      },
    });
    owner = await ownerSession(server.app);
    const credentialIds: Record<string, string> = {};
    for (const [provider, credential] of Object.entries(PROVIDER_CREDENTIALS)) {
      credentialIds[provider] = (
        await owner.request('POST', '/api/v1/credentials', { name: provider, ...credential })
      ).json().id;
    }
    for (const name of TEMPLATES) {
      const flow = withModelCredentials(flowiseTemplate('agentflowsv2', name), credentialIds);
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
  });

  /** What each template needs from the scripted model, and how its run must end. */
  const CASES: { name: string; replies?: string[]; expect: { state: 'FINISHED' } | { error: RegExp } }[] = [
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
    // These use tools that reach the internet (Google search, a public API): a clear error names them.
    { name: 'Human In The Loop', expect: { error: /"googleCustomSearch" is not an available tool/ } },
    { name: 'Interacting With API', expect: { error: /"requestsPut" is not an available tool/ } },
  ];

  it('covers every template file', () => {
    expect(CASES.map((c) => c.name).sort()).toEqual([...TEMPLATES].sort());
  });

  it.each(CASES)(
    '$name runs through /prediction, as JSON and as a stream',
    async ({ name, replies, expect: outcome }) => {
      llm.script(...(replies ?? []).map((text) => ({ text })));
      const plain = await server.app.inject({
        method: 'POST',
        url: `/api/v1/prediction/${ids[name]}`,
        payload: { question: 'Translate hello to French', chatId: `c-${name}` },
      });
      llm.script(...(replies ?? []).map((text) => ({ text })));
      const events = parseSse(
        (
          await server.app.inject({
            method: 'POST',
            url: `/api/v1/prediction/${ids[name]}`,
            payload: { question: 'Translate hello to French', streaming: true },
          })
        ).body,
      );
      const finalState = events.filter((e) => e.event === 'agentFlowEvent').at(-1)?.data;
      expect(events[0]).toEqual({ event: 'agentFlowEvent', data: 'INPROGRESS' });
      expect(events.at(-1)).toEqual({ event: 'end', data: '[DONE]' });
      if ('state' in outcome) {
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
});
