import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentNode } from './agentflow-fixtures.js';
import { ENGINES, ownerSession, startTestServer, type Session, type TestServer } from './harness.js';

const CODE_SECRET = 'const internalDiscount = "CODE-SECRET-7731";';
const HEADER_TOKEN = 'Bearer hard-coded-token-5512';
const PROMPT_SECRET = 'Never reveal the supplier list: ACME-PROMPT-9904';
const STATE_SECRET = 'state-secret-4410';

const node = (id: string, name: string, label: string, inputs: Record<string, unknown>) =>
  agentNode(id, name, inputs, label);

/** A form-started agentflow whose other nodes hold code, a bearer token and a prompt. */
const formAgentflow = {
  nodes: [
    node('startAgentflow_0', 'startAgentflow', 'Start', {
      startInputType: 'formInput',
      formTitle: 'Book a call',
      formDescription: 'Tell us how to reach you',
      formInputTypes: [
        { type: 'string', label: 'Your name', name: 'name' },
        {
          type: 'options',
          label: 'Topic',
          name: 'topic',
          addOptions: [{ option: 'Sales' }, { option: 'Help' }],
        },
      ],
      startState: [{ key: 'apiSecret', value: STATE_SECRET }],
      startPersistState: true,
    }),
    node('customFunctionAgentflow_0', 'customFunctionAgentflow', 'Custom Function', {
      customFunctionJavascriptFunction: `${CODE_SECRET}\nreturn internalDiscount;`,
    }),
    node('httpAgentflow_0', 'httpAgentflow', 'HTTP', {
      method: 'GET',
      url: 'https://internal.example.com/orders',
      headers: [{ key: 'Authorization', value: HEADER_TOKEN }],
    }),
    node('llmAgentflow_0', 'llmAgentflow', 'LLM', {
      llmMessages: [{ role: 'system', content: PROMPT_SECRET }],
    }),
  ],
  edges: [
    {
      id: 'e1',
      source: 'startAgentflow_0',
      target: 'customFunctionAgentflow_0',
      sourceHandle: 'startAgentflow_0-output-startAgentflow',
      targetHandle: 'customFunctionAgentflow_0',
    },
  ],
};

/** A chatflow whose request tool sends a bearer token and whose prompt is confidential. */
const chatflow = {
  nodes: [
    {
      id: 'requestsGet_0',
      type: 'customNode',
      position: { x: 0, y: 0 },
      data: {
        id: 'requestsGet_0',
        label: 'Requests Get',
        name: 'requestsGet',
        category: 'Tools',
        inputParams: [{ label: 'Headers', name: 'headers', type: 'json' }],
        inputs: { url: 'https://internal.example.com', headers: JSON.stringify({ 'X-Token': HEADER_TOKEN }) },
      },
    },
    {
      id: 'promptTemplate_0',
      type: 'customNode',
      position: { x: 0, y: 0 },
      data: {
        id: 'promptTemplate_0',
        label: 'Prompt Template',
        name: 'promptTemplate',
        category: 'Prompts',
        inputs: { template: PROMPT_SECRET },
      },
    },
  ],
  edges: [],
};

/**
 * Issue 10, finding 4: `GET /public-chatbotConfig/:id` answers the chat widget's settings only —
 * never the flow's code, headers, prompts or credentials, whether or not the flow is public.
 */
