import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestLlmServer, type TestLlmServer } from '@flowloom/test-llm';
import { nodeContext, openAiModel, testServices } from '../common/test-harness.js';
import { conditionAgentAgentflow } from './conditionAgentAgentflow.js';
import { matchScenario, parseJsonReply } from './scenario.js';

let llm: TestLlmServer;
beforeAll(async () => (llm = await startTestLlmServer()));
afterAll(() => llm.close());
beforeEach(() => llm.reset());

describe('matchScenario', () => {
  const scenarios = ['billing issue', 'technical support', 'other'];
  it.each([
    ['technical support', 1],
    ['TECHNICAL SUPPORT ', 1],
    ['tech', 1],
    ['a billing issue', 0],
    ['weather', 2],
    ['', 2],
  ])('%j → %d', (reply, index) => expect(matchScenario(reply, scenarios)).toBe(index));
});

describe('parseJsonReply', () => {
  it('reads plain, fenced and embedded JSON, and refuses prose', () => {
    expect(parseJsonReply('{"output":"a"}')).toEqual({ output: 'a' });
    expect(parseJsonReply('```json\n{"output":"a"}\n```')).toEqual({ output: 'a' });
    expect(parseJsonReply('Sure: {"output":"a"} done')).toEqual({ output: 'a' });
    expect(() => parseJsonReply('no json')).toThrow(/Failed to parse a valid scenario/);
  });
});

describe('conditionAgentAgentflow', () => {
  it('asks for a JSON scenario and fulfils the chosen output, one per scenario', async () => {
    llm.script({ text: '{"output": "General"}' });
    const ctx = nodeContext(
      conditionAgentAgentflow,
      {
        ...openAiModel('conditionAgentModel'),
        conditionAgentInput: 'hi there',
        conditionAgentScenarios: [{ scenario: 'AI Related' }, { scenario: 'General' }],
      },
      { services: testServices({ providerBaseUrls: { openai: llm.openAiBaseUrl } }) },
    );
    const result = await conditionAgentAgentflow.run(ctx);
    expect(result.output.conditions).toEqual([
      { output: 'AI Related', isFulfilled: false },
      { output: 'General', isFulfilled: true },
    ]);
    const body = llm.requests[0]!.body as { messages: { role: string; content: string }[] };
    expect(JSON.parse(body.messages.at(-1)!.content)).toMatchObject({
      input: 'hi there',
      scenarios: ['AI Related', 'General'],
    });
    expect(result.chatHistory).toEqual([{ role: 'user', content: 'hello' }]);
  });

  it('fails when the JSON has no string output', async () => {
    llm.script({ text: '{"answer": 1}' });
    const ctx = nodeContext(
      conditionAgentAgentflow,
      { ...openAiModel('conditionAgentModel'), conditionAgentScenarios: [{ scenario: 'a' }] },
      { services: testServices({ providerBaseUrls: { openai: llm.openAiBaseUrl } }) },
    );
    await expect(conditionAgentAgentflow.run(ctx)).rejects.toThrow(/Failed to parse a valid scenario/);
  });
});
