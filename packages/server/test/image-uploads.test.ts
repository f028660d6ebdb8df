import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestLlmServer, type TestLlmServer } from '@flowloom/test-llm';
import type { FlowData } from '@flowloom/shared';
import { flowiseTemplate, withCredential } from './flowise-templates.js';
import { ownerSession, startTestServer, type Session, type TestServer, openAiCredential } from './harness.js';

/** A 1×1 PNG, as the chat window sends a picked file. */
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const PNG_BYTES = Buffer.from(PNG, 'base64').length;
const image = (mime = 'image/png', data = `data:${mime};base64,${PNG}`) => ({
  type: 'file',
  name: 'dot.png',
  mime,
  data,
});

/** Images in the chat reach a chat model that takes them (Flowise `uploads`, "Allow Image Uploads"). */
describe('image uploads', () => {
  let llm: TestLlmServer;
  let server: TestServer;
  let owner: Session;
  let withImages: string;
  let withoutImages: string;
  let agentWithImages: string;
  let agentWithoutImages: string;

  beforeAll(async () => {
    llm = await startTestLlmServer();
    server = await startTestServer({ env: { OPENAI_BASE_URL: llm.openAiBaseUrl } });
    owner = await ownerSession(server.app);
    const credentialId = await openAiCredential(owner);
    const flow = (allow: boolean): string => {
      const base = withCredential(
        flowiseTemplate('chatflows', 'Conversation Chain'),
        'chatOpenAI',
        credentialId,
      );
      const nodes = base.nodes.map((node) =>
        node.data.name === 'chatOpenAI'
          ? { ...node, data: { ...node.data, inputs: { ...node.data.inputs, allowImageUploads: allow } } }
          : node,
      );
      return JSON.stringify({ ...base, nodes } satisfies FlowData);
    };
    const create = async (name: string, flowData: string) =>
      (await owner.request('POST', '/api/v1/chatflows', { name, type: 'CHATFLOW', flowData })).json<{
        id: string;
      }>().id;
    withImages = await create('Vision', flow(true));
    withoutImages = await create('Text only', flow(false));

    // An agentflow v2 (Flowise's Translator) whose LLM node uses OpenAI with images on or off.
    const agentflow = (allow: boolean): string => {
      const base = flowiseTemplate('agentflowsv2', 'Translator');
      const nodes = base.nodes.map((node) =>
        node.data.name === 'llmAgentflow'
          ? {
              ...node,
              data: {
                ...node.data,
                inputs: {
                  ...node.data.inputs,
                  llmModel: 'chatOpenAI',
                  llmModelConfig: {
                    llmModel: 'chatOpenAI',
                    modelName: 'gpt-4o-mini',
                    allowImageUploads: allow,
                    FLOWISE_CREDENTIAL_ID: credentialId,
                  },
                },
              },
            }
          : node,
      );
      return JSON.stringify({ ...base, nodes } satisfies FlowData);
    };
    const createAgentflow = async (name: string, flowData: string) =>
      (await owner.request('POST', '/api/v1/chatflows', { name, type: 'AGENTFLOW', flowData })).json<{
        id: string;
      }>().id;
    agentWithImages = await createAgentflow('Vision agentflow', agentflow(true));
    agentWithoutImages = await createAgentflow('Text agentflow', agentflow(false));
  });
  afterAll(async () => {
    await server.close();
    await llm.close();
  });

  const ask = (id: string, uploads: unknown[]) =>
    server.app.inject({
      method: 'POST',
      url: `/api/v1/prediction/${id}`,
      payload: { question: 'What is in the picture?', uploads },
    });

  it('says the flow takes images, and sends them to the model with the question', async () => {
    const config = await server.app.inject({ method: 'GET', url: `/api/v1/chatflows-uploads/${withImages}` });
    expect(config.json()).toMatchObject({ isImageUploadAllowed: true });
    const answer = await ask(withImages, [image()]);
    expect(answer.statusCode).toBe(200);
    expect(answer.json<{ text: string }>().text).toContain(
      `You said: What is in the picture? [image image/png, ${PNG_BYTES} bytes]`,
    );
    // The stored question keeps the file's name and type, never its bytes.
    const rows = await server.database.db
      .selectFrom('chat_message')
      .select('fileUploads')
      .where('chatflowid', '=', withImages)
      .execute();
    const stored = rows.map((row) => row.fileUploads).join('');
    expect(stored).toContain('dot.png');
    expect(stored).not.toContain(PNG.slice(0, 20));
  });

  it('refuses images a flow does not take, of another type, or not sent as data', async () => {
    const refused = await ask(withoutImages, [image()]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toBe(
      'This flow does not take images: turn on "Allow Image Uploads" on its chat model',
    );
    const svg = await ask(withImages, [image('image/svg+xml')]);
    expect(svg.statusCode).toBe(400);
    expect(svg.json<{ message: string }>().message).toMatch(/is image\/svg\+xml; this flow takes image\/gif/);
    const notData = await ask(withImages, [image('image/png', 'https://example.com/x.png')]);
    expect(notData.statusCode).toBe(400);
    expect(notData.json<{ message: string }>().message).toMatch(/must be sent as a base64 data URL/);
  });

  it('sends the images of an agentflow to the LLM node whose model takes them, and refuses them otherwise', async () => {
    const config = await server.app.inject({
      method: 'GET',
      url: `/api/v1/chatflows-uploads/${agentWithImages}`,
    });
    expect(config.json()).toMatchObject({ isImageUploadAllowed: true });
    const answer = await ask(agentWithImages, [image()]);
    expect(answer.statusCode).toBe(200);
    expect(answer.json<{ text: string }>().text).toContain(`[image image/png, ${PNG_BYTES} bytes]`);
    const stored = (
      await server.database.db
        .selectFrom('chat_message')
        .select('fileUploads')
        .where('chatflowid', '=', agentWithImages)
        .execute()
    )
      .map((row) => row.fileUploads)
      .join('');
    expect(stored).toContain('dot.png');
    expect(stored).not.toContain(PNG.slice(0, 20));

    const textOnly = await server.app.inject({
      method: 'GET',
      url: `/api/v1/chatflows-uploads/${agentWithoutImages}`,
    });
    expect(textOnly.json()).toMatchObject({ isImageUploadAllowed: false });
    const refused = await ask(agentWithoutImages, [image()]);
    expect(refused.statusCode).toBe(400);
    // Without images the same flow answers the question alone.
    const plain = await ask(agentWithoutImages, []);
    expect(plain.statusCode).toBe(200);
    expect(plain.json<{ text: string }>().text).not.toContain('[image');
  });
});
