import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestEngine, type NodeType } from '@flowloom/engine';
import { startTestLlmServer, type TestLlmServer } from '@flowloom/test-llm';
import { chatOpenAI } from '../chat-models/chatOpenAI/chatOpenAI.js';
import { bufferMemory } from '../memory/bufferMemory/bufferMemory.js';
import { createQuickJsSandbox } from '../sandbox/quickjs.js';
import { buildFlow } from '../testing/flow-builder.js';
import { calculator } from '../tools/calculator/calculator.js';
import { conversationalAgent } from './conversationalAgent/conversationalAgent.js';
import { codeOf, csvAgent, parseCsv } from './csvAgent/csvAgent.js';
import { parseReAct, reactAgentChat } from './reactAgentChat/reactAgentChat.js';

let llm: TestLlmServer;
beforeAll(async () => (llm = await startTestLlmServer()));
afterAll(() => llm.close());
beforeEach(() => llm.reset());

type Sent = { messages: { role: string; content: string }[]; tools?: unknown[]; stop?: string[] };
const sent = (i: number) => llm.requests[i]!.body as Sent;

function engine(nodes: NodeType[]) {
  return createTestEngine({
    nodes: [chatOpenAI, bufferMemory, calculator, ...nodes],
    credentials: { openai: { credentialName: 'openAIApi', data: { openAIApiKey: 'sk' } } },
    services: { providerBaseUrls: { openai: llm.openAiBaseUrl }, sandbox: createQuickJsSandbox() },
  });
}

/** Model, memory and calculator wired into an agent. */
function agentFlow(agent: NodeType) {
  const id = `${agent.definition.name}_0`;
  return buildFlow(
    [
      { id: 'chatOpenAI_0', type: chatOpenAI, credential: 'openai' },
      { id: 'bufferMemory_0', type: bufferMemory },
      { id: 'calculator_0', type: calculator },
      { id, type: agent },
    ],
    [
      ['chatOpenAI_0', id, 'model'],
      ['bufferMemory_0', id, 'memory'],
      ['calculator_0', id, 'tools'],
    ],
  );
}

describe('Conversational Agent', () => {
  it('calls tools through the model’s function calling and answers', async () => {
    llm.script({ toolCalls: [{ name: 'calculator', arguments: { input: '6*7' } }] }, { text: 'It is 42.' });
    const run = await engine([conversationalAgent]).run(agentFlow(conversationalAgent), {
      question: '6 times 7?',
    });
    expect(run.output.text).toBe('It is 42.');
    expect(run.output.usedTools).toEqual([
      { tool: 'calculator', toolInput: { input: '6*7' }, toolOutput: '42' },
    ]);
    expect(sent(0).tools).toHaveLength(1);
  });
});

describe('ReAct Agent for Chat Models', () => {
  it('parses actions and final answers', () => {
    expect(parseReAct('Thought: add\nAction: calculator\nAction Input: {"input": "1+1"}')).toEqual({
      action: 'calculator',
      input: '{"input": "1+1"}',
    });
    expect(parseReAct('Thought: done\nFinal Answer: Two.')).toEqual({ answer: 'Two.' });
    expect(parseReAct('Just text')).toEqual({ answer: 'Just text' });
  });

  it('acts through text: the tool’s observation goes back, then the final answer', async () => {
    llm.script(
      { text: 'Thought: I should compute.\nAction: calculator\nAction Input: {"input":"6*7"}' },
      { text: 'Thought: I know it.\nFinal Answer: 42' },
    );
    const run = await engine([reactAgentChat]).run(agentFlow(reactAgentChat), { question: '6 times 7?' });
    expect(run.output.text).toBe('42');
    expect(sent(0).tools).toBeUndefined();
    expect(sent(0).stop).toContain('\nObservation:');
    expect(sent(1).messages.at(-1)!.content).toContain('Observation: 42');
    expect(run.output.usedTools).toEqual([
      { tool: 'calculator', toolInput: { input: '6*7' }, toolOutput: '42' },
    ]);
  });

  it('tells the model when it names a tool that does not exist', async () => {
    llm.script({ text: 'Action: search\nAction Input: cats' }, { text: 'Final Answer: I cannot search.' });
    const run = await engine([reactAgentChat]).run(agentFlow(reactAgentChat), { question: 'cats?' });
    expect(run.output.text).toBe('I cannot search.');
    expect(sent(1).messages.at(-1)!.content).toContain(
      'Observation: search is not a tool; use one of calculator',
    );
  });
});

describe('CSV Agent', () => {
  const csv = 'name,age\nAda,36\nAlan,41\nGrace,29\n';
  const file = `data:text/csv;base64,${Buffer.from(csv).toString('base64')},filename:people.csv`;
  const flow = () =>
    buildFlow(
      [
        { id: 'chatOpenAI_0', type: chatOpenAI, credential: 'openai' },
        { id: 'csvAgent_0', type: csvAgent, inputs: { csvFile: file } },
      ],
      [['chatOpenAI_0', 'csvAgent_0', 'model']],
    );

  it('reads the table and finds the code of an answer', () => {
    expect(parseCsv(csv, 'people.csv')).toEqual({
      rows: [
        { name: 'Ada', age: '36' },
        { name: 'Alan', age: '41' },
        { name: 'Grace', age: '29' },
      ],
      columns: ['name', 'age'],
    });
    expect(codeOf('Here:\n```javascript\nreturn 1;\n```')).toBe('return 1;');
    expect(() => parseCsv('', 'empty.csv')).toThrow(/has no header row/);
  });

  it('runs the model’s JavaScript over the rows in the sandbox and answers from the result', async () => {
    llm.script(
      { text: '```javascript\nreturn $rows.filter((r) => Number(r.age) > 30).map((r) => r.name);\n```' },
      { text: 'Ada and Alan are over 30.' },
    );
    const run = await engine([csvAgent]).run(flow(), { question: 'Who is over 30?' });
    expect(run.output.text).toBe('Ada and Alan are over 30.');
    expect(sent(0).messages.at(-1)!.content).toContain('Columns: ["name","age"]');
    expect(sent(1).messages.at(-1)!.content).toContain('Computed result: ["Ada","Alan"]');
  });

  it('gives failing code back to the model, and stops after three attempts', async () => {
    llm.script(
      { text: '```js\nreturn $rows.nope.length;\n```' },
      { text: '```js\nreturn $rows.length;\n```' },
      { text: 'Three people.' },
    );
    const run = await engine([csvAgent]).run(flow(), { question: 'How many?' });
    expect(run.output.text).toBe('Three people.');
    expect(sent(1).messages.at(-1)!.content).toMatch(/^That code failed: .*Fix it\.$/);
    llm.script(...Array.from({ length: 3 }, () => ({ text: '```js\nthrow new Error("broken")\n```' })));
    await expect(engine([csvAgent]).run(flow(), { question: 'How many?' })).rejects.toThrow(
      /failed 3 times; last error: .*broken/,
    );
  });
});
