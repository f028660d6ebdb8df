import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestEngine, type NodeType } from '@flowloom/engine';
import type { ChatTurn, FlowData } from '@flowloom/shared';
import { startTestLlmServer, type TestLlmServer } from '@flowloom/test-llm';
import { azureChatOpenAI } from '../../chat-models/azureChatOpenAI/azureChatOpenAI.js';
import { chatAnthropic } from '../../chat-models/chatAnthropic/chatAnthropic.js';
import { chatGoogleGenerativeAI } from '../../chat-models/chatGoogleGenerativeAI/chatGoogleGenerativeAI.js';
import { chatMistralAI } from '../../chat-models/chatMistralAI/chatMistralAI.js';
import { chatOllama } from '../../chat-models/chatOllama/chatOllama.js';
import { chatOpenAI } from '../../chat-models/chatOpenAI/chatOpenAI.js';
import { groqChat } from '../../chat-models/groqChat/groqChat.js';
import { bufferMemory } from '../../memory/bufferMemory/bufferMemory.js';
import { chatPromptTemplate } from '../../prompts/chatPromptTemplate/chatPromptTemplate.js';
import { calculator } from '../../tools/calculator/calculator.js';
import { serpAPI } from '../../tools/serpAPI/serpAPI.js';
import type { ToolHandle } from '../../tools/tool.js';
import { stickyNote } from '../../utilities/stickyNote/stickyNote.js';
import { buildFlow, flowiseTemplate, patchNodes } from '../../testing/flow-builder.js';
import { streamedText } from '../../testing/model-flow.js';
import { MAX_ITERATIONS_ANSWER } from '../tool-loop.js';
import { toolAgent } from './toolAgent.js';

let llm: TestLlmServer;
beforeAll(async () => (llm = await startTestLlmServer()));
afterAll(() => llm.close());
beforeEach(() => llm.reset());

type Body = {
  messages: { role: string; content: unknown }[];
  tools?: { function: { name: string; parameters: unknown } }[];
};
const body = (i: number) => llm.requests[i]!.body as Body;

/** A tool node that answers "looked up <q>" and, with Return Direct, ends the agent's turn. */
const lookupNode: NodeType = {
  icon: '<svg/>',
  definition: {
    label: 'Lookup',
    name: 'lookup',
    version: 1,
    type: 'Lookup',
    category: 'Tools',
    baseClasses: ['Lookup', 'Tool'],
    description: 'test tool',
    inputs: [{ label: 'Return Direct', name: 'returnDirect', type: 'boolean', optional: true }],
  },
  init: (ctx): ToolHandle => ({
    kind: 'tool',
    name: 'lookup',
    description: 'Looks things up',
    inputSchema: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] },
    returnDirect: ctx.inputs.returnDirect === true,
    invoke: (args) => Promise.resolve(`looked up ${String(args.q)}`),
  }),
};

function engine() {
  return createTestEngine({
    nodes: [chatOpenAI, calculator, serpAPI, bufferMemory, toolAgent, stickyNote, lookupNode],
    credentials: {
      openai: { credentialName: 'openAIApi', data: { openAIApiKey: 'sk' } },
      serp: { credentialName: 'serpApi', data: { serpApiKey: 'serp-key' } },
    },
    services: {
      providerBaseUrls: { openai: llm.openAiBaseUrl, serpapi: 'https://serp.test' },
      http: (url) =>
        Promise.resolve(
          Response.json({ answer_box: { answer: `results for ${new URL(url).searchParams.get('q')}` } }),
        ),
    },
  });
}

const template = (): FlowData =>
  patchNodes(patchNodes(flowiseTemplate('Tool Agent'), 'chatOpenAI', { credential: 'openai' }), 'serpAPI', {
    credential: 'serp',
  });

function agentWith(agentInputs: Record<string, unknown> = {}, toolInputs: Record<string, unknown> = {}) {
  return buildFlow(
    [
      { id: 'chatOpenAI_0', type: chatOpenAI, credential: 'openai' },
      { id: 'bufferMemory_0', type: bufferMemory },
      { id: 'lookup_0', type: lookupNode, inputs: toolInputs },
      { id: 'calculator_0', type: calculator },
      { id: 'toolAgent_0', type: toolAgent, inputs: agentInputs },
    ],
    [
      ['chatOpenAI_0', 'toolAgent_0', 'model'],
      ['bufferMemory_0', 'toolAgent_0', 'memory'],
      ['lookup_0', 'toolAgent_0', 'tools'],
      ['calculator_0', 'toolAgent_0', 'tools'],
    ],
  );
}

