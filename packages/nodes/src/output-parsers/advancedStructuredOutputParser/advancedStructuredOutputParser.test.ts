import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestEngine } from '@flowloom/engine';
import { startTestLlmServer, type TestLlmServer } from '@flowloom/test-llm';
import { llmChain } from '../../chains/llmChain/llmChain.js';
import { chatOpenAI } from '../../chat-models/chatOpenAI/chatOpenAI.js';
import { chatPromptTemplate } from '../../prompts/chatPromptTemplate/chatPromptTemplate.js';
import { stickyNote } from '../../utilities/stickyNote/stickyNote.js';
import { flowiseTemplate, patchNodes } from '../../testing/flow-builder.js';
import { nodeContext } from '../../testing/node-context.js';
import type { OutputParserHandle } from '../parser.js';
import { advancedStructuredOutputParser } from './advancedStructuredOutputParser.js';

let llm: TestLlmServer;
beforeAll(async () => (llm = await startTestLlmServer()));
afterAll(() => llm.close());
beforeEach(() => llm.reset());

const run = (question: string) =>
  createTestEngine({
    nodes: [chatOpenAI, chatPromptTemplate, llmChain, advancedStructuredOutputParser, stickyNote],
    credentials: { openai: { credentialName: 'openAIApi', data: { openAIApiKey: 'sk' } } },
    services: { providerBaseUrls: { openai: llm.openAiBaseUrl } },
  }).run(
    patchNodes(flowiseTemplate('Advanced Structured Output Parser'), 'chatOpenAI', { credential: 'openai' }),
    {
      question,
    },
  );

const heat = {
  title: 'Heat',
  yearOfRelease: 1995,
  genres: ['Action', 'Drama'],
  shortDescription: 'Cops and robbers.',
};

describe('Advanced Structured Output Parser', () => {
  it('runs the Flowise template: schema in the prompt, validated JSON out', async () => {
    llm.script({ text: JSON.stringify([heat]) });
    const result = await run('Top movie of all time');
    expect(result.output).toEqual({ json: [heat] });
    const prompt = (llm.requests[0]!.body as { messages: { content: string }[] }).messages.at(-1)!.content;
    expect(prompt).toContain('"description":"Title of the movie as a string"');
    expect(prompt).toContain('"maxItems":2');
  });

  it('autofixes an answer that breaks the schema (three genres)', async () => {
    llm.script(
      { text: JSON.stringify([{ ...heat, genres: ['Action', 'Drama', 'Thriller'] }]) },
      { text: JSON.stringify([heat]) },
    );
    const result = await run('Top movie');
    expect(result.output.json).toEqual([heat]);
    const retry = (llm.requests[1]!.body as { messages: { content: string }[] }).messages.at(-1)!.content;
    expect(retry).toMatch(/0\.genres: Too big: expected array to have <=2 items/);
  });

  it('explains schema text it cannot read', () => {
    const ctx = nodeContext(advancedStructuredOutputParser, {
      inputs: { exampleJson: 'z.string().refine(x)' },
    });
    expect(() => advancedStructuredOutputParser.init!(ctx)).toThrow(
      /Example JSON is not a schema this parser understands: Line 1, column 12: \.refine\(\) is not supported/,
    );
    const parser = advancedStructuredOutputParser.init!(
      nodeContext(advancedStructuredOutputParser),
    ) as OutputParserHandle;
    expect(parser.formatInstructions()).toContain('"yearOfRelease":{"type":"integer"');
  });
});
