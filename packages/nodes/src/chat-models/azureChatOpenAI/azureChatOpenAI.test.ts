import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestEngine } from '@flowloom/engine';
import { startTestLlmServer, type TestLlmServer } from '@flowloom/test-llm';
import { stickyNote } from '../../utilities/stickyNote/stickyNote.js';
import { flowiseTemplate, patchNodes } from '../../testing/flow-builder.js';
import { CHAIN_NODES, llmChainWith, streamedText } from '../../testing/model-flow.js';
import { azureChatOpenAI } from './azureChatOpenAI.js';

let llm: TestLlmServer;
beforeAll(async () => (llm = await startTestLlmServer()));
afterAll(() => llm.close());
beforeEach(() => llm.reset());

const credential = {
  credentialName: 'azureOpenAIApi',
  data: {
    azureOpenAIApiKey: 'az-key',
    azureOpenAIApiInstanceName: 'my-instance',
    azureOpenAIApiDeploymentName: 'gpt-dep',
    azureOpenAIApiVersion: '2024-10-21',
  },
};
const engine = (extra: Record<string, unknown> = {}) =>
  createTestEngine({
    nodes: [azureChatOpenAI, ...CHAIN_NODES, stickyNote],
    credentials: { az: { ...credential, data: { ...credential.data, ...extra } } },
    services: { providerBaseUrls: { azure: `${llm.url}/openai` } },
  });

describe('Azure ChatOpenAI', () => {
  it('runs the Flowise "LLM Chain" template against the deployment of its credential', async () => {
    const flow = patchNodes(flowiseTemplate('LLM Chain'), 'azureChatOpenAI', { credential: 'az' });
    const result = await engine().run(flow, { question: 'socks' });
    expect(result.output.text).toBe(
      'Hello from the test LLM. You said: What is a good name for a company that makes socks?',
    );
    const request = llm.requests[0]!;
    expect(request.url).toBe('/openai/deployments/gpt-dep/chat/completions?api-version=2024-10-21');
    expect(request.headers['api-key']).toBe('az-key');
    expect(request.body).toMatchObject({ temperature: 0.9 });
  });

  it('streams tokens when the run streams', async () => {
    llm.script({ text: 'Sock Co rocks' });
    const flow = llmChainWith({ id: 'azureChatOpenAI_0', type: azureChatOpenAI, credential: 'az' });
    const result = await engine().run(flow, { question: 'name?', streaming: true });
    expect(result.streamed).toBe(true);
    expect(streamedText(result.events)).toBe('Sock Co rocks');
    expect(llm.requests[0]!.body).toMatchObject({ stream: true });
  });

  it('answers in one piece when its Streaming input is off', async () => {
    const flow = llmChainWith({
      id: 'azureChatOpenAI_0',
      type: azureChatOpenAI,
      credential: 'az',
      inputs: { streaming: false },
    });
    const result = await engine().run(flow, { question: 'hi', streaming: true });
    expect(result.streamed).toBe(false);
    expect(llm.requests[0]!.body).not.toHaveProperty('stream', true);
  });

  it('uses its own BasePath (a trailing /deployments included) where the credential names it', async () => {
    const flow = llmChainWith({
      id: 'azureChatOpenAI_0',
      type: azureChatOpenAI,
      credential: 'az',
      inputs: { basepath: `${llm.url}/proxy/openai/deployments` },
    });
    await expect(engine().run(flow, { question: 'hi' })).rejects.toThrow(
      /is not where its credential may be sent/,
    );
    await engine({ baseUrl: `${llm.url}/proxy/openai` }).run(flow, { question: 'hi' });
    expect(llm.requests[0]!.path).toBe('/proxy/openai/deployments/gpt-dep/chat/completions');
  });

  it('explains a credential without an instance name when no base path is set', async () => {
    const flow = llmChainWith({ id: 'azureChatOpenAI_0', type: azureChatOpenAI, credential: 'az' });
    const run = createTestEngine({
      nodes: [azureChatOpenAI, ...CHAIN_NODES],
      credentials: { az: { ...credential, data: { azureOpenAIApiKey: 'k' } } },
    }).run(flow, { question: 'hi' });
    await expect(run).rejects.toThrow(/Set the instance name in the Azure OpenAI credential/);
  });
});
