import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestEngine, ENDING_NODE_OUTPUT } from '@flowloom/engine';
import { startTestLlmServer, type TestLlmServer } from '@flowloom/test-llm';
import { chatOpenAI } from '../../chat-models/chatOpenAI/chatOpenAI.js';
import { llmChain } from '../../chains/llmChain/llmChain.js';
import { promptTemplate } from '../../prompts/promptTemplate/promptTemplate.js';
import { createQuickJsSandbox } from '../../sandbox/quickjs.js';
import { buildFlow } from '../../testing/flow-builder.js';
import { customFunction } from './customFunction.js';

let llm: TestLlmServer;
beforeAll(async () => (llm = await startTestLlmServer()));
afterAll(() => llm.close());
beforeEach(() => llm.reset());

const engine = () =>
  createTestEngine({
    nodes: [customFunction, chatOpenAI, promptTemplate, llmChain],
    credentials: { openai: { credentialName: 'openAIApi', data: { openAIApiKey: 'sk' } } },
    services: { providerBaseUrls: { openai: llm.openAiBaseUrl }, sandbox: createQuickJsSandbox() },
  });

describe('Custom JS Function', () => {
  it('answers as an Ending Node with what its code returns, reading $flow and input variables', async () => {
    const flow = buildFlow([
      {
        id: 'customFunction_0',
        type: customFunction,
        output: ENDING_NODE_OUTPUT,
        inputs: {
          functionInputVariables: '{"greeting": "Hello"}',
          javascriptFunction: 'return `${$greeting}, you asked: ${$flow.input}`;',
        },
      },
    ]);
    const run = await engine().run(flow, { question: 'what time is it?' });
    expect(run.output.text).toBe('Hello, you asked: what time is it?');
  });

  it('feeds its result to another node', async () => {
    const flow = buildFlow(
      [
        {
          id: 'customFunction_0',
          type: customFunction,
          inputs: { javascriptFunction: 'return ["a", "b"].join("+");' },
        },
        { id: 'chatOpenAI_0', type: chatOpenAI, credential: 'openai' },
        {
          id: 'promptTemplate_0',
          type: promptTemplate,
          inputs: {
            template: 'Spell {word}',
            promptValues: '{"word": "{{customFunction_0.data.instance}}"}',
          },
        },
        { id: 'llmChain_0', type: llmChain, output: 'llmChain' },
      ],
      [
        ['chatOpenAI_0', 'llmChain_0', 'model'],
        ['promptTemplate_0', 'llmChain_0', 'prompt'],
        ['customFunction_0', 'promptTemplate_0', 'promptValues'],
      ],
    );
    // The edge into Format Prompt Values orders the build; the JSON names what goes where.
    flow.nodes.find((n) => n.id === 'promptTemplate_0')!.data.inputs.promptValues =
      '{"word": "{{customFunction_0.data.instance}}"}';
    const run = await engine().run(flow, { question: 'go' });
    expect(run.output.text).toBe('Hello from the test LLM. You said: Spell a+b');
  });

  it('fails naming the node when its code throws', async () => {
    const flow = buildFlow([
      {
        id: 'customFunction_0',
        type: customFunction,
        output: ENDING_NODE_OUTPUT,
        inputs: { javascriptFunction: 'throw new Error("bad input")' },
      },
    ]);
    await expect(engine().run(flow, { question: 'x' })).rejects.toThrow(/customFunction_0.*bad input/);
  });
});
