import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestLlmServer, type TestLlmServer } from '@flowloom/test-llm';
import { nodeContext, openAiModel, testServices } from '../common/test-harness.js';
import { llmAgentflow } from './llmAgentflow.js';

let llm: TestLlmServer;
beforeAll(async () => (llm = await startTestLlmServer()));
afterAll(() => llm.close());
beforeEach(() => llm.reset());

type Body = { messages: { role: string; content: unknown }[]; response_format?: unknown };
const sent = (i = 0) => (llm.requests[i]!.body as Body).messages.map((m) => `${m.role}:${String(m.content)}`);
const ctxWith = (inputs: Record<string, unknown>, extra: Parameters<typeof nodeContext>[2] = {}) =>
  nodeContext(
    llmAgentflow,
    { ...openAiModel('llmModel'), ...inputs },
    { services: testServices({ providerBaseUrls: { openai: llm.openAiBaseUrl } }), ...extra },
  );

describe('llmAgentflow', () => {
  it('as the first node sends system messages first, memory, the question, then the input message', async () => {
    llm.script({ text: 'answer' });
    const result = await llmAgentflow.run(
      ctxWith(
        {
          llmMessages: [
            { role: 'user', content: 'configured' },
            { role: 'system', content: 'be brief' },
          ],
          llmUserMessage: 'then this',
        },
        { run: { ...ctxWith({}).run, history: [{ role: 'userMessage', content: 'before' }] } },
      ),
    );
    expect(sent()).toEqual([
      'system:be brief',
      'user:configured',
      'user:before',
      'user:hello',
      'user:then this',
    ]);
    expect(result.chatHistory).toEqual([
      { role: 'user', content: 'hello' },
      { role: 'user', content: 'answer', name: 'llmagentflow_0' },
    ]);
  });

  it('later in a run reads the runtime history, keeps a window, and answers as assistant when asked', async () => {
    llm.script({ text: 'ok' });
    const runtimeHistory = [
      { role: 'user' as const, content: 'one' },
      { role: 'assistant' as const, content: 'two' },
      { role: 'user' as const, content: 'three' },
    ];
    const result = await llmAgentflow.run(
      ctxWith(
        {
          llmMemoryType: 'windowSize',
          llmMemoryWindowSize: 1,
          llmReturnResponseAs: 'assistantMessage',
        },
        { runtimeHistory },
      ),
    );
    expect(sent()).toEqual(['assistant:two', 'user:three']);
    expect(result.chatHistory).toEqual([{ role: 'assistant', content: 'ok', name: 'llmagentflow_0' }]);
  });

  it('without memory adds the question only when no user message is configured', async () => {
    llm.script({ text: 'a' }, { text: 'b' });
    await llmAgentflow.run(
      ctxWith({ llmEnableMemory: false, llmMessages: [{ role: 'system', content: 's' }] }),
    );
    await llmAgentflow.run(
      ctxWith({ llmEnableMemory: false, llmMessages: [{ role: 'user', content: 'u' }] }),
    );
    expect(sent(0)).toEqual(['system:s', 'user:hello']);
    expect(sent(1)).toEqual(['user:u']);
  });

  it('summarises the memory with the same model for the summary memory type', async () => {
    llm.script({ text: 'they talked about cats' }, { text: 'fine' });
    await llmAgentflow.run(
      ctxWith(
        { llmMemoryType: 'conversationSummary' },
        {
          runtimeHistory: [
            { role: 'user', content: 'cats?' },
            { role: 'assistant', content: 'cats!' },
          ],
        },
      ),
    );
    expect(sent(1)).toEqual(['assistant:they talked about cats']);
  });

  it('copies structured output keys into the output and the JSON into content', async () => {
    llm.script({ text: '{"next":"SOFTWARE","count":2,"tags":["a"]}' });
    const emitted: unknown[][] = [];
    const result = await llmAgentflow.run(
      ctxWith(
        {
          llmStructuredOutput: [
            { key: 'next', type: 'enum', enumValues: 'FINISH, SOFTWARE', description: 'next' },
            { key: 'count', type: 'number', description: 'n' },
            { key: 'tags', type: 'stringArray', description: 't' },
          ],
          llmUpdateState: [{ key: 'next', value: '{{ output.next }}' }],
        },
        { isLastNode: true, emitted },
      ),
    );
    expect(result.output).toMatchObject({ next: 'SOFTWARE', count: 2, tags: ['a'] });
    expect(JSON.parse(String(result.output.content))).toEqual({ next: 'SOFTWARE', count: 2, tags: ['a'] });
    expect(result.state).toEqual({ next: 'SOFTWARE' });
    expect(emitted).toEqual([['token', result.output.content]]);
    expect(JSON.stringify((llm.requests[0]!.body as Body).response_format)).toContain('FINISH');
  });

  it('streams token by token only as the last node', async () => {
    llm.script({ text: 'one two three' }, { text: 'four five' });
    const emitted: unknown[][] = [];
    await llmAgentflow.run(ctxWith({}, { isLastNode: true, emitted }));
    expect(emitted.map((e) => e[1])).toEqual(['one ', 'two ', 'three']);
    const quiet: unknown[][] = [];
    await llmAgentflow.run(ctxWith({}, { emitted: quiet }));
    expect(quiet).toEqual([]);
  });

  it('names a missing model clearly', async () => {
    await expect(llmAgentflow.run(ctxWith({ llmModel: 'nope' }))).rejects.toThrow(
      /not an available chat model/,
    );
  });
});
