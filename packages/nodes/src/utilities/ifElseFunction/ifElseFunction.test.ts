import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestEngine } from '@flowloom/engine';
import type { FlowData } from '@flowloom/shared';
import { startTestLlmServer, type TestLlmServer } from '@flowloom/test-llm';
import { chatOpenAI } from '../../chat-models/chatOpenAI/chatOpenAI.js';
import { llmChain } from '../../chains/llmChain/llmChain.js';
import { promptTemplate } from '../../prompts/promptTemplate/promptTemplate.js';
import { createQuickJsSandbox, type QuickJsSandbox } from '../../sandbox/quickjs.js';
import { buildFlow } from '../../testing/flow-builder.js';
import { MAX_FUNCTION_CODE_CHARS } from '../function-globals.js';
import { ifElseFunction } from './ifElseFunction.js';

let llm: TestLlmServer;
let sandbox: QuickJsSandbox;
beforeAll(async () => {
  llm = await startTestLlmServer();
  sandbox = createQuickJsSandbox({ timeoutMs: 300, threads: 2 });
});
afterAll(async () => {
  sandbox.close();
  await llm.close();
});
beforeEach(() => llm.reset());

const engine = () =>
  createTestEngine({
    nodes: [ifElseFunction, chatOpenAI, promptTemplate, llmChain],
    credentials: { openai: { credentialName: 'openAIApi', data: { openAIApiKey: 'sk' } } },
    services: { providerBaseUrls: { openai: llm.openAiBaseUrl }, sandbox },
  });

/**
 * "Is it about the weather?": True → a forecast chain whose prompt reads the If Function's value,
 * False → a chat chain whose prompt reads the Else Function's value. Each chain has its own model.
 */
function weatherFlow(ifElse: Record<string, unknown> = {}): FlowData {
  const flow = buildFlow(
    [
      {
        id: 'ifElseFunction_0',
        type: ifElseFunction,
        inputs: {
          functionInputVariables: '{"asked": "{{question}}"}',
          ifFunction: "if ($asked.includes('weather')) { return 'forecast'; }",
          elseFunction: "return 'small talk';",
          ...ifElse,
        },
      },
      { id: 'chatOpenAI_0', type: chatOpenAI, credential: 'openai' },
      {
        id: 'promptTemplate_0',
        type: promptTemplate,
        inputs: { template: 'Give the {kind} for: {question}' },
      },
      { id: 'llmChain_0', type: llmChain, output: 'llmChain' },
      { id: 'chatOpenAI_1', type: chatOpenAI, credential: 'openai' },
      { id: 'promptTemplate_1', type: promptTemplate, inputs: { template: 'Make {kind}: {question}' } },
      { id: 'llmChain_1', type: llmChain, output: 'llmChain' },
    ],
    [
      ['ifElseFunction_0', 'promptTemplate_0', 'promptValues', 'returnTrue'],
      ['chatOpenAI_0', 'llmChain_0', 'model'],
      ['promptTemplate_0', 'llmChain_0', 'prompt'],
      ['ifElseFunction_0', 'promptTemplate_1', 'promptValues', 'returnFalse'],
      ['chatOpenAI_1', 'llmChain_1', 'model'],
      ['promptTemplate_1', 'llmChain_1', 'prompt'],
    ],
  );
  // The edge orders the build; the prompt values name what goes where.
  for (const id of ['promptTemplate_0', 'promptTemplate_1'])
    flow.nodes.find((n) => n.id === id)!.data.inputs.promptValues =
      '{"kind": "{{ifElseFunction_0.data.instance}}", "question": "{{question}}"}';
  return flow;
}

describe('IfElse Function', () => {
  it('takes True when the If Function returns a value, running only that branch with the value', async () => {
    const run = await engine().run(weatherFlow(), { question: 'weather in Oslo' });
    expect(run.output.text).toBe('Hello from the test LLM. You said: Give the forecast for: weather in Oslo');
    expect(llm.requests).toHaveLength(1);
  });

  it('takes False with the Else Function’s value when the If Function returns nothing', async () => {
    const run = await engine().run(weatherFlow(), { question: 'how are you' });
    expect(run.output.text).toBe('Hello from the test LLM. You said: Make small talk: how are you');
    expect(llm.requests).toHaveLength(1);
  });

  it('reads $flow, $vars and input variables, JSON text handed over as an object', async () => {
    const flow = weatherFlow({
      functionInputVariables: '{"limits": "{\\"max\\": 3}"}',
      ifFunction:
        'if ($flow.input.length > $limits.max && $vars.mode === "long") { return "long " + $flow.chatId; }',
    });
    const run = await engine().run(flow, { question: 'weather', vars: { mode: 'long' } });
    expect(run.output.text).toContain('Give the long test-chat for: weather');
    const short = await engine().run(flow, { question: 'hi' });
    expect(short.output.text).toContain('Make small talk: hi');
  });

  it('names the node and the function when the code throws, loops forever or returns nothing', async () => {
    const ask = (ifElse: Record<string, unknown>) =>
      engine().run(weatherFlow(ifElse), { question: 'how are you' });
    await expect(ask({ ifFunction: 'throw new Error("no forecast today")' })).rejects.toThrow(
      'IfElse Function (ifElseFunction_0): If Function: no forecast today',
    );
    await expect(ask({ elseFunction: 'while (true) {}' })).rejects.toThrow(
      'IfElse Function (ifElseFunction_0): Else Function: Custom code timed out after 300 ms',
    );
    await expect(ask({ elseFunction: 'const nothing = 1;' })).rejects.toThrow(
      'IfElse Function (ifElseFunction_0): the Else Function returned nothing: it must return the value that goes on through False (e.g. return false;)',
    );
    await expect(ask({ ifFunction: `return 1;${' '.repeat(MAX_FUNCTION_CODE_CHARS)}` })).rejects.toThrow(
      /IfElse Function \(ifElseFunction_0\): If Function holds 100,00\d characters; at most 100,000 are allowed/,
    );
    await expect(ask({ functionInputVariables: '{"bad name": 1}' })).rejects.toThrow(
      '"bad name" is not a valid variable name',
    );
    expect(llm.requests).toHaveLength(0);
  });
});
