import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestEngine } from '@flowloom/engine';
import { startTestLlmServer, type TestLlmServer } from '@flowloom/test-llm';
import { llmChain } from '../../chains/llmChain/llmChain.js';
import { chatOpenAI } from '../../chat-models/chatOpenAI/chatOpenAI.js';
import { promptTemplate } from '../../prompts/promptTemplate/promptTemplate.js';
import { stickyNote } from '../../utilities/stickyNote/stickyNote.js';
import { flowiseTemplate, patchNodes } from '../../testing/flow-builder.js';
import { csvOutputParser, parseCsvList } from './csvOutputParser.js';

let llm: TestLlmServer;
beforeAll(async () => (llm = await startTestLlmServer()));
afterAll(() => llm.close());
beforeEach(() => llm.reset());

const run = (question: string, autofix = true) =>
  createTestEngine({
    nodes: [chatOpenAI, promptTemplate, llmChain, csvOutputParser, stickyNote],
    credentials: { openai: { credentialName: 'openAIApi', data: { openAIApiKey: 'sk' } } },
    services: { providerBaseUrls: { openai: llm.openAiBaseUrl } },
  }).run(
    patchNodes(
      patchNodes(flowiseTemplate('List Output Parser'), 'chatOpenAI', { credential: 'openai' }),
      'csvOutputParser',
      { inputs: { autofixParser: autofix } },
    ),
    { question, streaming: true },
  );

const lastUserMessage = (i: number) =>
  (llm.requests[i]!.body as { messages: { role: string; content: string }[] }).messages.at(-1)!.content;

describe('CSV Output Parser', () => {
  it('runs the Flowise "List Output Parser" template and answers a JSON list', async () => {
    llm.script({ text: 'The Godfather, Heat ,Alien' });
    const result = await run('top 3 movies');
    expect(result.output).toEqual({ json: ['The Godfather', 'Heat', 'Alien'] });
    expect(result.streamed).toBe(false);
    expect(lastUserMessage(0)).toContain("Answer user's question as best you can: top 3 movies");
    expect(lastUserMessage(0)).toContain('comma-separated values');
  });

  it('asks the model again when Autofix is on and the answer holds no values', async () => {
    llm.script({ text: ' ' }, { text: 'a, b' });
    expect((await run('letters')).output).toEqual({ json: ['a', 'b'] });
    expect(lastUserMessage(1)).toContain(
      'That answer could not be parsed: The answer holds no comma-separated values',
    );
    llm.reset();
    llm.script({ text: ' ' });
    await expect(run('letters', false)).rejects.toThrow('The answer holds no comma-separated values');
  });

  it('drops a code fence around the list', () => {
    expect(parseCsvList('```\nred, green\n```')).toEqual(['red', 'green']);
  });
});
