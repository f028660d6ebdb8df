import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestEngine, type AssistantRecord, type StoredFile } from '@flowloom/engine';
import { startTestLlmServer, type TestLlmServer } from '@flowloom/test-llm';
import type OpenAI from 'openai';
import { z } from 'zod';
import { buildFlow } from '../../testing/flow-builder.js';
import { calculator } from '../../tools/calculator/calculator.js';
import type { ToolHandle } from '../../tools/tool.js';
import { assistantsClient } from './assistants-client.js';
import { openAIAssistant } from './openAIAssistant.js';

let llm: TestLlmServer;
beforeAll(async () => (llm = await startTestLlmServer()));
afterAll(() => llm.close());

const OPENAI = { credentialName: 'openAIApi', data: { openAIApiKey: 'sk-test' } };
let client: OpenAI;
let record: AssistantRecord;
/** Files the runs kept, by chat and name. */
let kept: Map<string, StoredFile>;
/** The session each chat's last answer was stored under (the prediction service's job). */
let sessions: Map<string, string>;

const services = () => ({
  providerBaseUrls: { openai: llm.openAiBaseUrl },
  assistants: { get: (id: string) => Promise.resolve(id === record.id ? record : undefined) },
  chatHistory: {
    load: () => Promise.resolve([]),
    sessionOf: (_flowId: string, chatId: string) => Promise.resolve(sessions.get(chatId)),
  },
  files: {
    read: () => Promise.reject(new Error('none')),
    saveChatFile: (chatId: string, file: StoredFile) => {
      kept.set(`${chatId}/${file.name}`, file);
      return Promise.resolve(file.name);
    },
  },
});

function engine(extraTools: { id: string; type: typeof calculator }[] = []) {
  return createTestEngine({
    nodes: [calculator, openAIAssistant, ...extraTools.map((t) => t.type)],
    credentials: { openai: OPENAI },
    services: services(),
  });
}

function flow(inputs: Record<string, unknown> = {}, withCalculator = true) {
  return buildFlow(
    [
      ...(withCalculator ? [{ id: 'calculator_0', type: calculator }] : []),
      { id: 'openAIAssistant_0', type: openAIAssistant, inputs: { selectedAssistant: 'a1', ...inputs } },
    ],
    withCalculator ? [['calculator_0', 'openAIAssistant_0', 'tools']] : [],
  );
}

async function ask(
  question: string,
  options: { chatId?: string; streaming?: boolean; inputs?: Record<string, unknown> } = {},
) {
  const chatId = options.chatId ?? 'chat-1';
  const run = await engine().run(flow(options.inputs), {
    question,
    chatId,
    sessionId: chatId,
    streaming: options.streaming ?? false,
  });
  if (run.output.sessionId) sessions.set(chatId, run.output.sessionId);
  return run;
}

beforeEach(async () => {
  llm.reset();
  kept = new Map();
  sessions = new Map();
  client = await assistantsClient(
    { providerBaseUrls: { openai: llm.openAiBaseUrl }, addressCheck: () => undefined },
    OPENAI,
  );
  const file = await client.files.create({
    file: new File(['Opening hours are nine to five.'], 'hours.txt'),
    purpose: 'assistants',
  });
  const store = await client.vectorStores.create({ name: 'Shop facts' });
  await client.vectorStores.fileBatches.createAndPoll(store.id, { file_ids: [file.id] });
  const assistant = await client.beta.assistants.create({
    model: 'gpt-4o',
    name: 'Shop helper',
    instructions: 'Answer questions about the shop.',
    tools: [{ type: 'code_interpreter' }, { type: 'file_search' }],
    tool_resources: { file_search: { vector_store_ids: [store.id] } },
  });
  record = {
    id: 'a1',
    type: 'OPENAI',
    details: JSON.stringify({ id: assistant.id, name: 'Shop helper' }),
    credential: 'openai',
  };
});