describe('Tool Agent', () => {
  it('runs the Flowise "Tool Agent" template: calls the calculator, then answers', async () => {
    const result = await engine().run(template(), {
      question: 'What is 2 + 2? [[tool:calculator {"input":"2 + 2"}]]',
    });
    expect(result.output.text).toBe('The tool said 4');
    expect(result.output.usedTools).toEqual([
      { tool: 'calculator', toolInput: { input: '2 + 2' }, toolOutput: '4' },
    ]);
    expect(body(0).messages[0]).toEqual({ role: 'system', content: 'You are a helpful AI assistant.' });
    expect(body(0).tools!.map((t) => t.function.name)).toEqual(['calculator', 'search']);
    expect(body(1).messages.at(-1)).toMatchObject({ role: 'tool', content: '4' });
  });

  it('searches with SerpAPI through the run’s HTTP client', async () => {
    llm.script({ toolCalls: [{ name: 'search', arguments: { input: 'weather in Oslo' } }] });
    const result = await engine().run(template(), { question: 'Weather?' });
    expect(result.output.text).toBe('The tool said Answer: results for weather in Oslo');
  });

  it('streams the answer tokens and still returns the tools it used', async () => {
    const result = await engine().run(template(), {
      question: 'Sum [[tool:calculator {"input":"3*3"}]]',
      streaming: true,
    });
    expect(result.streamed).toBe(true);
    expect(streamedText(result.events)).toBe('The tool said 9');
    expect(result.output.usedTools).toHaveLength(1);
  });

  it('gives the model the session history from its memory', async () => {
    const history: ChatTurn[] = [
      { role: 'userMessage', content: 'My name is Ada' },
      { role: 'apiMessage', content: 'Hello Ada' },
    ];
    await engine().run(agentWith(), { question: 'Who am I?', history });
    expect(body(0).messages.map((m) => [m.role, m.content])).toEqual([
      ['system', 'You are a helpful AI assistant.'],
      ['user', 'My name is Ada'],
      ['assistant', 'Hello Ada'],
      ['user', 'Who am I?'],
    ]);
  });

  it('shows a failing tool’s error to the model and records it', async () => {
    const result = await engine().run(agentWith(), { question: 'x [[tool:calculator {"input":"1/0"}]]' });
    expect(result.output.usedTools).toEqual([
      {
        tool: 'calculator',
        toolInput: { input: '1/0' },
        toolOutput: 'Division by zero',
        error: 'Division by zero',
      },
    ]);
    expect(result.output.text).toBe('The tool said Error: Division by zero');
  });

  it('stops after Max Iterations model calls', async () => {
    llm.script(
      { toolCalls: [{ name: 'lookup', arguments: { q: 'a' } }] },
      { toolCalls: [{ name: 'lookup', arguments: { q: 'b' } }] },
    );
    const result = await engine().run(agentWith({ maxIterations: 2 }), { question: 'loop' });
    expect(result.output.text).toBe(MAX_ITERATIONS_ANSWER);
    expect(llm.requests).toHaveLength(2);
  });

  it('answers with the output of a Return Direct tool without asking the model again', async () => {
    llm.script({ toolCalls: [{ name: 'lookup', arguments: { q: 'invoice 42' } }] });
    const result = await engine().run(agentWith({}, { returnDirect: true }), {
      question: 'find',
      streaming: true,
    });
    expect(result.output.text).toBe('looked up invoice 42');
    expect(streamedText(result.events)).toBe('looked up invoice 42');
    expect(llm.requests).toHaveLength(1);
  });

  it('emits agent_trace events with Enable Detailed Streaming', async () => {
    const result = await engine().run(agentWith({ enableDetailedStreaming: true }), {
      question: 'x [[tool:lookup {"q":"y"}]]',
      streaming: true,
    });
    const traces = result.events.filter((e) => e.event === 'agent_trace').map((e) => e.data);
    expect(traces).toMatchObject([
      { step: 'tool_start', name: 'lookup', input: { q: 'y' } },
      { step: 'tool_end', name: 'lookup', output: 'looked up y' },
    ]);
  });

  it('uses a Chat Prompt Template instead of the system message', async () => {
    const flow = buildFlow(
      [
        { id: 'chatOpenAI_0', type: chatOpenAI, credential: 'openai' },
        { id: 'bufferMemory_0', type: bufferMemory },
        {
          id: 'chatPromptTemplate_0',
          type: chatPromptTemplate,
          inputs: { systemMessagePrompt: 'You are a pirate.', humanMessagePrompt: 'Arr: {input}' },
        },
        { id: 'calculator_0', type: calculator },
        { id: 'toolAgent_0', type: toolAgent },
      ],
      [
        ['chatOpenAI_0', 'toolAgent_0', 'model'],
        ['bufferMemory_0', 'toolAgent_0', 'memory'],
        ['calculator_0', 'toolAgent_0', 'tools'],
        ['chatPromptTemplate_0', 'toolAgent_0', 'chatPromptTemplate'],
      ],
    );
    const result = await createTestEngine({
      nodes: [chatOpenAI, bufferMemory, chatPromptTemplate, calculator, toolAgent],
      credentials: { openai: { credentialName: 'openAIApi', data: { openAIApiKey: 'sk' } } },
      services: { providerBaseUrls: { openai: llm.openAiBaseUrl } },
    }).run(flow, { question: 'hello' });
    expect(result.output.text).toBe('Hello from the test LLM. You said: Arr: hello');
    expect(body(0).messages[0]).toEqual({ role: 'system', content: 'You are a pirate.' });
    expect(result.output.usedTools).toBeUndefined();
  });
});

