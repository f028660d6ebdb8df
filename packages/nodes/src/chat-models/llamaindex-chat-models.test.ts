import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestEngine, type NodeType } from '@flowloom/engine';
import { startTestLlmServer, type TestLlmServer } from '@flowloom/test-llm';
import { simpleChatEngine } from '../engine/simpleChatEngine/simpleChatEngine.js';
import { bufferMemory } from '../memory/bufferMemory/bufferMemory.js';
import { buildFlow } from '../testing/flow-builder.js';
import { nodeContext } from '../testing/node-context.js';
import { streamedText } from '../testing/model-flow.js';
import {
  chatAnthropic_LlamaIndex,
  chatGroq_LlamaIndex,
  chatMistral_LlamaIndex,
  chatOllama_LlamaIndex,
  chatOpenAI_LlamaIndex,
  chatTogetherAI_LlamaIndex,
  llamaIndexChatModels,
} from './llamaindex-chat-models.js';

let llm: TestLlmServer;
beforeAll(async () => (llm = await startTestLlmServer()));
afterAll(() => llm.close());
beforeEach(() => llm.reset());

const credentials = {
  openai: { credentialName: 'openAIApi', data: { openAIApiKey: 'sk-openai' } },
  anthropic: { credentialName: 'anthropicApi', data: { anthropicApiKey: 'sk-ant' } },
  mistral: { credentialName: 'mistralAIApi', data: { mistralAIAPIKey: 'mi-key' } },
  groq: { credentialName: 'groqApi', data: { groqApiKey: 'gq-key' } },
  together: { credentialName: 'togetherAIApi', data: { togetherAIApiKey: 'tg-key' } },
};

/** The model in a Simple Chat Engine flow, asked `Hi`; answers the run and the request the server got. */
async function ask(type: NodeType, inputs: Record<string, unknown>, credential?: keyof typeof credentials) {
  const flow = buildFlow(
    [
      { id: 'model_0', type, inputs, ...(credential && { credential }) },
      { id: 'bufferMemory_0', type: bufferMemory },
      { id: 'simpleChatEngine_0', type: simpleChatEngine },
    ],
    [
      ['model_0', 'simpleChatEngine_0', 'model'],
      ['bufferMemory_0', 'simpleChatEngine_0', 'memory'],
    ],
  );
  const engine = createTestEngine({
    nodes: [type, bufferMemory, simpleChatEngine],
    credentials,
    services: {
      providerBaseUrls: {
        openai: llm.openAiBaseUrl,
        anthropic: `${llm.url}/v1`,
        mistral: llm.openAiBaseUrl,
        groq: `${llm.url}/openai/v1`,
        together: llm.openAiBaseUrl,
      },
    },
  });
  const run = await engine.run(flow, { question: 'Hi', streaming: true });
  return { run, request: llm.requests[0]! };
}

describe('LlamaIndex chat models', () => {
  it('carry Flowise’s LlamaIndex names, tag and base classes', () => {
    expect(llamaIndexChatModels.map((type) => type.definition.name)).toEqual([
      'chatOpenAI_LlamaIndex',
      'azureChatOpenAI_LlamaIndex',
      'chatAnthropic_LlamaIndex',
      'chatMistral_LlamaIndex',
      'chatOllama_LlamaIndex',
      'chatGroq_LlamaIndex',
      'chatTogetherAI_LlamaIndex',
    ]);
    for (const { definition } of llamaIndexChatModels) {
      expect(definition.tags).toEqual(['LlamaIndex']);
      expect(definition.category).toBe('Chat Models');
      expect(definition.baseClasses).toEqual([definition.type, 'BaseChatModel_LlamaIndex', 'BaseLLM']);
    }
  });

  it('ChatOpenAI: OpenAI chat completions with the LlamaIndex defaults, streamed', async () => {
    llm.script({ text: 'streamed hello' });
    const { run, request } = await ask(chatOpenAI_LlamaIndex, { maxTokens: 64, topP: 0.5 }, 'openai');
    expect(streamedText(run.events)).toBe('streamed hello');
    expect(request.path).toBe('/v1/chat/completions');
    expect(request.headers.authorization).toBe('Bearer sk-openai');
    expect(request.body).toMatchObject({
      model: 'gpt-3.5-turbo',
      temperature: 0.9,
      max_tokens: 64,
      top_p: 0.5,
    });
  });

  it('ChatAnthropic: the Messages API, LlamaIndex’s short Claude names mapped to the API’s', async () => {
    const { request } = await ask(chatAnthropic_LlamaIndex, { maxTokensToSample: 99 }, 'anthropic');
    expect(request.path).toBe('/v1/messages');
    expect(request.headers['x-api-key']).toBe('sk-ant');
    expect(request.body).toMatchObject({ model: 'claude-3-haiku-20240307', max_tokens: 99 });
    const names = (await chatAnthropic_LlamaIndex.loadMethods!.listModels!({} as never)).map((o) => o.name);
    expect(names).toContain('claude-3-haiku');
  });

  it('ChatMistral: Max Tokens (maxTokensToSample) reaches Mistral', async () => {
    const { request } = await ask(chatMistral_LlamaIndex, { maxTokensToSample: 42 }, 'mistral');
    expect(request.headers.authorization).toBe('Bearer mi-key');
    expect(request.body).toMatchObject({ model: 'mistral-tiny', max_tokens: 42 });
  });

  it('ChatOllama: every sampling option in `options`, those the SDK drops included', async () => {
    const { request } = await ask(chatOllama_LlamaIndex, {
      baseUrl: llm.url,
      modelName: 'llama3',
      topK: 30,
      numCtx: 4096,
      mirostat: 2,
      mirostatEta: 0.2,
      mirostatTau: 4,
      numGpu: 1,
      numThread: 8,
      tfsZ: 1.5,
      stop: 'User:',
    });
    expect(request.path).toBe('/api/chat');
    expect(request.body).toMatchObject({
      model: 'llama3',
      options: {
        temperature: 0.9,
        top_k: 30,
        num_ctx: 4096,
        stop: ['User:'],
        mirostat: 2,
        mirostat_eta: 0.2,
        mirostat_tau: 4,
        num_gpu: 1,
        num_thread: 8,
        tfs_z: 1.5,
      },
    });
  });

  it('ChatGroq and ChatTogetherAI: their OpenAI-compatible endpoints and keys', async () => {
    const groq = await ask(chatGroq_LlamaIndex, { modelName: 'llama-3.1-8b-instant', maxTokens: 7 }, 'groq');
    expect(groq.request.path).toBe('/openai/v1/chat/completions');
    expect(groq.request.headers.authorization).toBe('Bearer gq-key');
    expect(groq.request.body).toMatchObject({ model: 'llama-3.1-8b-instant', max_tokens: 7 });
    llm.reset();
    const together = await ask(chatTogetherAI_LlamaIndex, { modelName: 'meta-llama/Llama-3-8b' }, 'together');
    expect(together.request.headers.authorization).toBe('Bearer tg-key');
    expect(together.request.body).toMatchObject({ model: 'meta-llama/Llama-3-8b', temperature: 0.9 });
  });

  it('ChatOllama needs a model name', async () => {
    await expect(chatOllama_LlamaIndex.init!(nodeContext(chatOllama_LlamaIndex, {}))).rejects.toThrow(
      'Model Name is required',
    );
  });
});
