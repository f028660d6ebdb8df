import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  startFakePinecone,
  startTestLlmServer,
  type FakePinecone,
  type TestLlmServer,
} from '@flowloom/test-llm';
import type { FlowData, FlowNode } from '@flowloom/shared';
import { ownerSession, startTestServer, upsertWithFiles, type Session, type TestServer } from './harness.js';
import { parseSse } from './flowise-templates.js';

/**
 * Four flows of our own in Flowise's template shape, wired as Flowise's LlamaIndex marketplace
 * templates are ("Query Engine", "Context Chat Engine", "Simple Chat Engine", "SubQuestion Query
 * Engine"): imported, upserted where they need data, and run through the prediction API in JSON and
 * in SSE against the scripted LLM and the Pinecone fake.
 */

const FIXTURES = new URL('./fixtures/llamaindex/', import.meta.url);
const fixture = (name: string): FlowData => {
  const file = JSON.parse(readFileSync(new URL(`${name}.json`, FIXTURES), 'utf8')) as FlowData;
  return { nodes: file.nodes, edges: file.edges };
};
const REDIS_URL = process.env.TEST_REDIS_URL;

/** A JSON answer, read loosely. */
type Body = Record<string, unknown> & { tags?: string[]; name?: string; icon?: string };

describe('LlamaIndex flows through the run API', () => {
  let llm: TestLlmServer;
  let pinecone: FakePinecone;
  let server: TestServer;
  let owner: Session;
  const credentials = new Map<string, string>();

  beforeAll(async () => {
    llm = await startTestLlmServer();
    pinecone = await startFakePinecone({ apiKey: 'pc-test' });
    server = await startTestServer({
      env: {
        OPENAI_BASE_URL: llm.openAiBaseUrl,
        ANTHROPIC_BASE_URL: `${llm.url}/v1`,
        AZURE_OPENAI_BASE_URL: `${llm.url}/openai`,
        FLOWLOOM_HTTP_ALLOW: '127.0.0.1',
      },
    });
    owner = await ownerSession(server.app);
    const secrets: Record<string, Record<string, string>> = {
      openAIApi: { openAIApiKey: 'sk-test' },
      anthropicApi: { anthropicApiKey: 'sk-ant-test' },
      azureOpenAIApi: {
        azureOpenAIApiKey: 'az-test',
        azureOpenAIApiInstanceName: 'flowloom',
        azureOpenAIApiDeploymentName: 'chat-dep',
        azureOpenAIApiVersion: '2024-10-21',
      },
      pineconeApi: { pineconeApiKey: 'pc-test', controllerHostUrl: pinecone.url },
      ...(REDIS_URL && { redisCacheUrlApi: { redisUrl: REDIS_URL } }),
    };
    for (const [credentialName, plainDataObj] of Object.entries(secrets)) {
      const created = await owner.request('POST', '/api/v1/credentials', {
        name: credentialName,
        credentialName,
        plainDataObj,
      });
      expect(created.statusCode, created.body).toBe(201);
      credentials.set(credentialName, created.json().id);
    }
  });
  afterAll(async () => {
    await server?.close();
    await llm?.close();
    await pinecone?.close();
  });
  beforeEach(() => llm.reset());

  /** The flow with the test credential on every node that takes one (flow files carry none). */
  function withCredentials(flow: FlowData): FlowData {
    return {
      ...flow,
      nodes: flow.nodes.map((node) => {
        const param = node.data.inputParams.find((p) => p.type === 'credential');
        const id = param?.credentialNames?.map((name) => credentials.get(name)).find(Boolean);
        return id ? { ...node, data: { ...node.data, credential: id } } : node;
      }),
    };
  }
  async function importFlow(name: string, flow: FlowData = fixture(name)) {
    const created = await owner.request('POST', '/api/v1/chatflows', {
      name,
      type: 'CHATFLOW',
      flowData: JSON.stringify(withCredentials(flow)),
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json().id as string;
  }
  const predict = (id: string, body: Record<string, unknown>) =>
    server.app.inject({ method: 'POST', url: `/api/v1/prediction/${id}`, payload: body });
  const chatRequests = () => llm.requests.filter((r) => /\/chat\/completions$|\/messages$/.test(r.path));
  /** Asks in SSE; answers the events after checking Flowise's framing. */
  async function streamed(id: string, question: string) {
    const response = await predict(id, { question, streaming: true });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/event-stream');
    const events = parseSse(response.body);
    expect(events[0]!.event).toBe('start');
    expect(events.at(-1)).toEqual({ event: 'end', data: '[DONE]' });
    return events;
  }
  const tokens = (events: { event: string; data: unknown }[]) =>
    events
      .filter((e) => e.event === 'token')
      .map((e) => String(e.data))
      .join('');

  /** Writes passages into the Pinecone fake through Flowloom's own document store (Pinecone node). */
  async function upsertIntoPinecone(
    index: string,
    namespace: string,
    text: string,
    metadata: Record<string, string>,
  ) {
    const storeId = (
      await owner.request('POST', '/api/v1/document-store/store', { name: `${index} ${text}` })
    ).json().id as string;
    const result = await owner.request('POST', `/api/v1/document-store/upsert/${storeId}`, {
      loader: { name: 'plainText', config: { text } },
      metadata,
      embedding: {
        name: 'openAIEmbeddings',
        config: { modelName: 'text-embedding-3-small', credential: credentials.get('openAIApi') },
      },
      vectorStore: {
        name: 'pinecone',
        config: {
          pineconeIndex: index,
          pineconeNamespace: namespace,
          credential: credentials.get('pineconeApi'),
        },
      },
    });
    expect(result.statusCode, result.body).toBe(200);
  }

  it('lists the LlamaIndex nodes on the canvas, tagged and with icons, and keeps them from assistants', async () => {
    const nodes = (await owner.request('GET', '/api/v1/nodes')).json() as Body[];
    const llamaIndex = nodes.filter((node) => node.tags?.includes('LlamaIndex')).map((node) => node.name);
    expect(llamaIndex).toEqual(
      expect.arrayContaining([
        'chatOpenAI_LlamaIndex',
        'azureChatOpenAI_LlamaIndex',
        'chatAnthropic_LlamaIndex',
        'openAIEmbedding_LlamaIndex',
        'azureOpenAIEmbeddingsLlamaIndex',
        'pineconeLlamaIndex',
        'simpleStoreLlamaIndex',
        'compactrefineLlamaIndex',
        'refineLlamaIndex',
        'simpleResponseBuilderLlamaIndex',
        'treeSummarizeLlamaIndex',
        'queryEngine',
        'contextChatEngine',
        'simpleChatEngine',
        'subQuestionQueryEngine',
        'queryEngineToolLlamaIndex',
      ]),
    );
    const engine = nodes.find((node) => node.name === 'queryEngine')!;
    expect(engine).toMatchObject({
      category: 'Engine',
      icon: '/api/v1/node-icon/queryEngine',
      badge: 'DEPRECATING',
    });
    const icon = await server.app.inject({ method: 'GET', url: engine.icon });
    expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(icon.body).toMatch(/^<svg /);

    const models = (await owner.request('GET', '/api/v1/assistants/components/chatmodels')).json() as Body[];
    expect(models.map((m) => m.name)).toContain('chatOpenAI');
    expect(models.filter((m) => m.tags?.includes('LlamaIndex'))).toEqual([]);
    const tools = (await owner.request('GET', '/api/v1/assistants/components/tools')).json() as Body[];
    expect(tools.map((t) => t.name)).not.toContain('queryEngineToolLlamaIndex');
  });

  it('Query Engine: answers from Pinecone with Claude through Compact and Refine, with sources', async () => {
    await upsertIntoPinecone('handbook', 'staff', 'Staff get 25 days of paid leave a year.', {
      source: 'leave.md',
    });
    const id = await importFlow('Query Engine');

    llm.script({ text: 'You get 25 days.' });
    const answer = await predict(id, { question: 'How much paid leave do I get?' });
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json();
    expect(body.text).toBe('You get 25 days.');
    expect(body.sourceDocuments).toEqual([
      {
        pageContent: 'Staff get 25 days of paid leave a year.',
        metadata: expect.objectContaining({ source: 'leave.md' }),
      },
    ]);
    const [call] = chatRequests();
    expect(call!.path).toBe('/v1/messages');
    const sent = call!.body as { model: string; messages: { content: { text: string }[] }[] };
    expect(sent.model).toBe('claude-3-haiku-20240307');
    expect(sent.messages[0]!.content).toEqual([
      {
        type: 'text',
        text: 'You answer staff questions from the handbook.\nHandbook extracts:\nStaff get 25 days of paid leave a year.\nStaff question: How much paid leave do I get?\nReply:',
      },
    ]);

    llm.script({ text: 'Twenty-five days of leave.' });
    const events = await streamed(id, 'How much paid leave do I get?');
    expect(tokens(events)).toBe('Twenty-five days of leave.');
    const sources = events.find((e) => e.event === 'sourceDocuments')!.data as { pageContent: string }[];
    expect(sources.map((s) => s.pageContent)).toEqual(['Staff get 25 days of paid leave a year.']);
  });

  it('Context Chat Engine: upserts an uploaded manual, then chats about it with memory and sources', async () => {
    let flow = fixture('Context Chat Engine');
    if (!REDIS_URL) {
      // Without a Redis server the chat is remembered by Buffer Memory, wired the same way.
      flow = {
        ...flow,
        nodes: flow.nodes.map((node): FlowNode =>
          node.id === 'RedisBackedChatMemory_0'
            ? {
                ...node,
                data: { ...node.data, name: 'bufferMemory', label: 'Buffer Memory', inputParams: [] },
              }
            : node,
        ),
      };
    }
    const id = await importFlow('Context Chat Engine', flow);
    const upserted = await upsertWithFiles(server.app, owner, id, [
      { name: 'kettle.txt', text: 'The kettle boils in two minutes.\n\nDescale the kettle monthly.' },
    ]);
    expect(upserted.statusCode, upserted.body).toBe(200);
    expect(upserted.json().numAdded).toBe(2);
    expect(pinecone.records('manuals', 'kettle').size).toBe(2);

    llm.reset();
    const chatId = `kettle-${Date.now()}`;
    llm.script({ text: 'About two minutes.' });
    const first = await predict(id, { question: 'How long does the kettle take to boil?', chatId });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().text).toBe('About two minutes.');
    expect(first.json().sourceDocuments.map((d: Body) => d.pageContent)).toContain(
      'The kettle boils in two minutes.',
    );
    const sent = chatRequests()[0]!.body as { model: string; messages: { role: string; content: string }[] };
    expect(sent.model).toBe('gpt-4o');
    expect(sent.messages[0]!.role).toBe('system');
    expect(sent.messages[0]!.content).toMatch(/^You are the help desk for the Brewmaster kettle\./);
    expect(sent.messages[0]!.content).toContain('The kettle boils in two minutes.');

    llm.script({ text: 'Once a month.' });
    const events = await streamed(id, 'And how often should I descale it?');
    expect(tokens(events)).toBe('Once a month.');
    expect(events.some((e) => e.event === 'sourceDocuments')).toBe(true);

    // The memory gave the next question the first exchange.
    llm.reset();
    await predict(id, { question: 'Thanks!', chatId });
    const again = chatRequests()[0]!.body as { messages: { role: string; content: string }[] };
    expect(again.messages.slice(1).map((m) => m.content)).toEqual([
      'How long does the kettle take to boil?',
      'About two minutes.',
      'Thanks!',
    ]);
  });

  it('Simple Chat Engine: a conversation with the Azure deployment, remembered by Buffer Memory', async () => {
    const id = await importFlow('Simple Chat Engine');
    const chatId = `cook-${Date.now()}`;
    llm.script({ text: 'Salt the water well.' });
    const first = await predict(id, { question: 'How do I cook pasta?', chatId });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ text: 'Salt the water well.', chatId });
    const call = chatRequests()[0]!;
    expect(call.url).toBe('/openai/deployments/chat-dep/chat/completions?api-version=2024-10-21');
    expect((call.body as { messages: unknown[] }).messages).toEqual([
      { role: 'system', content: 'You are a cheerful cooking coach. Keep replies to three sentences.' },
      { role: 'user', content: 'How do I cook pasta?' },
    ]);

    llm.reset();
    llm.script({ text: 'About ten minutes.' });
    const response = await predict(id, { question: 'For how long?', chatId, streaming: true });
    const events = parseSse(response.body);
    expect(tokens(events)).toBe('About ten minutes.');
    expect(
      (chatRequests()[0]!.body as { messages: { content: string }[] }).messages.map((m) => m.content),
    ).toEqual([
      'You are a cheerful cooking coach. Keep replies to three sentences.',
      'How do I cook pasta?',
      'Salt the water well.',
      'For how long?',
    ]);
  });

  it('SubQuestion Query Engine: one sub-question per supplier, answered by its engine, then combined', async () => {
    await upsertIntoPinecone('suppliers', 'price-lists', 'Northwind sells office chairs for 120 euros.', {
      source: 'northwind',
    });
    await upsertIntoPinecone('suppliers', 'price-lists', 'Contoso sells office chairs for 95 euros.', {
      source: 'contoso',
    });
    const id = await importFlow('SubQuestion Query Engine');
    const plan = JSON.stringify([
      { subQuestion: 'What does a chair cost at Northwind?', toolName: 'northwind_prices' },
      { subQuestion: 'What does a chair cost at Contoso?', toolName: 'contoso_prices' },
    ]);
    const replies = [{ text: plan }, { text: '120 euros.' }, { text: '95 euros.' }];

    llm.script(...replies, { text: 'Contoso is cheaper.' });
    const answer = await predict(id, { question: 'Which supplier has the cheaper chairs?' });
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json();
    expect(body.text).toBe('Contoso is cheaper.');
    expect(body.sourceDocuments.map((d: Body) => d.pageContent)).toEqual([
      'Sub question: What does a chair cost at Northwind?\nResponse: 120 euros.',
      'Sub question: What does a chair cost at Contoso?\nResponse: 95 euros.',
    ]);
    const prompts = chatRequests().map(
      (r) => (r.body as { messages: { content: string }[] }).messages.at(-1)!.content,
    );
    expect(prompts).toHaveLength(4);
    expect(prompts[1]).toContain('Northwind sells office chairs for 120 euros.');
    expect(prompts[1]).not.toContain('Contoso');
    expect(prompts[2]).toContain('Contoso sells office chairs for 95 euros.');
    expect(prompts[3]).toMatch(
      /^Findings about the suppliers:\nSub question: What does a chair cost at Northwind\?/,
    );

    llm.reset();
    llm.script(...replies, { text: 'Contoso, by 25 euros.' });
    const events = await streamed(id, 'Which supplier has the cheaper chairs?');
    expect(tokens(events)).toBe('Contoso, by 25 euros.');
    expect(events.find((e) => e.event === 'sourceDocuments')!.data).toHaveLength(2);

    // A sub-question for a tool the flow does not have ends the run with the node named.
    llm.script({ text: JSON.stringify([{ subQuestion: 'Fabrikam chairs?', toolName: 'fabrikam_prices' }]) });
    const refused = await predict(id, { question: 'And Fabrikam?' });
    expect(refused.statusCode).toBe(500);
    expect(refused.json().message).toBe(
      'Sub Question Query Engine (subQuestionQueryEngine_0): the chat model sent the sub-question "Fabrikam chairs?" to the tool "fabrikam_prices", which is not connected (connected tools: contoso_prices, northwind_prices)',
    );
  });
});
