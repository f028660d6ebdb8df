import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestEngine } from '@flowloom/engine';
import { startTestLlmServer, type TestLlmServer } from '@flowloom/test-llm';
import { CHAIN_NODES, llmChainWith } from '../testing/model-flow.js';
import { compatibleChatModels } from './openai-compatible.js';

let llm: TestLlmServer;
beforeAll(async () => (llm = await startTestLlmServer()));
afterAll(() => llm.close());
beforeEach(() => llm.reset());

type Body = { model: string; messages: { role: string; content: string }[]; temperature?: number };

/** The credential of each node type, with a key named after the node. */
function credentialFor(name: string) {
  const type = compatibleChatModels.find((t) => t.definition.name === name)!;
  const credentialName = type.definition.credential!.credentialNames![0]!;
  const field = {
    deepseekApi: 'deepseekApiKey',
    openRouterApi: 'openRouterApiKey',
    xaiApi: 'xaiApiKey',
    togetherAIApi: 'togetherAIApiKey',
    cerebrasAIApi: 'cerebrasApiKey',
    localAIApi: 'localAIApiKey',
    huggingFaceApi: 'huggingFaceApiKey',
    fireworksApi: 'fireworksApiKey',
    sambanovaApi: 'sambanovaApiKey',
    openAIApi: 'openAIApiKey',
  }[credentialName]!;
  return { credentialName, data: { [field]: `key-${name}`, baseUrl: llm.openAiBaseUrl } };
}

describe('OpenAI-compatible chat models', () => {
  it.each(compatibleChatModels.map((t) => t.definition.name))(
    '%s answers through its endpoint with its key, model and settings',
    async (name) => {
      const type = compatibleChatModels.find((t) => t.definition.name === name)!;
      const modelInput = type.definition.inputs.find((i) => i.type === 'asyncOptions')!.name;
      const baseInput = type.definition.inputs.find((i) => i.label === 'Base Path')?.name;
      const engine = createTestEngine({
        nodes: [type, ...CHAIN_NODES],
        credentials: { cred: credentialFor(name) },
      });
      const flow = llmChainWith({
        id: `${name}_0`,
        type,
        credential: 'cred',
        inputs: {
          [modelInput]: 'some-model',
          temperature: 0.3,
          // LocalAI has no public endpoint: its Base Path is the credential's.
          ...(baseInput && name === 'chatLocalAI' && { [baseInput]: llm.openAiBaseUrl }),
        },
      });
      const run = await engine.run(flow, { question: 'Hi there' });
      expect(run.output.text).toBe('Hello from the test LLM. You said: Hi there');
      const request = llm.requests.at(-1)!;
      expect(request.path).toBe('/v1/chat/completions');
      expect(request.headers.authorization).toBe(`Bearer key-${name}`);
      expect((request.body as Body).model).toBe('some-model');
      expect((request.body as Body).temperature).toBe(0.3);
    },
  );

  it('sends a stored key only to the endpoint its credential names', async () => {
    const type = compatibleChatModels.find((t) => t.definition.name === 'chatCerebras')!;
    const engine = createTestEngine({
      nodes: [type, ...CHAIN_NODES],
      credentials: { cred: credentialFor('chatCerebras') },
    });
    const flow = llmChainWith({
      id: 'chatCerebras_0',
      type,
      credential: 'cred',
      inputs: { modelName: 'llama3.1-8b', basepath: 'http://127.0.0.1:9/v1' },
    });
    await expect(engine.run(flow, { question: 'Hi' })).rejects.toThrow(
      /the Base URL http:\/\/127\.0\.0\.1:9\/v1 of this node is not where its credential may be sent/,
    );
    expect(llm.requests).toHaveLength(0);
  });

  it('asks for what is missing: a key, or a LocalAI server', async () => {
    const deepseek = compatibleChatModels.find((t) => t.definition.name === 'chatDeepseek')!;
    const local = compatibleChatModels.find((t) => t.definition.name === 'chatLocalAI')!;
    const engine = createTestEngine({ nodes: [deepseek, local, ...CHAIN_NODES], credentials: {} });
    await expect(
      engine.run(llmChainWith({ id: 'chatDeepseek_0', type: deepseek }), { question: 'Hi' }),
    ).rejects.toThrow(/Deepseek \(chatDeepseek_0\): choose a credential \(deepseekApi\)/);
    await expect(
      engine.run(llmChainWith({ id: 'chatLocalAI_0', type: local, inputs: { modelName: 'm' } }), {
        question: 'Hi',
      }),
    ).rejects.toThrow(/LocalAI: enter the Base Path of the server/);
  });
});
