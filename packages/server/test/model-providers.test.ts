import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import type { FlowData } from '@flowloom/shared';
import {
  startFakeHuggingFace,
  startFakeReplicate,
  startTestLlmServer,
  type FakeHuggingFace,
  type FakeReplicate,
  type TestLlmServer,
} from '@flowloom/test-llm';
import { parseSse } from './flowise-templates.js';
import { ownerSession, startTestServer, type Session, type TestServer } from './harness.js';

/**
 * Flows in Flowise's JSON shape wired as Flowise's "Replicate LLM", "Image Generation", "HuggingFace
 * LLM Chain" and "SQL DB Chain" (SQLite) templates, and a Tool Agent on AWS Bedrock, run through the
 * prediction API (JSON and server-sent events) against local fakes of the providers.
 */

interface NodeSpec {
  id: string;
  name: string;
  category: string;
  type: string;
  baseClasses: string[];
  inputs?: Record<string, unknown>;
  credential?: string;
  /** The output anchor a node hands on, when it has several (`outputPrediction`). */
  output?: string;
}

const LABELS: Record<string, string> = {
  promptTemplate: 'Prompt Template',
  llmChain: 'LLM Chain',
  replicate: 'Replicate',
  huggingFaceInference_LLMs: 'HuggingFace Inference',
  chatOpenAI: 'ChatOpenAI',
  sqlDatabaseChain: 'Sql Database Chain',
  awsChatBedrock: 'AWS Bedrock',
  bufferMemory: 'Buffer Memory',
  calculator: 'Calculator',
  toolAgent: 'Tool Agent',
};

function flowiseNode(spec: NodeSpec) {
  const output = spec.output ?? spec.name;
  return {
    id: spec.id,
    type: 'customNode',
    position: { x: 0, y: 0 },
    width: 300,
    height: 500,
    data: {
      id: spec.id,
      name: spec.name,
      label: LABELS[spec.name] ?? spec.name,
      version: 1,
      type: spec.type,
      category: spec.category,
      baseClasses: spec.baseClasses,
      inputParams: [],
      inputAnchors: [],
      inputs: spec.inputs ?? {},
      outputAnchors: [
        {
          id: `${spec.id}-output-${output}-${spec.baseClasses.join('|')}`,
          name: output,
          label: spec.type,
          type: spec.baseClasses.join(' | '),
        },
      ],
      outputs: spec.output ? { output: spec.output } : {},
      selected: false,
      ...(spec.credential && { credential: spec.credential }),
    },
    selected: false,
    dragging: false,
  };
}

/** An edge from `source`'s output into `target`'s input `input` (of anchor type `type`). */
function flowiseEdge(source: NodeSpec, target: string, input: string, type: string) {
  const sourceHandle = `${source.id}-output-${source.output ?? source.name}-${source.baseClasses.join('|')}`;
  const targetHandle = `${target}-input-${input}-${type}`;
  return {
    source: source.id,
    sourceHandle,
    target,
    targetHandle,
    type: 'buttonedge',
    id: `${source.id}-${sourceHandle}-${target}-${targetHandle}`,
  };
}

const prompt = (id: string, template: string, promptValues?: string): NodeSpec => ({
  id,
  name: 'promptTemplate',
  category: 'Prompts',
  type: 'PromptTemplate',
  baseClasses: ['PromptTemplate', 'BaseStringPromptTemplate', 'BasePromptTemplate', 'Runnable'],
  inputs: { template, ...(promptValues && { promptValues }) },
});
const chain = (id: string, model: string, promptId: string, output?: string): NodeSpec => ({
  id,
  name: 'llmChain',
  category: 'Chains',
  type: 'LLMChain',
  baseClasses: ['LLMChain', 'BaseChain', 'Runnable'],
  inputs: {
    model: `{{${model}.data.instance}}`,
    prompt: `{{${promptId}.data.instance}}`,
    inputModeration: '',
  },
  ...(output && { output }),
});
const chatOpenAI = (credential: string): NodeSpec => ({
  id: 'chatOpenAI_0',
  name: 'chatOpenAI',
  category: 'Chat Models',
  type: 'ChatOpenAI',
  baseClasses: ['ChatOpenAI', 'BaseChatModel', 'BaseLanguageModel', 'Runnable'],
  inputs: { modelName: 'gpt-4o-mini', temperature: '0' },
  credential,
});
const modelEdge = (model: NodeSpec, chainId: string) =>
  flowiseEdge(model, chainId, 'model', 'BaseLanguageModel');
