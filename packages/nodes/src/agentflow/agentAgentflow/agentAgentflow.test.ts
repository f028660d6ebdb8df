import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ExecutedEntry } from '@flowloom/engine';
import { startTestLlmServer, type TestLlmServer } from '@flowloom/test-llm';
import { nodeContext, openAiModel, testServices } from '../common/test-harness.js';
import { agentAgentflow } from './agentAgentflow.js';

let llm: TestLlmServer;
beforeAll(async () => (llm = await startTestLlmServer()));
afterAll(() => llm.close());
beforeEach(() => llm.reset());

const calculator = (approve = false) => ({
  agentSelectedTool: 'calculator',
  agentSelectedToolConfig: { agentSelectedTool: 'calculator' },
  agentSelectedToolRequiresHumanInput: approve,
});
const ctxWith = (inputs: Record<string, unknown>, extra: Parameters<typeof nodeContext>[2] = {}) =>
  nodeContext(
    agentAgentflow,
    { ...openAiModel('agentModel'), ...inputs },
    { services: testServices({ providerBaseUrls: { openai: llm.openAiBaseUrl } }), ...extra },
  );
const call = (input: string) => ({ toolCalls: [{ name: 'calculator', arguments: { input }, id: 'call-1' }] });

describe('agentAgentflow', () => {
  it('runs the tool loop, records used tools and emits called tools', async () => {
    llm.script(call('2+2'));
    const emitted: unknown[][] = [];
    const result = await agentAgentflow.run(
      ctxWith(
        { agentTools: [calculator()], agentUpdateState: [{ key: 'a', value: '{{ output }}' }] },
        { emitted },
      ),
    );
    expect(result.output.content).toBe('The tool said 4');
    expect(result.output.usedTools).toEqual([
      { tool: 'calculator', toolInput: { input: '2+2' }, toolOutput: '4' },
    ]);
    expect(result.output.availableTools).toMatchObject([
      { name: 'calculator', toolNode: { name: 'calculator' } },
    ]);
    expect(emitted).toContainEqual([
      'calledTools',
      [{ tool: 'calculator', toolInput: { input: '2+2' }, toolOutput: '' }],
    ]);
    expect(result.state).toEqual({ a: 'The tool said 4' });
    expect(result.chatHistory!.at(-1)).toMatchObject({ role: 'user', content: 'The tool said 4' });
  });

  it('fails the node when a tool throws', async () => {
    llm.script(call('1/'));
    await expect(agentAgentflow.run(ctxWith({ agentTools: [calculator()] }))).rejects.toThrow(
      /Error in tool "calculator"/,
    );
  });

  it('pauses before a tool that needs approval, saving the conversation to continue from', async () => {
    llm.script({ text: 'Let me compute.', ...call('6*7') });
    const result = await agentAgentflow.run(ctxWith({ agentTools: [calculator(true)] }));
    expect(result.output.isWaitingForHumanInput).toBe(true);
    expect(result.output.content).toContain('Let me compute.\n\nAttempting to use tool:');
    expect(result.input.pendingToolCalls).toEqual([
      { toolCallId: 'call-1', toolName: 'calculator', input: { input: '6*7' } },
    ]);
    expect(result.output.usedTools).toBeUndefined();
  });

  it('resumes from the saved checkpoint: proceed runs exactly the pending call', async () => {
    llm.script({ text: 'Let me compute.', ...call('6*7') });
    const paused = await agentAgentflow.run(ctxWith({ agentTools: [calculator(true)] }));
    const stopped: ExecutedEntry = {
      nodeId: 'agentAgentflow_0',
      nodeLabel: 'Agent',
      previousNodeIds: [],
      status: 'STOPPED',
      data: { ...paused, id: 'agentAgentflow_0', name: 'agentAgentflow' },
    };
    llm.script({ text: 'It is 42' });
    const result = await agentAgentflow.run(
      ctxWith(
        { agentTools: [calculator(true)] },
        { humanInput: { type: 'proceed' }, executionData: [stopped] },
      ),
    );
    expect(result.output.content).toBe('It is 42');
    expect(result.output.usedTools).toEqual([
      { tool: 'calculator', toolInput: { input: '6*7' }, toolOutput: '42' },
    ]);
    expect(llm.requests).toHaveLength(2);
    const last = llm.requests[1]!.body as { messages: { role: string }[] };
    expect(last.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool']);
  });

  it('resumes from the saved checkpoint: reject drops the call and the tool', async () => {
    llm.script(call('6*7'));
    const paused = await agentAgentflow.run(ctxWith({ agentTools: [calculator(true)] }));
    const stopped: ExecutedEntry = {
      nodeId: 'agentAgentflow_0',
      nodeLabel: 'Agent',
      previousNodeIds: [],
      status: 'STOPPED',
      data: { ...paused, id: 'agentAgentflow_0', name: 'agentAgentflow' },
    };
    llm.script({ text: 'Fine, no tools' });
    const result = await agentAgentflow.run(
      ctxWith(
        { agentTools: [calculator(true)] },
        { humanInput: { type: 'reject' }, executionData: [stopped] },
      ),
    );
    expect(result.output.content).toBe('Fine, no tools');
    const last = llm.requests[1]!.body as { messages: { role: string }[]; tools?: unknown[] };
    expect(last.messages.map((m) => m.role)).toEqual(['user']);
    expect(last.tools ?? []).toEqual([]);
  });

  it('turns the answer into structured output with one more call', async () => {
    llm.script({ text: 'The subject is Hi' }, { text: '{"subject":"Hi"}' });
    const result = await agentAgentflow.run(
      ctxWith({ agentStructuredOutput: [{ key: 'subject', type: 'string', description: 's' }] }),
    );
    expect(result.output.subject).toBe('Hi');
    expect(result.output.content).toBe('```json\n{\n  "subject": "Hi"\n}\n```');
  });
});
