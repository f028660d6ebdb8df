import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestEngine } from '@flowloom/engine';
import { startTestLlmServer, type TestLlmServer } from '@flowloom/test-llm';
import { llmChain } from '../../chains/llmChain/llmChain.js';
import { chatOpenAI } from '../../chat-models/chatOpenAI/chatOpenAI.js';
import { promptTemplate } from '../../prompts/promptTemplate/promptTemplate.js';
import { buildFlow } from '../../testing/flow-builder.js';
import { extractJson } from '../structured.js';
import { structureSchema, structuredOutputParser } from './structuredOutputParser.js';

let llm: TestLlmServer;
beforeAll(async () => (llm = await startTestLlmServer()));
afterAll(() => llm.close());
beforeEach(() => llm.reset());

const rows = [
  { property: 'answer', type: 'string', description: 'the answer' },
  { property: 'confidence', type: 'number', description: 'from 0 to 1' },
  { property: 'sure', type: 'boolean', description: '' },
];

function run(parserInputs: Record<string, unknown>) {
  const flow = buildFlow(
    [
      { id: 'chatOpenAI_0', type: chatOpenAI, credential: 'openai' },
      { id: 'promptTemplate_0', type: promptTemplate, inputs: { template: 'Q: {question}' } },
      { id: 'structuredOutputParser_0', type: structuredOutputParser, inputs: parserInputs },
      { id: 'llmChain_0', type: llmChain, output: 'llmChain' },
    ],
    [
      ['chatOpenAI_0', 'llmChain_0', 'model'],
      ['promptTemplate_0', 'llmChain_0', 'prompt'],
      ['structuredOutputParser_0', 'llmChain_0', 'outputParser'],
    ],
  );
  return createTestEngine({
    nodes: [chatOpenAI, promptTemplate, structuredOutputParser, llmChain],
    credentials: { openai: { credentialName: 'openAIApi', data: { openAIApiKey: 'sk' } } },
    services: { providerBaseUrls: { openai: llm.openAiBaseUrl } },
  }).run(flow, { question: 'Is water wet?' });
}

const prompt = (i: number) =>
  (llm.requests[i]!.body as { messages: { content: string }[] }).messages.at(-1)!.content;

describe('Structured Output Parser', () => {
  it('asks for the JSON Structure and answers the parsed object', async () => {
    llm.script({ text: 'Sure!\n```json\n{"answer": "yes", "confidence": 0.8, "sure": true}\n```' });
    const result = await run({ jsonStructure: rows });
    expect(result.output).toEqual({ json: { answer: 'yes', confidence: 0.8, sure: true } });
    expect(prompt(0)).toContain('"confidence":{"type":"number","description":"from 0 to 1"}');
  });

  it('accepts the rows as JSON text, as the canvas saves a datagrid', async () => {
    llm.script({ text: '{"answer": "a", "confidence": 1, "sure": false}' });
    expect((await run({ jsonStructure: JSON.stringify(rows) })).output.json).toEqual({
      answer: 'a',
      confidence: 1,
      sure: false,
    });
  });

  it('reports a wrong type, and with Autofix asks again with the problem', async () => {
    llm.script({ text: '{"answer": "a", "confidence": "high", "sure": true}' });
    await expect(run({ jsonStructure: rows })).rejects.toThrow(
      /does not have the expected structure: confidence: Invalid input: expected number, received string/,
    );
    llm.reset();
    llm.script({ text: '{"answer": 1}' }, { text: '{"answer": "a", "confidence": 0.5, "sure": true}' });
    const fixed = await run({ jsonStructure: rows, autofixParser: true });
    expect(fixed.output.json).toEqual({ answer: 'a', confidence: 0.5, sure: true });
    expect(prompt(1)).toContain('answer: Invalid input: expected string, received number');
  });

  it('uses the Flowise default rows, and refuses an empty structure', () => {
    expect(Object.keys(structureSchema(structuredOutputParser.definition.inputs[1]!.default).shape)).toEqual([
      'answer',
      'source',
    ]);
    expect(() => structureSchema([])).toThrow('JSON Structure needs at least one property');
  });

  it('finds the JSON inside chatty answers', () => {
    expect(extractJson('Here you go: {"a": [1, 2]} Hope that helps')).toEqual({ a: [1, 2] });
    expect(() => extractJson('no json here')).toThrow(/The answer is not valid JSON/);
  });
});
