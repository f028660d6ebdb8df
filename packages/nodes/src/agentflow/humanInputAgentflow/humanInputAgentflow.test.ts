import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestLlmServer, type TestLlmServer } from '@flowloom/test-llm';
import { nodeContext, openAiModel, testServices } from '../common/test-harness.js';
import { humanInputAgentflow } from './humanInputAgentflow.js';

let llm: TestLlmServer;
beforeAll(async () => (llm = await startTestLlmServer()));
afterAll(() => llm.close());
beforeEach(() => llm.reset());

const history = [{ role: 'assistant' as const, content: 'Draft' }];

describe('humanInputAgentflow', () => {
  it('asks with the last message and the fixed description, and waits', async () => {
    const emitted: unknown[][] = [];
    const result = await humanInputAgentflow.run(
      nodeContext(
        humanInputAgentflow,
        { humanInputDescriptionType: 'fixed', humanInputDescription: 'OK?' },
        { runtimeHistory: history, isLastNode: true, emitted },
      ),
    );
    expect(result.output).toEqual({ content: 'Draft\n\nOK?', isWaitingForHumanInput: true });
    expect(result.input.humanInputEnableFeedback).toBe(true);
    expect(emitted).toEqual([['token', 'Draft\n\nOK?']]);
  });

  it('asks a model for the description in dynamic mode', async () => {
    llm.script({ text: 'Summary. Proceed?' });
    const result = await humanInputAgentflow.run(
      nodeContext(
        humanInputAgentflow,
        { humanInputDescriptionType: 'dynamic', ...openAiModel('humanInputModel') },
        {
          runtimeHistory: history,
          services: testServices({ providerBaseUrls: { openai: llm.openAiBaseUrl } }),
        },
      ),
    );
    expect(result.output.content).toBe('Summary. Proceed?');
    const body = llm.requests[0]!.body as { messages: { role: string; content: string }[] };
    expect(body.messages[0]).toEqual({ role: 'assistant', content: 'Draft' });
  });

  it('routes a proceed to output 0 and a reject with feedback to output 1', async () => {
    const proceed = await humanInputAgentflow.run(
      nodeContext(humanInputAgentflow, {}, { humanInput: { type: 'proceed' } }),
    );
    expect(proceed.output.conditions!.map((c) => c.isFulfilled)).toEqual([true, false]);
    expect(proceed.output.content).toBe('proceed');
    const reject = await humanInputAgentflow.run(
      nodeContext(humanInputAgentflow, {}, { humanInput: { type: 'reject', feedback: 'shorter' } }),
    );
    expect(reject.output.conditions!.map((c) => c.isFulfilled)).toEqual([false, true]);
    expect(reject.chatHistory).toEqual([{ role: 'user', content: 'shorter' }]);
  });

  it('ignores feedback when feedback is off', async () => {
    const result = await humanInputAgentflow.run(
      nodeContext(
        humanInputAgentflow,
        { humanInputEnableFeedback: false },
        { humanInput: { type: 'reject', feedback: 'x' } },
      ),
    );
    expect(result.output.content).toBe('reject');
    expect(result.chatHistory).toEqual([]);
  });
});