const promptEdge = (promptNode: NodeSpec, chainId: string) =>
  flowiseEdge(promptNode, chainId, 'prompt', 'BasePromptTemplate');

const VERSION = 'b'.repeat(64);

let llm: TestLlmServer;
let replicate: FakeReplicate;
let hf: FakeHuggingFace;
let sqliteFolder: string;
let server: TestServer;
let owner: Session;
const credentials: Record<string, string> = {};

beforeAll(async () => {
  llm = await startTestLlmServer();
  replicate = await startFakeReplicate();
  hf = await startFakeHuggingFace();
  sqliteFolder = mkdtempSync(join(tmpdir(), 'flowloom-sqlite-it-'));
  const db = new Database(join(sqliteFolder, 'shop.db'));
  db.exec(
    "CREATE TABLE orders (customer TEXT, total REAL); INSERT INTO orders VALUES ('Ada', 30.5), ('Bo', 12), ('Ada', 9.5)",
  );
  db.close();
  server = await startTestServer({
    env: {
      OPENAI_BASE_URL: llm.openAiBaseUrl,
      REPLICATE_BASE_URL: replicate.apiUrl,
      HUGGINGFACE_INFERENCE_BASE_URL: hf.inferenceUrl,
      FLOWLOOM_SQLITE_DIR: sqliteFolder,
      // The Bedrock node's Custom Endpoint Host is typed into the flow: checked like any flow address.
      FLOWLOOM_HTTP_ALLOW: '127.0.0.1',
      FLOWLOOM_AWS_SERVER_CREDENTIALS: '',
    },
  });
  owner = await ownerSession(server.app);
  for (const [credentialName, plainDataObj] of Object.entries({
    openAIApi: { openAIApiKey: 'sk-test' },
    replicateApi: { replicateApiKey: 'r8_test' },
    huggingFaceApi: { huggingFaceApiKey: 'hf_test' },
    awsApi: { awsKey: 'AKIAFLOWLOOM', awsSecret: 'aws-secret-test' },
  })) {
    const created = await owner.request('POST', '/api/v1/credentials', {
      name: credentialName,
      credentialName,
      plainDataObj,
    });
    expect(created.statusCode, created.body).toBe(201);
    credentials[credentialName] = created.json<{ id: string }>().id;
  }
});
afterAll(async () => {
  await server?.close();
  await Promise.all([llm?.close(), replicate?.close(), hf?.close()]);
  rmSync(sqliteFolder, { recursive: true, force: true });
});
beforeEach(() => {
  llm.reset();
  replicate.calls.length = 0;
  replicate.predictions.length = 0;
  hf.calls.length = 0;
});