describe('Tool Agent with every chat model', () => {
  const models: [NodeType, Record<string, unknown>, (url: string) => Record<string, string>][] = [
    [chatOpenAI, {}, (url) => ({ openai: `${url}/v1` })],
    [azureChatOpenAI, {}, (url) => ({ azure: `${url}/openai` })],
    [chatAnthropic, { modelName: 'claude-3-5-haiku-latest' }, (url) => ({ anthropic: `${url}/v1` })],
    [chatGoogleGenerativeAI, {}, (url) => ({ google: `${url}/v1beta` })],
    [chatMistralAI, {}, (url) => ({ mistral: `${url}/v1` })],
    [groqChat, {}, (url) => ({ groq: `${url}/openai/v1` })],
    [chatOllama, { modelName: 'llama3.2' }, (url) => ({ ollama: url })],
  ];
  // One stored key per model, of the type that model takes.
  const keyOf = (model: NodeType) => ({
    key: {
      credentialName: model.definition.credential!.credentialNames![0]!,
      data: {
        openAIApiKey: 'k',
        azureOpenAIApiKey: 'k',
        azureOpenAIApiInstanceName: 'i',
        azureOpenAIApiDeploymentName: 'd',
        anthropicApiKey: 'k',
        googleGenerativeAPIKey: 'k',
        mistralAIAPIKey: 'k',
        groqApiKey: 'k',
      },
    },
  });

  for (const [model, inputs, baseUrls] of models) {
    for (const streaming of [false, true]) {
      it(`calls a tool through ${model.definition.name} (${streaming ? 'streamed' : 'whole'})`, async () => {
        const id = `${model.definition.name}_0`;
        const flow = buildFlow(
          [
            { id, type: model, credential: 'key', inputs },
            { id: 'bufferMemory_0', type: bufferMemory },
            { id: 'calculator_0', type: calculator },
            { id: 'toolAgent_0', type: toolAgent },
          ],
          [
            [id, 'toolAgent_0', 'model'],
            ['bufferMemory_0', 'toolAgent_0', 'memory'],
            ['calculator_0', 'toolAgent_0', 'tools'],
          ],
        );
        const result = await createTestEngine({
          nodes: [model, bufferMemory, calculator, toolAgent],
          credentials: keyOf(model),
          services: { providerBaseUrls: baseUrls(llm.url) },
        }).run(flow, { question: 'Multiply [[tool:calculator {"input":"6*7"}]]', streaming });
        expect(result.output.text).toBe('The tool said 42');
        expect(result.output.usedTools).toEqual([
          { tool: 'calculator', toolInput: { input: '6*7' }, toolOutput: '42' },
        ]);
        if (streaming) expect(streamedText(result.events)).toBe('The tool said 42');
        expect(llm.requests).toHaveLength(2);
      });
    }
  }
});
