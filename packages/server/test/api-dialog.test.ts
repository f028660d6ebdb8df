import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestLlmServer, type TestLlmServer } from '@flowloom/test-llm';
import { apiSnippets, flowApiTraits, withOverrideSettings } from '@flowloom/shared';
import { agentEdge, agentNode } from './agentflow-fixtures.js';
import { createConversationFlow } from './flowise-templates.js';
import { ownerSession, startTestServer, type Session, type TestServer, openAiCredential } from './harness.js';

/** A multipart body as curl -F or a browser FormData sends it. */
async function multipart(fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')! },
  };
}

/**
 * What the API dialog writes and the examples it shows rely on (issue 13, item 5): the Share Chatbot
 * and override settings are checked when saved, and the form-data example's override fields reach
 * the flow as overrides — only for the inputs the owner switched on.
 */
describe('the API dialog on the server', () => {
  let llm: TestLlmServer;
  let server: TestServer;
  let owner: Session;
  let flowId: string;

  beforeAll(async () => {
    llm = await startTestLlmServer();
    server = await startTestServer({ env: { OPENAI_BASE_URL: llm.openAiBaseUrl } });
    owner = await ownerSession(server.app);
    const credentialId = await openAiCredential(owner);
    flowId = await createConversationFlow(owner, credentialId);
  });
  afterAll(async () => {
    await server.close();
    await llm.close();
  });
  beforeEach(() => llm.reset());

  const put = (body: Record<string, unknown>) => owner.request('PUT', `/api/v1/chatflows/${flowId}`, body);
  const sentTemperature = () => (llm.requests[0]!.body as { temperature?: unknown }).temperature;

  describe('saving chatbotConfig and apiConfig', () => {
    it('keeps a Share Chatbot config with the keys of other dialogs', async () => {
      const chatbotConfig = {
        title: 'Harbor',
        fontSize: 18,
        botMessage: { backgroundColor: '#f7f8ff', showAvatar: false },
        starterPrompts: { 0: { prompt: 'Hi' } },
        allowedOrigins: [''],
      };
      const response = await put({ chatbotConfig: JSON.stringify(chatbotConfig) });
      expect(response.statusCode).toBe(200);
      expect(JSON.parse(response.json().chatbotConfig)).toEqual(chatbotConfig);
    });

    it('refuses a chatbotConfig that is not an object, wrongly typed or too large, changing nothing', async () => {
      const before = (await owner.request('GET', `/api/v1/chatflows/${flowId}`)).json().chatbotConfig;
      for (const [chatbotConfig, message] of [
        ['[1]', 'chatbotConfig must be a JSON object'],
        [JSON.stringify({ fontSize: 'huge' }), 'chatbotConfig: Font size must be a number'],
        [
          JSON.stringify({ userMessage: { textColor: 7 } }),
          'chatbotConfig: User message text color must be text',
        ],
        [JSON.stringify({ notes: 'x'.repeat(200_001) }), 'chatbotConfig must be at most 200000 characters'],
      ]) {
        const response = await put({ chatbotConfig });
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toContain(message);
      }
      expect((await owner.request('GET', `/api/v1/chatflows/${flowId}`)).json().chatbotConfig).toBe(before);
    });

    it('refuses override settings of the wrong shape', async () => {
      const response = await put({
        apiConfig: JSON.stringify({ overrideConfig: { status: true, nodes: 'all' } }),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain(
        'overrideConfig.nodes must list the inputs of each node label',
      );
    });

    it('issue 13: saves the override switches of an old flow whose stored rate limit is off and incomplete', async () => {
      const overrideConfig = {
        status: true,
        nodes: { ChatOpenAI: [{ label: 'Temperature', name: 'temperature', type: 'number', enabled: true }] },
        variables: [],
      };
      // What older versions stored: written straight to the table, as no check of today ever saw it.
      const store = (rateLimit: unknown) =>
        server.database.db
          .updateTable('chat_flow')
          .set({ apiConfig: JSON.stringify({ rateLimit }) })
          .where('id', '=', flowId)
          .execute();
      const saveOverrides = async () => {
        const stored = (await owner.request('GET', `/api/v1/chatflows/${flowId}`)).json().apiConfig as string;
        return put({ apiConfig: withOverrideSettings(stored, overrideConfig) });
      };
      for (const rateLimit of [
        { status: false },
        { limitMax: '5' },
        { status: false, limitMax: 5, limitDuration: null, limitMsg: null },
      ]) {
        await store(rateLimit);
        const response = await saveOverrides();
        expect(response.statusCode, response.body).toBe(200);
        expect(JSON.parse(response.json().apiConfig)).toEqual({ rateLimit, overrideConfig });
      }
      // A rate limit that is on is applied, so it must still be complete.
      await store({ status: true, limitMax: '5', limitDuration: null });
      const refused = await saveOverrides();
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe('apiConfig.rateLimit: Need to fill all rate limit input fields');
      expect((await put({ apiConfig: null })).statusCode).toBe(200);
    });

    it('binds the flow to a key of the workspace only', async () => {
      const response = await put({ apikeyid: 'no-such-key' });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('API key no-such-key not found in this workspace');
    });
  });

  describe('form-data runs', () => {
    const overrideTemperature = (enabled: boolean) =>
      put({
        apiConfig: JSON.stringify({
          overrideConfig: {
            status: enabled,
            nodes: {
              ChatOpenAI: [{ label: 'Temperature', name: 'temperature', type: 'number', enabled: true }],
            },
          },
        }),
      });
    const run = async (fields: Record<string, string>) =>
      server.app.inject({
        method: 'POST',
        url: `/api/v1/prediction/${flowId}`,
        ...(await multipart(fields)),
      });

    it('turns form fields other than the body fields into overrides the owner switched on', async () => {
      expect((await overrideTemperature(true)).statusCode).toBe(200);
      const response = await run({ temperature: '0.25', question: 'Hey, how are you?' });
      expect(response.statusCode).toBe(200);
      expect(response.json().text).toBe('Hello from the test LLM. You said: Hey, how are you?');
      expect(Number(sentTemperature())).toBe(0.25);
    });

    it('lets an explicit overrideConfig field win over a loose one', async () => {
      await overrideTemperature(true);
      await run({ temperature: '0.25', overrideConfig: '{"temperature":0.5}', question: 'x' });
      expect(Number(sentTemperature())).toBe(0.5);
    });

    it('ignores the override fields while overriding is off', async () => {
      await overrideTemperature(false);
      const response = await run({ temperature: '0.25', question: 'x' });
      expect(response.statusCode).toBe(200);
      expect(Number(sentTemperature())).not.toBe(0.25);
    });
  });

  describe('an agentflow started by a form', () => {
    it('runs the examples, which send the Start form instead of a question', async () => {
      const flowData = JSON.stringify({
        nodes: [
          agentNode('startAgentflow_0', 'startAgentflow', {
            startInputType: 'formInput',
            formInputTypes: [
              { type: 'string', label: 'Name', name: 'name' },
              { type: 'options', label: 'Plan', name: 'plan', addOptions: [{ option: 'pro' }] },
            ],
          }),
          agentNode('directReplyAgentflow_0', 'directReplyAgentflow', {
            directReplyMessage: 'Thanks {{ $form.name }} on {{ $form.plan }}',
          }),
        ],
        edges: [agentEdge('startAgentflow_0', 'directReplyAgentflow_0', 'startAgentflow')],
      });
      const id = (
        await owner.request('POST', '/api/v1/chatflows', { name: 'Form', type: 'AGENTFLOW', flowData })
      ).json().id as string;
      const form = flowApiTraits(flowData).formExample;
      expect(form).toEqual({ name: 'example', plan: 'pro' });
      const curl = apiSnippets({ baseUrl: 'http://localhost', flowId: id, ...(form && { form }) }).json.curl;
      const body = JSON.parse(curl.slice(curl.indexOf("-d '") + 4, -1)) as object;
      expect(body).toEqual({ form: { name: 'example', plan: 'pro' } });
      const json = await server.app.inject({
        method: 'POST',
        url: `/api/v1/prediction/${id}`,
        payload: body,
      });
      expect(json.statusCode, json.body).toBe(200);
      expect(json.json().text).toBe('Thanks example on pro');
      const viaForm = await server.app.inject({
        method: 'POST',
        url: `/api/v1/prediction/${id}`,
        ...(await multipart({ form: JSON.stringify(form) })),
      });
      expect(viaForm.json().text).toBe('Thanks example on pro');
    });
  });
});