describe('OpenAI Assistant', () => {
  it('answers on a new thread, streaming tokens, and keeps the thread for the chat', async () => {
    const run = await ask('When do you open?', { streaming: true });
    expect(run.output.text).toBe('Hello from the test LLM. You said: When do you open?');
    expect(run.output.sessionId).toMatch(/^thread_/);
    const tokens = run.events.filter((e) => e.event === 'token').map((e) => e.data);
    expect(tokens.length).toBeGreaterThan(3);
    expect(tokens.join('')).toBe(run.output.text);
    // The run got the assistant's own tools and the connected calculator; the assistant is unchanged.
    const runRequest = llm.requests.find(
      (r) => r.method === 'POST' && /\/threads\/[^/]+\/runs$/.test(r.path),
    );
    expect((runRequest!.body as { tools: { type: string }[] }).tools.map((t) => t.type)).toEqual([
      'code_interpreter',
      'file_search',
      'function',
    ]);
    const assistant = await client.beta.assistants.retrieve(JSON.parse(record.details).id);
    expect(assistant.tools.map((t) => t.type)).toEqual(['code_interpreter', 'file_search']);

    const again = await ask('And on Sunday?');
    expect(again.output.sessionId).toBe(run.output.sessionId);
    const messages = await client.beta.threads.messages.list(run.output.sessionId!);
    expect(messages.data.map((m) => m.role)).toEqual(['assistant', 'user', 'assistant', 'user']);
    // Another chat gets a thread of its own.
    const other = await ask('Hello', { chatId: 'chat-2' });
    expect(other.output.sessionId).not.toBe(run.output.sessionId);
  });

  it('runs connected tools as the assistant’s functions and hands their output back', async () => {
    llm.script({ toolCalls: [{ name: 'calculator', arguments: { input: '6*7' } }] });
    const run = await ask('What is six times seven?', { streaming: true });
    expect(run.output.text).toBe('The tool said 42');
    expect(run.output.usedTools).toEqual([
      { tool: 'calculator', toolInput: { input: '6*7' }, toolOutput: '42' },
    ]);
    const runRequest = llm.requests.find(
      (r) => r.method === 'POST' && /\/threads\/[^/]+\/runs$/.test(r.path),
    );
    const fn = (runRequest!.body as { tools: OpenAI.Beta.AssistantTool[] }).tools.find(
      (t) => t.type === 'function',
    ) as OpenAI.Beta.FunctionTool;
    expect(fn.function.name).toBe('calculator');
    expect(fn.function.parameters).toMatchObject({ type: 'object' });
  });

  it('tells the assistant when a tool call is wrong, and stops a tool loop that never ends', async () => {
    llm.script({ toolCalls: [{ name: 'weather', arguments: { city: 'Oslo' } }] });
    const unknown = await ask('Weather?');
    expect(unknown.output.usedTools?.[0]?.error).toBe('there is no tool named "weather" connected');
    expect(unknown.output.text).toBe('The tool said Error: there is no tool named "weather" connected');

    const strict: ToolHandle = {
      kind: 'tool',
      name: 'strict',
      description: 'needs a count',
      inputSchema: z.object({ count: z.number() }),
      invoke: () => Promise.resolve('counted'),
    };
    const strictNode = {
      ...calculator,
      init: () => strict,
      definition: { ...calculator.definition, name: 'strictTool' },
    };
    llm.script({ toolCalls: [{ name: 'strict', arguments: { count: 'many' } }] });
    const bad = await createTestEngine({
      nodes: [strictNode, openAIAssistant],
      credentials: { openai: OPENAI },
      services: services(),
    }).run(
      buildFlow(
        [
          { id: 'strict_0', type: strictNode },
          { id: 'openAIAssistant_0', type: openAIAssistant, inputs: { selectedAssistant: 'a1' } },
        ],
        [['strict_0', 'openAIAssistant_0', 'tools']],
      ),
      { question: 'Count' },
    );
    expect(bad.output.usedTools?.[0]?.error).toMatch(/^the arguments do not match its schema/);

    llm.script(
      ...Array.from({ length: 11 }, () => ({
        toolCalls: [{ name: 'calculator', arguments: { input: '1+1' } }],
      })),
    );
    await expect(ask('Loop forever', { chatId: 'loop' })).rejects.toThrow(
      /OpenAI Assistant \(openAIAssistant_0\): the assistant kept calling tools \(10 rounds\) without answering/,
    );
    // The run was cancelled: the thread takes the next question.
    const after = await ask('Still there?', { chatId: 'loop' });
    expect(after.output.text).toContain('Still there?');
  });

  it('keeps the pictures and files an answer brings, and names them instead of OpenAI’s markers', async () => {
    const run = await ask('[[reply:See the chart and the table]] [[image]] [[cite]] [[file]]', {
      streaming: true,
    });
    expect(run.output.text).toBe('See the chart and the table result.csv');
    expect(run.output.artifacts).toEqual([{ type: 'png', data: 'FILE-STORAGE::chart.png' }]);
    // The cited document is one OpenAI does not hand out again: named, without a download.
    expect(run.output.fileAnnotations).toEqual([
      { fileName: 'hours.txt', filePath: '' },
      { fileName: 'result.csv', filePath: 'result.csv' },
    ]);
    expect(kept.has('chat-1/hours.txt')).toBe(false);
    expect(kept.get('chat-1/chart.png')!.mime).toBe('image/png');
    expect(kept.get('chat-1/result.csv')!.mime).toBe('text/csv');

    kept.clear();
    const private_ = await ask('[[reply:Here]] [[image]] [[cite]]', {
      chatId: 'chat-3',
      inputs: { disableFileDownload: true },
    });
    expect(private_.output.text).toBe('Here');
    expect(private_.output.fileAnnotations).toBeUndefined();
    expect([...kept.keys()]).toEqual(['chat-3/chart.png']);
  });

  it('fails with OpenAI’s reason when a run fails mid-answer, and leaves the thread usable', async () => {
    await expect(ask('Go [[runfail:quota exhausted]]', { streaming: true })).rejects.toThrow(
      'OpenAI Assistant (openAIAssistant_0): the OpenAI run failed: quota exhausted',
    );
    llm.script({ error: { status: 500, message: 'The server had an error' } });
    await expect(ask('Again')).rejects.toThrow('the OpenAI run failed: 500: The server had an error');
    const next = await ask('Third time');
    expect(next.output.text).toContain('Third time');
  });

  it('cancels the run at OpenAI when the question is cut off mid-answer', async () => {
    const controller = new AbortController();
    const cut = engine().run(flow(), {
      question: '[[chunkDelay:60]] [[reply:one two three four five six seven eight]]',
      chatId: 'cut',
      sessionId: 'cut',
      streaming: true,
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 200);
    await expect(cut).rejects.toThrow();
    const runPath = llm.requests.find(
      (r) => r.method === 'POST' && /\/threads\/[^/]+\/runs$/.test(r.path),
    )!.path;
    const threadId = runPath.split('/')[3]!;
    await expect
      .poll(async () => (await client.beta.threads.runs.list(threadId)).data[0]?.status)
      .toBe('cancelled');
  });

  it('lets a question wait for the chat’s earlier answer instead of cutting it off', async () => {
    const thread = await client.beta.threads.create({});
    sessions.set('busy', thread.id);
    const first = ask('[[chunkDelay:100]] [[reply:a slow and careful answer]]', { chatId: 'busy' });
    await new Promise((resolve) => setTimeout(resolve, 150));
    const second = ask('And another thing', { chatId: 'busy' });
    const [a, b] = await Promise.all([first, second]);
    expect(a.output.text).toBe('a slow and careful answer');
    expect(b.output.text).toContain('And another thing');
    const runs = await client.beta.threads.runs.list(thread.id);
    expect(runs.data.map((run) => run.status)).toEqual(['completed', 'completed']);
  });

  it('says which assistant is missing, here or at OpenAI', async () => {
    await expect(engine().run(flow({ selectedAssistant: 'gone' }), { question: 'Hi' })).rejects.toThrow(
      'the assistant gone does not exist (it may have been deleted); select another',
    );
    await client.beta.assistants.delete(JSON.parse(record.details).id);
    await expect(ask('Hi')).rejects.toThrow(/404 No assistant found with id 'asst_/);
  });

  it('lists the workspace’s assistants for the node, Azure ones marked', async () => {
    const options = await openAIAssistant.loadMethods!.listAssistants!({
      node: buildFlow([{ id: 'openAIAssistant_0', type: openAIAssistant }]).nodes[0]!.data,
      inputs: {},
      credential: () => Promise.resolve({}),
      previousNodes: [],
      currentNode: undefined,
      searchOptions: undefined,
      services: {
        tools: { get: () => Promise.resolve(undefined) },
        credentials: { get: () => Promise.reject(new Error('none')) },
        logger: { debug() {}, warn() {}, error() {} },
        listTools: () => Promise.resolve([]),
        listFlows: () => Promise.resolve([]),
        listDocumentStores: () => Promise.resolve([]),
        listAssistants: () =>
          Promise.resolve([
            record,
            {
              id: 'a2',
              type: 'AZURE',
              details: '{"name":"Azure helper","instructions":"Be brief"}',
              credential: 'az',
            },
            { id: 'a3', type: 'OPENAI', details: 'not json', credential: null },
          ]),
      },
    });
    expect(options).toEqual([
      { label: 'Shop helper', name: 'a1', description: '' },
      { label: 'Azure helper (Azure)', name: 'a2', description: 'Be brief' },
    ]);
  });
});

describe('assistantsClient', () => {
  it('talks to an Azure OpenAI resource with its api-key and a preview API version', async () => {
    const azure = await assistantsClient(
      { providerBaseUrls: {}, addressCheck: () => undefined },
      {
        credentialName: 'azureOpenAIApi',
        data: {
          azureOpenAIApiKey: 'az-key',
          azureOpenAIApiInstanceName: 'shop',
          azureOpenAIApiVersion: '2024-10-21',
          baseUrl: `${llm.url}/openai`,
        },
      },
    );
    llm.reset();
    const created = await azure.beta.assistants.create({ model: 'my-deployment', name: 'On Azure' });
    expect(created.id).toMatch(/^asst_/);
    const request = llm.requests[0]!;
    expect(request.url).toBe('/openai/assistants?api-version=2025-04-01-preview');
    expect(request.headers['api-key']).toBe('az-key');
    expect(request.headers.authorization).toBeUndefined();
  });

  it('refuses credentials of other kinds and keys without a value', async () => {
    const transport = { providerBaseUrls: {}, addressCheck: () => undefined };
    await expect(assistantsClient(transport, { credentialName: 'anthropicApi', data: {} })).rejects.toThrow(
      'A anthropicApi credential cannot reach OpenAI assistants',
    );
    await expect(assistantsClient(transport, { credentialName: 'openAIApi', data: {} })).rejects.toThrow(
      'The OpenAI credential has no API key',
    );
  });
});