async function createFlow(name: string, flow: FlowData): Promise<string> {
  const created = await owner.request('POST', '/api/v1/chatflows', {
    name,
    type: 'CHATFLOW',
    flowData: JSON.stringify(flow),
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json<{ id: string }>().id;
}

async function predict(flowId: string, body: Record<string, unknown>) {
  return server.app.inject({ method: 'POST', url: `/api/v1/prediction/${flowId}`, payload: body });
}

/** The token text and event names of a streamed answer. */
async function stream(flowId: string, question: string) {
  const response = await predict(flowId, { question, streaming: true });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('text/event-stream');
  const events = parseSse(response.body);
  return {
    names: events.map((e) => e.event),
    text: events
      .filter((e) => e.event === 'token')
      .map((e) => String(e.data))
      .join(''),
    events,
  };
}

describe('Replicate LLM (Flowise template wiring)', () => {
  const replicateNode = (): NodeSpec => ({
    id: 'replicate_0',
    name: 'replicate',
    category: 'LLMs',
    type: 'Replicate',
    baseClasses: ['Replicate', 'BaseChatModel', 'LLM', 'BaseLLM', 'BaseLanguageModel', 'Runnable'],
    inputs: { model: `acme/llama-chat:${VERSION}`, temperature: 0.7, additionalInputs: '' },
    credential: credentials.replicateApi,
  });
  let flowId: string;
  beforeAll(async () => {
    const template = prompt(
      'promptTemplate_0',
      'You answer in one short line.\nUser: {query}\nAssistant:',
      '{"query":"{{question}}"}',
    );
    const model = replicateNode();
    flowId = await createFlow('Replicate LLM', {
      nodes: [template, model, chain('llmChain_0', 'replicate_0', 'promptTemplate_0')].map(flowiseNode),
      edges: [modelEdge(model, 'llmChain_0'), promptEdge(template, 'llmChain_0')],
    });
  });

  it('answers over JSON with the output of a Replicate prediction', async () => {
    const response = await predict(flowId, { question: 'What is a llama?' });
    expect(response.statusCode, response.body).toBe(200);
    const prompted = 'You answer in one short line.\nUser: What is a llama?\nAssistant:';
    expect(response.json()).toMatchObject({
      text: `Replicate heard: ${prompted}`,
      question: 'What is a llama?',
    });
    expect(replicate.predictions[0]).toMatchObject({
      version: VERSION,
      input: { prompt: prompted, temperature: 0.7 },
    });
    expect(replicate.calls.every((c) => c.headers.authorization === 'Bearer r8_test')).toBe(true);
  });

  it('answers over server-sent events', async () => {
    const { names, text } = await stream(flowId, 'Hi');
    expect(names).toEqual(['start', 'token', 'metadata', 'end']);
    expect(text).toBe('Replicate heard: You answer in one short line.\nUser: Hi\nAssistant:');
  });

  it('fails naming the node when the prediction fails', async () => {
    replicate.script({ error: 'model crashed' });
    const response = await predict(flowId, { question: 'x' });
    expect(response.statusCode).toBe(500);
    expect(response.json().message).toMatch(
      /LLM Chain \(llmChain_0\): Replicate: the prediction failed: model crashed/,
    );
  });

  it('runs the Image Generation wiring: a Replicate image URL handed to a chat model as markdown', async () => {
    const first = prompt('promptTemplate_0', '{query}', '{"query":"{{question}}"}');
    const second = prompt(
      'promptTemplate_1',
      'Answer with only this markdown image: ![]({text})',
      '{"text":"{{llmChain_0.data.instance}}"}',
    );
    const imageChain = chain('llmChain_0', 'replicate_0', 'promptTemplate_0', 'outputPrediction');
    imageChain.baseClasses = ['string', 'json'];
    const model = { ...replicateNode(), inputs: { model: `acme/sdxl:${VERSION}` } };
    const writer = chatOpenAI(credentials.openAIApi!);
    const id = await createFlow('Image Generation', {
      nodes: [
        first,
        second,
        model,
        imageChain,
        chain('llmChain_1', 'chatOpenAI_0', 'promptTemplate_1'),
        writer,
      ].map(flowiseNode),
      edges: [
        promptEdge(first, 'llmChain_0'),
        modelEdge(model, 'llmChain_0'),
        promptEdge(second, 'llmChain_1'),
        modelEdge(writer, 'llmChain_1'),
        flowiseEdge(imageChain, 'promptTemplate_1', 'promptValues', 'json'),
      ],
    });
    replicate.script({ output: ['https://replicate.example/cat.png'] });
    llm.script({ text: '![](https://replicate.example/cat.png)' });
    const response = await predict(id, { question: 'a cat in a hat' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().text).toBe('![](https://replicate.example/cat.png)');
    expect(replicate.predictions[0]!.input).toEqual({ prompt: 'a cat in a hat' });
    const sent = llm.requests[0]!.body as { messages: { content: string }[] };
    expect(sent.messages.at(-1)!.content).toBe(
      'Answer with only this markdown image: ![](https://replicate.example/cat.png)',
    );
  });
});

describe('HuggingFace LLM Chain (Flowise template wiring)', () => {
  let flowId: string;
  beforeAll(async () => {
    const template = prompt('promptTemplate_0', 'Question: {question}\n\nThink it through, then answer.');
    const model: NodeSpec = {
      id: 'huggingFaceInference_LLMs_0',
      name: 'huggingFaceInference_LLMs',
      category: 'LLMs',
      type: 'HuggingFaceInference',
      baseClasses: ['HuggingFaceInference', 'LLM', 'BaseLLM', 'BaseLanguageModel'],
      inputs: { model: 'tiiuae/falcon-7b-instruct', endpoint: '' },
      credential: credentials.huggingFaceApi,
    };
    flowId = await createFlow('HuggingFace LLM Chain', {
      nodes: [template, model, chain('llmChain_0', model.id, 'promptTemplate_0')].map(flowiseNode),
      edges: [modelEdge(model, 'llmChain_0'), promptEdge(template, 'llmChain_0')],
    });
  });

  it('answers over JSON and over server-sent events from the model’s text generation', async () => {
    const response = await predict(flowId, { question: 'Why is the sea salty?' });
    expect(response.statusCode, response.body).toBe(200);
    const prompted = 'Question: Why is the sea salty?\n\nThink it through, then answer.';
    expect(response.json().text).toBe(`HF generated from: ${prompted}`);
    expect(hf.calls[0]).toMatchObject({
      path: '/hf-inference/models/tiiuae/falcon-7b-instruct',
      body: { inputs: prompted, parameters: { return_full_text: false } },
    });
    expect(hf.calls[0]!.headers.authorization).toBe('Bearer hf_test');
    const { names, text } = await stream(flowId, 'x');
    expect(names).toEqual(['start', 'token', 'metadata', 'end']);
    expect(text).toBe('HF generated from: Question: x\n\nThink it through, then answer.');
  });

  it('fails naming the node on a provider error', async () => {
    hf.script({ status: 503, body: { error: 'Model is currently loading' } });
    const response = await predict(flowId, { question: 'x' });
    expect(response.statusCode).toBe(500);
    expect(response.json().message).toMatch(
      /HuggingFace Inference: the service answered 503: Model is currently loading/,
    );
  });
});

describe('SQL DB Chain on SQLite (Flowise template wiring)', () => {
  const sqlChain = (url: string): NodeSpec => ({
    id: 'sqlDatabaseChain_0',
    name: 'sqlDatabaseChain',
    category: 'Chains',
    type: 'SqlDatabaseChain',
    baseClasses: ['SqlDatabaseChain', 'BaseChain', 'Runnable'],
    inputs: {
      model: '{{chatOpenAI_0.data.instance}}',
      database: 'sqlite',
      url,
      includesTables: '',
      ignoreTables: '',
    },
  });
  const flowWith = (url: string) => {
    const model = chatOpenAI(credentials.openAIApi!);
    return {
      nodes: [model, sqlChain(url)].map(flowiseNode),
      edges: [modelEdge(model, 'sqlDatabaseChain_0')],
    };
  };

  it('answers from the file in the operator’s folder, over JSON and server-sent events', async () => {
    const flowId = await createFlow('SQL DB Chain', flowWith('shop.db'));
    const script = () =>
      llm.script(
        { text: "```sql\nSELECT SUM(total) AS spent FROM orders WHERE customer = 'Ada'\n```" },
        { text: 'Ada spent 40.' },
      );
    script();
    const response = await predict(flowId, { question: 'How much did Ada spend?' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      text: 'Ada spent 40.',
      usedTools: [
        {
          tool: 'sql',
          toolInput: { query: "SELECT SUM(total) AS spent FROM orders WHERE customer = 'Ada'" },
        },
      ],
    });
    const schemaPrompt = (llm.requests[0]!.body as { messages: { content: string }[] }).messages.at(
      -1,
    )!.content;
    expect(schemaPrompt).toContain('CREATE TABLE orders (\n  customer TEXT,\n  total REAL\n)');
    expect((llm.requests[1]!.body as { messages: { content: string }[] }).messages.at(-1)!.content).toContain(
      'SQLResult: [{"spent":40}]',
    );
    script();
    const { names, text } = await stream(flowId, 'How much did Ada spend?');
    expect(text).toBe('Ada spent 40.');
    expect(names[0]).toBe('start');
    expect(names.at(-1)).toBe('end');
  });

  it('refuses a file outside the folder, naming the node', async () => {
    const flowId = await createFlow('SQL DB Chain outside', flowWith('../database.sqlite'));
    const response = await predict(flowId, { question: 'x' });
    expect(response.statusCode).toBe(500);
    expect(response.json().message).toMatch(
      /Sql Database Chain: the SQLite file must be in the server's SQLite folder/,
    );
    expect(llm.requests).toHaveLength(0);
  });
});

describe('Tool Agent on AWS Bedrock', () => {
  let flowId: string;
  beforeAll(async () => {
    const model: NodeSpec = {
      id: 'awsChatBedrock_0',
      name: 'awsChatBedrock',
      category: 'Chat Models',
      type: 'AWSChatBedrock',
      baseClasses: ['AWSChatBedrock', 'BaseChatModel', 'BaseLanguageModel', 'Runnable'],
      inputs: {
        region: 'us-east-1',
        model: 'anthropic.claude-3-haiku-20240307-v1:0',
        endpointHost: llm.url,
        streaming: true,
      },
      credential: credentials.awsApi,
    };
    const memory: NodeSpec = {
      id: 'bufferMemory_0',
      name: 'bufferMemory',
      category: 'Memory',
      type: 'BufferMemory',
      baseClasses: ['BufferMemory', 'BaseChatMemory', 'BaseMemory'],
    };
    const calculator: NodeSpec = {
      id: 'calculator_0',
      name: 'calculator',
      category: 'Tools',
      type: 'Calculator',
      baseClasses: ['Calculator', 'Tool', 'StructuredTool', 'Runnable'],
    };
    const agent: NodeSpec = {
      id: 'toolAgent_0',
      name: 'toolAgent',
      category: 'Agents',
      type: 'AgentExecutor',
      baseClasses: ['AgentExecutor', 'BaseChain', 'Runnable'],
      inputs: {
        tools: ['{{calculator_0.data.instance}}'],
        memory: '{{bufferMemory_0.data.instance}}',
        model: '{{awsChatBedrock_0.data.instance}}',
        systemMessage: 'You are a careful assistant with a calculator.',
      },
    };
    flowId = await createFlow('Bedrock Tool Agent', {
      nodes: [model, memory, calculator, agent].map(flowiseNode),
      edges: [
        flowiseEdge(calculator, 'toolAgent_0', 'tools', 'Tool'),
        flowiseEdge(memory, 'toolAgent_0', 'memory', 'BaseChatMemory'),
        flowiseEdge(model, 'toolAgent_0', 'model', 'BaseChatModel'),
      ],
    });
  });

  it('calls the calculator through Bedrock’s Converse tool use and answers (JSON)', async () => {
    const response = await predict(flowId, {
      question: 'What is 12 * 12? [[tool:calculator {"input":"12 * 12"}]]',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      text: 'The tool said 144',
      usedTools: [{ tool: 'calculator', toolInput: { input: '12 * 12' }, toolOutput: '144' }],
    });
    const paths = llm.requests.map((r) => r.path);
    expect(paths).toEqual([
      '/model/anthropic.claude-3-haiku-20240307-v1%3A0/converse',
      '/model/anthropic.claude-3-haiku-20240307-v1%3A0/converse',
    ]);
    expect(String(llm.requests[0]!.headers.authorization)).toMatch(
      /Credential=AKIAFLOWLOOM\/\d{8}\/us-east-1\/bedrock\//,
    );
    expect(JSON.stringify(server.logs)).not.toContain('aws-secret-test');
  });

  it('streams the answer after the tool call (ConverseStream)', async () => {
    const { text, events } = await stream(flowId, 'Sum [[tool:calculator {"input":"2 + 3"}]]');
    expect(text).toBe('The tool said 5');
    expect(events.find((e) => e.event === 'usedTools')?.data).toEqual([
      { tool: 'calculator', toolInput: { input: '2 + 3' }, toolOutput: '5' },
    ]);
    expect(llm.requests.every((r) => r.path.endsWith('/converse-stream'))).toBe(true);
  });

  it('fails naming the node when Bedrock throttles', async () => {
    const response = await predict(flowId, { question: '[[error:429 Too many tokens]]' });
    expect(response.statusCode).toBe(500);
    expect(response.json().message).toMatch(
      /Tool Agent \(toolAgent_0\): AWS Bedrock: Bedrock is throttling requests \(ThrottlingException: Too many tokens\)/,
    );
  });
});
