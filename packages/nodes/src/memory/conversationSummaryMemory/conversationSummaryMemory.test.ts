import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestEngine, type NodeType } from '@flowloom/engine';
import type { ChatTurn } from '@flowloom/shared';
import { startTestLlmServer, type TestLlmServer } from '@flowloom/test-llm';
import { conversationChain } from '../../chains/conversationChain/conversationChain.js';
import { chatOpenAI } from '../../chat-models/chatOpenAI/chatOpenAI.js';
import { buildFlow } from '../../testing/flow-builder.js';
import { conversationSummaryBufferMemory, conversationSummaryMemory } from './conversationSummaryMemory.js';

let llm: TestLlmServer;
beforeAll(async () => (llm = await startTestLlmServer()));
afterAll(() => llm.close());
beforeEach(() => llm.reset());

type Sent = { messages: { role: string; content: string }[] };
const history: ChatTurn[] = [1, 2, 3].flatMap((n) => [
  { role: 'userMessage' as const, content: `question ${n}` },
  { role: 'apiMessage' as const, content: `answer ${n}` },
]);

function run(memory: NodeType, inputs: Record<string, unknown>) {
  const flow = buildFlow(
    [
      { id: 'chatOpenAI_0', type: chatOpenAI, credential: 'openai' },
      { id: 'mem_0', type: memory, inputs },
      { id: 'conversationChain_0', type: conversationChain },
    ],
    [
      ['chatOpenAI_0', 'mem_0', 'model'],
      ['chatOpenAI_0', 'conversationChain_0', 'model'],
      ['mem_0', 'conversationChain_0', 'memory'],
    ],
  );
  return createTestEngine({
    nodes: [chatOpenAI, memory, conversationChain],
    credentials: { openai: { credentialName: 'openAIApi', data: { openAIApiKey: 'sk' } } },
    services: { providerBaseUrls: { openai: llm.openAiBaseUrl } },
  }).run(flow, { question: 'question 4', history });
}

describe('summary memories', () => {
  it('Conversation Summary Memory gives the model a summary instead of the past messages', async () => {
    llm.script({ text: 'Ada asked three questions.' }, { text: 'Answer 4' });
    const result = await run(conversationSummaryMemory, {});
    expect(result.output.text).toBe('Answer 4');
    const summarised = (llm.requests[0]!.body as Sent).messages.at(-1)!.content;
    expect(summarised).toBe(
      history.map((t) => `${t.role === 'userMessage' ? 'Human' : 'AI'}: ${t.content}`).join('\n'),
    );
    const answered = (llm.requests[1]!.body as Sent).messages.slice(1).map((m) => m.content);
    expect(answered).toEqual([
      'Summary of the conversation so far: Ada asked three questions.',
      'question 4',
    ]);
  });

  it('Conversation Summary Buffer Memory keeps recent turns within the token limit and summarises the rest', async () => {
    llm.script({ text: 'Earlier: two questions.' }, { text: 'Answer 4' });
    await run(conversationSummaryBufferMemory, { maxTokenLimit: 6 });
    const summarised = (llm.requests[0]!.body as Sent).messages.at(-1)!.content;
    expect(summarised).toBe('Human: question 1\nAI: answer 1\nHuman: question 2\nAI: answer 2');
    const answered = (llm.requests[1]!.body as Sent).messages.slice(1).map((m) => m.content);
    expect(answered).toEqual([
      'Summary of the conversation so far: Earlier: two questions.',
      'question 3',
      'answer 3',
      'question 4',
    ]);
  });

  it('needs no summary when everything fits', async () => {
    await run(conversationSummaryBufferMemory, { maxTokenLimit: 2000 });
    expect(llm.requests).toHaveLength(1);
  });
});
