import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestEngine, FlowValidationError, type NodeType } from '@flowloom/engine';
import { startTestLlmServer, type TestLlmServer } from '@flowloom/test-llm';
import { conversationalAgent } from '../../agents/conversationalAgent/conversationalAgent.js';
import { reactAgentChat } from '../../agents/reactAgentChat/reactAgentChat.js';
import { toolAgent } from '../../agents/toolAgent/toolAgent.js';
import { conversationChain } from '../../chains/conversationChain/conversationChain.js';
import { llmChain } from '../../chains/llmChain/llmChain.js';
import { chatOpenAI } from '../../chat-models/chatOpenAI/chatOpenAI.js';
import { bufferMemory } from '../../memory/bufferMemory/bufferMemory.js';
import { promptTemplate } from '../../prompts/promptTemplate/promptTemplate.js';
import { buildFlow } from '../../testing/flow-builder.js';
import { nodeContext } from '../../testing/node-context.js';
import { chainTool } from './chainTool.js';

let llm: TestLlmServer;
beforeAll(async () => (llm = await startTestLlmServer()));
afterAll(() => llm.close());
beforeEach(() => llm.reset());

const engine = () =>
  createTestEngine({
    nodes: [
      chatOpenAI,
      promptTemplate,
      llmChain,
      conversationChain,
      bufferMemory,
      chainTool,
      toolAgent,
      conversationalAgent,
      reactAgentChat,
    ],
    credentials: { openai: { credentialName: 'openAIApi', data: { openAIApiKey: 'sk' } } },
    services: { providerBaseUrls: { openai: llm.openAiBaseUrl } },
  });

/** An agent whose one tool is an LLM Chain ("Facts: {question}") wrapped by a Chain Tool. */
function agentWithChain(agent: NodeType, toolInputs: Record<string, unknown> = {}) {
  const id = `${agent.definition.name}_0`;
  return buildFlow(
    [
      { id: 'chatOpenAI_0', type: chatOpenAI, credential: 'openai' },
      { id: 'chatOpenAI_1', type: chatOpenAI, credential: 'openai' },
      { id: 'promptTemplate_0', type: promptTemplate, inputs: { template: 'Facts: {question}' } },
      { id: 'llmChain_0', type: llmChain, output: 'llmChain' },
      {
        id: 'chainTool_0',
        type: chainTool,
        inputs: { name: 'fact-finder', description: 'Finds facts about a topic', ...toolInputs },
      },
      { id: 'bufferMemory_0', type: bufferMemory },
      { id, type: agent },
    ],
    [
      ['chatOpenAI_1', 'llmChain_0', 'model'],
      ['promptTemplate_0', 'llmChain_0', 'prompt'],
      ['llmChain_0', 'chainTool_0', 'baseChain'],
      ['chatOpenAI_0', id, 'model'],
      ['bufferMemory_0', id, 'memory'],
      ['chainTool_0', id, 'tools'],
    ],
  );
}

type Sent = { messages: { role: string; content: unknown }[]; tools?: { function: { name: string } }[] };
const sent = (i: number) => llm.requests[i]!.body as Sent;

describe('Chain Tool', () => {
  it('lets a Tool Agent ask the chain with its own question, without streaming the chain', async () => {
    llm.script(
      { toolCalls: [{ name: 'fact-finder', arguments: { input: 'owls' } }] },
      { text: 'Owls are nocturnal birds.' },
      { text: 'Owls hunt at night.' },
    );
    const run = await engine().run(agentWithChain(toolAgent), {
      question: 'Tell me about owls',
      streaming: true,
    });
    expect(run.output.text).toBe('Owls hunt at night.');
    expect(run.output.usedTools).toEqual([
      { tool: 'fact-finder', toolInput: { input: 'owls' }, toolOutput: 'Owls are nocturnal birds.' },
    ]);
    expect(sent(0).tools?.map((t) => t.function.name)).toEqual(['fact-finder']);
    // The chain's prompt got the tool's input, not the user's question.
    expect(sent(1).messages.at(-1)).toEqual({ role: 'user', content: 'Facts: owls' });
    // Only the agent's answer reaches the client.
    const tokens = run.events.filter((e) => e.event === 'token').map((e) => e.data);
    expect(tokens.join('')).toBe('Owls hunt at night.');
  });

  it("answers with the chain's text when Return Direct is on", async () => {
    llm.script(
      { toolCalls: [{ name: 'fact-finder', arguments: { input: 'owls' } }] },
      { text: 'Owls see well.' },
    );
    const run = await engine().run(agentWithChain(conversationalAgent, { returnDirect: true }), {
      question: 'owls?',
    });
    expect(run.output.text).toBe('Owls see well.');
    expect(llm.requests).toHaveLength(2);
  });

  it('serves the ReAct agent, Return Direct included', async () => {
    llm.script(
      { text: 'Thought: I should ask the chain\nAction: fact-finder\nAction Input: owls' },
      { text: 'Owls have silent wings.' },
      { text: 'Thought: done\nFinal Answer: Their wings are silent.' },
    );
    const run = await engine().run(agentWithChain(reactAgentChat), { question: 'owls?' });
    expect(run.output.text).toBe('Their wings are silent.');
    expect(run.output.usedTools?.[0]).toMatchObject({
      tool: 'fact-finder',
      toolOutput: 'Owls have silent wings.',
    });

    llm.reset();
    llm.script(
      { text: 'Thought: ask\nAction: fact-finder\nAction Input: owls' },
      { text: 'Owls have silent wings.' },
    );
    const direct = await engine().run(agentWithChain(reactAgentChat, { returnDirect: true }), {
      question: 'owls?',
    });
    expect(direct.output.text).toBe('Owls have silent wings.');
    expect(llm.requests).toHaveLength(2);
  });

  it('tells the model when the chain fails, naming the chain', async () => {
    llm.script(
      { toolCalls: [{ name: 'fact-finder', arguments: { input: 'owls' } }] },
      { error: { status: 400, message: 'model refused' } },
      { text: 'Sorry, no facts.' },
    );
    const run = await engine().run(agentWithChain(toolAgent), { question: 'owls?' });
    expect(run.output.text).toBe('Sorry, no facts.');
    expect(String(run.output.usedTools?.[0]?.toolOutput)).toMatch(/^LLM Chain: .*model refused/);
  });

  it('refuses to run without a chain connected, or with something else than a chain', async () => {
    const flow = agentWithChain(toolAgent);
    const chainParts = new Set(['chatOpenAI_1', 'promptTemplate_0', 'llmChain_0']);
    flow.nodes = flow.nodes.filter((n) => !chainParts.has(n.id));
    flow.edges = flow.edges.filter((e) => !chainParts.has(e.source));
    flow.nodes.find((n) => n.id === 'chainTool_0')!.data.inputs.baseChain = '';
    await expect(engine().run(flow, { question: 'x' })).rejects.toThrow(FlowValidationError);
    await expect(engine().run(flow, { question: 'x' })).rejects.toThrow(
      'Chain Tool (chainTool_0): Base Chain is not connected',
    );
    const ctx = nodeContext(chainTool, {
      inputs: { name: 'facts', description: 'Facts', baseChain: 'an answer, not a chain' },
    });
    expect(() => chainTool.init!(ctx)).toThrow(/^Base Chain must be a connected chain/);
    const unnamed = nodeContext(chainTool, { inputs: { name: '', description: 'Facts' } });
    expect(() => chainTool.init!(unnamed)).toThrow('Chain Name is required');
  });
});