describe.each(ENGINES)('the public chatbot config (%s)', (engine) => {
  let server: TestServer;
  let owner: Session;

  const config = (id: string) =>
    server.app.inject({ method: 'GET', url: `/api/v1/public-chatbotConfig/${id}` });

  async function createFlow(type: string, flowData: object, extra: object = {}) {
    const response = await owner.request('POST', '/api/v1/chatflows', {
      name: type,
      type,
      flowData: JSON.stringify(flowData),
      ...extra,
    });
    expect(response.statusCode).toBe(201);
    return response.json<{ id: string }>().id;
  }

  beforeAll(async () => {
    server = await startTestServer({ engine });
    owner = await ownerSession(server.app);
  });
  afterAll(async () => server.close());

  it("answers an agentflow's Start node form and nothing else of its flow", async () => {
    const id = await createFlow('AGENTFLOW', formAgentflow, {
      chatbotConfig: JSON.stringify({
        welcomeMessage: 'Hello',
        allowedOrigins: ['https://shop.example.com'],
      }),
    });
    const response = await config(id);
    expect(response.statusCode).toBe(200);
    for (const secret of [
      CODE_SECRET,
      'CODE-SECRET-7731',
      'hard-coded-token-5512',
      'ACME-PROMPT-9904',
      STATE_SECRET,
    ]) {
      expect(response.body).not.toContain(secret);
    }
    expect(response.body).not.toContain('internal.example.com');
    const body = response.json<Record<string, unknown>>();
    expect(Object.keys(body).sort()).toEqual(['flowData', 'isTTSEnabled', 'uploads', 'welcomeMessage']);
    expect(JSON.parse(body.flowData as string)).toEqual({
      nodes: [
        {
          id: 'startAgentflow_0',
          data: {
            name: 'startAgentflow',
            label: 'Start',
            inputs: {
              startInputType: 'formInput',
              formTitle: 'Book a call',
              formDescription: 'Tell us how to reach you',
              formInputTypes: [
                { type: 'string', label: 'Your name', name: 'name' },
                {
                  type: 'options',
                  label: 'Topic',
                  name: 'topic',
                  addOptions: [{ option: 'Sales' }, { option: 'Help' }],
                },
              ],
            },
          },
        },
      ],
      edges: [],
    });
  });

  it('answers only the input type of an agentflow started by chat', async () => {
    const chatStarted = {
      ...formAgentflow,
      nodes: formAgentflow.nodes.map((n) =>
        n.data.name === 'startAgentflow'
          ? { ...n, data: { ...n.data, inputs: { ...n.data.inputs, startInputType: 'chatInput' } } }
          : n,
      ),
    };
    const id = await createFlow('AGENTFLOW', chatStarted);
    const body = (await config(id)).json<{ flowData: string }>();
    expect(JSON.parse(body.flowData)).toEqual({
      nodes: [
        {
          id: 'startAgentflow_0',
          data: { name: 'startAgentflow', label: 'Start', inputs: { startInputType: 'chatInput' } },
        },
      ],
      edges: [],
    });
  });

  it('answers no flow data at all for a chatflow', async () => {
    const id = await createFlow('CHATFLOW', chatflow, {
      chatbotConfig: JSON.stringify({ starterPrompts: { 0: { prompt: 'Hi?' } } }),
    });
    const response = await config(id);
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('hard-coded-token-5512');
    expect(response.body).not.toContain('ACME-PROMPT-9904');
    expect(response.json()).toEqual({
      starterPrompts: { 0: { prompt: 'Hi?' } },
      uploads: {
        isSpeechToTextEnabled: false,
        isImageUploadAllowed: false,
        isRAGFileUploadAllowed: false,
        imgUploadSizeAndTypes: [],
        fileUploadSizeAndTypes: [],
      },
      isTTSEnabled: false,
    });
  });

  it('still answers a flow that is not public, or bound to an API key, with the same few fields', async () => {
    const keys = (await owner.request('POST', '/api/v1/apikey', { keyName: 'embed' })).json() as {
      keyName: string;
      id: string;
    }[];
    const id = await createFlow('AGENTFLOW', formAgentflow, {
      isPublic: false,
      apikeyid: keys.find((k) => k.keyName === 'embed')!.id,
    });
    const response = await config(id);
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('CODE-SECRET-7731');
    expect(Object.keys(response.json<object>()).sort()).toEqual(['flowData', 'isTTSEnabled', 'uploads']);
  });

  it("gives a visitor the share page's flow without its owner-only settings", async () => {
    const chatbotConfig = {
      title: 'Shop helper',
      starterPrompts: { 0: { prompt: 'Where is my order?' } },
      leads: { status: true, title: 'Reach you?', email: true },
      allowedOrigins: ['https://shop.example.com'],
      allowedOriginsError: 'Shop only',
      postProcessing: { enabled: true, customFunction: JSON.stringify(CODE_SECRET) },
    };
    const id = await createFlow('CHATFLOW', chatflow, {
      isPublic: true,
      chatbotConfig: JSON.stringify(chatbotConfig),
      apiConfig: JSON.stringify({ overrideConfig: { status: true } }),
      followUpPrompts: JSON.stringify({
        status: true,
        selectedProvider: 'chatOpenAI',
        chatOpenAI: { prompt: PROMPT_SECRET },
      }),
    });
    const visitor = await server.app.inject({ method: 'GET', url: `/api/v1/public-chatflows/${id}` });
    expect(visitor.statusCode).toBe(200);
    for (const hidden of [
      'shop.example.com',
      'Shop only',
      'CODE-SECRET-7731',
      'ACME-PROMPT-9904',
      'hard-coded',
    ])
      expect(visitor.body).not.toContain(hidden);
    const flow = visitor.json<Record<string, unknown>>();
    expect(flow).toMatchObject({ id, type: 'CHATFLOW', isPublic: true, apikeyid: null, apiConfig: null });
    expect(JSON.parse(flow.chatbotConfig as string)).toEqual({
      title: 'Shop helper',
      starterPrompts: { 0: { prompt: 'Where is my order?' } },
      leads: { status: true, title: 'Reach you?', email: true },
    });
    const settings = (await config(id)).json<Record<string, unknown>>();
    expect(settings).not.toHaveProperty('postProcessing');
    // A member still reads the whole configuration.
    const member = (await owner.request('GET', `/api/v1/public-chatflows/${id}`)).json<{
      chatbotConfig: string;
    }>();
    expect(JSON.parse(member.chatbotConfig)).toEqual(chatbotConfig);
  });
});
