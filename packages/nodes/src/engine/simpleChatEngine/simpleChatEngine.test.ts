import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestEngine } from '@flowloom/engine';
import { startTestLlmServer, type TestLlmServer } from '@flowloom/test-llm';
import { azureChatOpenAI_LlamaIndex } from '../../chat-models/llamaindex-chat-models.js';
import { bufferMemory } from '../../memory/bufferMemory/bufferMemory.js';
import { buildFlow } from '../../testing/flow-builder.js';
import { streamedText } from '../../testing/model-flow.js';
import { simpleChatEngine } from './simpleChatEngine.js';

let llm: TestLlmServer;
beforeAll(async () => (llm = await startTestLlmServer()));
afterAll(() => llm.close());
beforeEach(() => llm.reset());

const engine = () =>
  createTestEngine({
    nodes: [azureChatOpenAI_LlamaIndex, bufferMemory, simpleChatEngine],
    credentials: {
      az: {
        credentialName: 'azureOpenAIApi',
        data: {
          azureOpenAIApiKey: 'az-key',
          azureOpenAIApiInstanceName: 'inst',
          azureOpenAIApiDeploymentName: 'chat-dep',
          azureOpenAIApiVersion: '2024-10-21',
        },
      },
    },
    services: { providerBaseUrls: { azure: `${llm.url}/openai` } },
  });

/** The wiring of Flowise's "Simple Chat Engine" template: Azure model and Buffer Memory. */
const flow = (system = 'You are a patient tutor.') =>
  buildFlow(
    [
      { id: 'azureChatOpenAI_LlamaIndex_0', type: azureChatOpenAI_LlamaIndex, credential: 'az' },
      { id: 'bufferMemory_0', type: bufferMemory },
      { id: 'simpleChatEngine_0', type: simpleChatEngine, inputs: { systemMessagePrompt: system } },
    ],
    [
      ['azureChatOpenAI_LlamaIndex_0', 'simpleChatEngine_0', 'model'],
      ['bufferMemory_0', 'simpleChatEngine_0', 'memory'],
    ],
  );

describe('Simple Chat Engine', () => {
  it('sends the system message, the conversation and the question, streaming the answer', async () => {
    llm.script({ text: 'Seven.' });
    const run = await engine().run(flow(), {
      question: 'And three plus four?',
      streaming: true,
      history: [
        { role: 'userMessage', content: 'What is one plus one?' },
        { role: 'apiMessage', content: 'Two.' },
      ],
    });
    expect(streamedText(run.events)).toBe('Seven.');
    expect(run.output).toEqual({ text: 'Seven.' });
    const request = llm.requests[0]!;
    expect(request.url).toBe('/openai/deployments/chat-dep/chat/completions?api-version=2024-10-21');
    expect((request.body as { messages: unknown }).messages).toEqual([
      { role: 'system', content: 'You are a patient tutor.' },
      { role: 'user', content: 'What is one plus one?' },
      { role: 'assistant', content: 'Two.' },
      { role: 'user', content: 'And three plus four?' },
    ]);
  });

  it('sends no system message when it has none', async () => {
    await engine().run(flow(''), { question: 'Hi' });
    expect((llm.requests[0]!.body as { messages: unknown }).messages).toEqual([
      { role: 'user', content: 'Hi' },
    ]);
  });

  it('needs its memory connected', async () => {
    const unconnected = flow();
    unconnected.edges = unconnected.edges.filter((edge) => edge.source !== 'bufferMemory_0');
    unconnected.nodes = unconnected.nodes.filter((node) => node.id !== 'bufferMemory_0');
    unconnected.nodes.find((node) => node.id === 'simpleChatEngine_0')!.data.inputs.memory = '';
    await expect(engine().run(unconnected, { question: 'Hi' })).rejects.toThrow(
      'Simple Chat Engine (simpleChatEngine_0): Memory is not connected',
    );
  });
});
