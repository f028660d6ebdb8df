import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestEngine } from '@flowloom/engine';
import type { ChatTurn } from '@flowloom/shared';
import { startTestLlmServer, type TestLlmServer } from '@flowloom/test-llm';
import { conversationChain } from '../../chains/conversationChain/conversationChain.js';
import { chatOpenAI } from '../../chat-models/chatOpenAI/chatOpenAI.js';
import { buildFlow } from '../../testing/flow-builder.js';
import { bufferWindowMemory } from './bufferWindowMemory.js';

let llm: TestLlmServer;
beforeAll(async () => (llm = await startTestLlmServer()));
afterAll(() => llm.close());
beforeEach(() => llm.reset());

const history: ChatTurn[] = [1, 2, 3, 4, 5].flatMap((n) => [
  { role: 'userMessage' as const, content: `question ${n}` },
  { role: 'apiMessage' as const, content: `answer ${n}` },
]);

function run(memoryInputs: Record<string, unknown>, stored: Record<string, ChatTurn[]> = {}) {
  const flow = buildFlow(
    [
      { id: 'chatOpenAI_0', type: chatOpenAI, credential: 'openai' },
      { id: 'bufferWindowMemory_0', type: bufferWindowMemory, inputs: memoryInputs },
      { id: 'conversationChain_0', type: conversationChain },
    ],
    [
      ['chatOpenAI_0', 'conversationChain_0', 'model'],
      ['bufferWindowMemory_0', 'conversationChain_0', 'memory'],
    ],
  );
  return createTestEngine({
    nodes: [chatOpenAI, bufferWindowMemory, conversationChain],
    credentials: { openai: { credentialName: 'openAIApi', data: { openAIApiKey: 'sk' } } },
    services: { providerBaseUrls: { openai: llm.openAiBaseUrl } },
    history: stored,
  }).run(flow, { question: 'question 6', history });
}

const sentContents = () =>
  (llm.requests[0]!.body as { messages: { role: string; content: string }[] }).messages
    .filter((m) => m.role !== 'system')
    .map((m) => m.content);

describe('Buffer Window Memory', () => {
  it('hands the chain only the last k exchanges of the session', async () => {
    await run({ k: 2 });
    expect(sentContents()).toEqual(['question 4', 'answer 4', 'question 5', 'answer 5', 'question 6']);
  });

  it('keeps four exchanges by default', async () => {
    await run({});
    expect(sentContents()).toHaveLength(9);
  });

  it('reads another session when its Session Id is set', async () => {
    await run({ k: 1, sessionId: 'other' }, { other: history.slice(0, 2) });
    expect(sentContents()).toEqual(['question 1', 'answer 1', 'question 6']);
  });

  it('refuses a window smaller than one exchange', async () => {
    await expect(run({ k: 0 })).rejects.toThrow(/Size \(k\) must be a whole number of at least 1/);
  });
});
