import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flowiseTemplate, withCredential } from './flowise-templates.js';
import {
  moveToAnotherWorkspace,
  ownerSession,
  startTestServer,
  type Session,
  type TestServer,
} from './harness.js';

/** What a flow shows outside the canvas: uploads, overridable params, embed config, share page. */
describe('a flow seen from the chat embed, the share page and the API dialog', () => {
  let server: TestServer;
  let owner: Session;
  let credentialId: string;

  const get = (url: string, headers: Record<string, string> = {}) =>
    server.app.inject({ method: 'GET', url, headers });

  async function createFlow(
    name: string,
    flow: object,
    extra: Record<string, unknown> = {},
  ): Promise<string> {
    const response = await owner.request('POST', '/api/v1/chatflows', {
      name,
      type: 'CHATFLOW',
      flowData: JSON.stringify(flow),
      ...extra,
    });
    expect(response.statusCode).toBe(201);
    return response.json().id;
  }

  beforeAll(async () => {
    server = await startTestServer();
    owner = await ownerSession(server.app);
    credentialId = (
      await owner.request('POST', '/api/v1/credentials', {
        name: 'OpenAI',
        credentialName: 'openAIApi',
        plainDataObj: { openAIApiKey: 'sk-secret' },
      })
    ).json().id;
  });
  afterAll(async () => server.close());

  describe('GET /chatflows-uploads/:id', () => {
    it('allows images when a chat model of the flow has "Allow Image Uploads" on', async () => {
      const id = await createFlow('Conversation', flowiseTemplate('chatflows', 'Conversation Chain'));
      const response = await get(`/api/v1/chatflows-uploads/${id}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        isSpeechToTextEnabled: false,
        isImageUploadAllowed: true,
        isRAGFileUploadAllowed: false,
        imgUploadSizeAndTypes: [
          { fileTypes: ['image/gif', 'image/jpeg', 'image/png', 'image/webp'], maxUploadSize: 5 },
        ],
        fileUploadSizeAndTypes: [],
      });
    });

    it('offers a recorded question when a speech to text provider is on (issue 13)', async () => {
      const speech = (status: boolean) =>
        JSON.stringify({ openAIWhisper: { status, credentialId }, none: { status: !status } });
      const on = await createFlow('Spoken', flowiseTemplate('chatflows', 'Prompt Chaining'), {
        speechToText: speech(true),
      });
      const off = await createFlow('Typed', flowiseTemplate('chatflows', 'Prompt Chaining'), {
        speechToText: speech(false),
      });
      expect((await get(`/api/v1/chatflows-uploads/${on}`)).json().isSpeechToTextEnabled).toBe(true);
      expect((await get(`/api/v1/chatflows-uploads/${off}`)).json().isSpeechToTextEnabled).toBe(false);
      expect((await get(`/api/v1/public-chatbotConfig/${on}`)).json().uploads.isSpeechToTextEnabled).toBe(
        true,
      );
    });

    it('offers nothing when no model takes images, and 404s an unknown flow', async () => {
      const id = await createFlow('Prompt Chaining', flowiseTemplate('chatflows', 'Prompt Chaining'));
      expect((await get(`/api/v1/chatflows-uploads/${id}`)).json()).toMatchObject({
        isImageUploadAllowed: false,
        imgUploadSizeAndTypes: [],
      });
      expect((await get('/api/v1/chatflows-uploads/00000000-0000-4000-8000-000000000000')).statusCode).toBe(
        404,
      );
    });
  });

  describe('GET /flow-config/:id', () => {
    it("lists each node's overridable params in Flowise's shape, without credentials, passwords or files", async () => {
      const id = await createFlow('Conversation', flowiseTemplate('chatflows', 'Conversation Chain'));
      const response = await owner.request('GET', `/api/v1/flow-config/${id}`);
      expect(response.statusCode).toBe(200);
      const params = response.json() as { node: string; nodeId: string; name: string; type: string }[];
      expect(params).toContainEqual({
        node: 'ChatOpenAI',
        nodeId: 'chatOpenAI_0',
        label: 'Temperature',
        name: 'temperature',
        type: 'number',
      });
      expect(params).toContainEqual(
        expect.objectContaining({ nodeId: 'conversationChain_0', name: 'systemMessagePrompt' }),
      );
      expect(params).toContainEqual(
        expect.objectContaining({ nodeId: 'chatOpenAI_0', name: 'imageResolution', type: 'low, high, auto' }),
      );
      expect(params.some((p) => ['credential', 'password', 'file', 'folder'].includes(p.type))).toBe(false);
      expect(params.some((p) => p.name === 'credential')).toBe(false);
    });

    it('is for members of the workspace only', async () => {
      const id = await createFlow('Conversation', flowiseTemplate('chatflows', 'Conversation Chain'));
      expect((await get(`/api/v1/flow-config/${id}`)).statusCode).toBe(401);
      await moveToAnotherWorkspace(server, owner, id);
      expect((await owner.request('GET', `/api/v1/flow-config/${id}`)).statusCode).toBe(404);
    });
  });

  describe('GET /public-chatbotConfig/:id', () => {
    it('gives the embed its settings without the origin list, plus uploads, and no flow data of a chatflow', async () => {
      const flow = withCredential(
        flowiseTemplate('chatflows', 'Conversation Chain'),
        'chatOpenAI',
        credentialId,
      );
      // A password-type input saved on a node must not reach the embed.
      const chatModel = flow.nodes.find((n) => n.data.name === 'chatOpenAI')!;
      chatModel.data.inputParams.push({ label: 'Secret', name: 'secretKey', type: 'password' });
      chatModel.data.inputs.secretKey = 'super-secret';
      const id = await createFlow('Embed', flow, {
        chatbotConfig: JSON.stringify({
          welcomeMessage: 'Hi!',
          starterPrompts: { 0: { prompt: 'What can you do?' } },
          allowedOrigins: ['https://shop.example.com'],
          allowedOriginsError: 'Not here',
        }),
      });
      const response = await get(`/api/v1/public-chatbotConfig/${id}`);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({
        welcomeMessage: 'Hi!',
        starterPrompts: { 0: { prompt: 'What can you do?' } },
        uploads: { isImageUploadAllowed: true },
        isTTSEnabled: false,
      });
      expect(body).not.toHaveProperty('allowedOrigins');
      expect(body).not.toHaveProperty('allowedOriginsError');
      // A chatflow has no Start form, so none of its flow data reaches the embed (issue 10).
      expect(body).not.toHaveProperty('flowData');
      expect(response.body).not.toContain(credentialId);
      expect(response.body).not.toContain('super-secret');
      expect(response.body).not.toContain('gpt-3.5-turbo-16k');
    });

    it('answers a flow without chatbot config with uploads and text-to-speech only', async () => {
      const id = await createFlow('Bare', flowiseTemplate('chatflows', 'Prompt Chaining'));
      const body = (await get(`/api/v1/public-chatbotConfig/${id}`)).json();
      expect(Object.keys(body).sort()).toEqual(['isTTSEnabled', 'uploads']);
    });
  });

  describe('GET /public-chatflows/:id', () => {
    it('shows a public flow to anyone, without credentials', async () => {
      const id = await createFlow(
        'Shared',
        withCredential(flowiseTemplate('chatflows', 'Conversation Chain'), 'chatOpenAI', credentialId),
        { isPublic: true },
      );
      const response = await get(`/api/v1/public-chatflows/${id}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id, name: 'Shared', isPublic: true, type: 'CHATFLOW' });
      expect(response.json().flowData).not.toContain(credentialId);
    });

    it('shows a private flow only to a member of its workspace', async () => {
      const id = await createFlow('Private', flowiseTemplate('chatflows', 'Conversation Chain'));
      const anonymous = await get(`/api/v1/public-chatflows/${id}`);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().message).toBe('Unauthorized');
      const member = await owner.request('GET', `/api/v1/public-chatflows/${id}`);
      expect(member.statusCode).toBe(200);
      expect(member.json().name).toBe('Private');
      expect((await get('/api/v1/public-chatflows/00000000-0000-4000-8000-000000000000')).statusCode).toBe(
        404,
      );
    });
  });
});
