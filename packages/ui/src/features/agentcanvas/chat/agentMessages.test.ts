import { describe, expect, it } from 'vitest';
import { applyAgentEvent, withStep, type AgentChatMessage } from './agentMessages';

const answer: AgentChatMessage = {
  key: 'a',
  role: 'apiMessage',
  content: '',
  status: 'streaming',
  steps: [],
};

describe('agentflow stream events', () => {
  it('tracks node steps: in progress, then finished; a node run again is a new step', () => {
    let steps = withStep([], { nodeId: 'llm_0', nodeLabel: 'LLM 0', status: 'INPROGRESS' });
    steps = withStep(steps, { nodeId: 'llm_0', nodeLabel: 'LLM 0', status: 'FINISHED' });
    expect(steps).toEqual([{ nodeId: 'llm_0', nodeLabel: 'LLM 0', status: 'FINISHED' }]);
    steps = withStep(steps, { nodeId: 'llm_0', nodeLabel: 'LLM 0', status: 'INPROGRESS' });
    expect(steps).toHaveLength(2);
  });

  it('keeps tokens, the flow state, the human-input action and the execution id', () => {
    const events = [
      { event: 'agentFlowEvent', data: 'INPROGRESS' },
      { event: 'nextAgentFlow', data: { nodeId: 'h_0', nodeLabel: 'Human Input 0', status: 'STOPPED' } },
      { event: 'token', data: 'Ship it?' },
      { event: 'action', data: { id: 'x', elements: [], data: { nodeId: 'h_0' } } },
      { event: 'metadata', data: { chatMessageId: 'm1', executionId: 'e1' } },
      { event: 'agentFlowEvent', data: 'STOPPED' },
    ];
    const message = events.reduce(applyAgentEvent, answer);
    expect(message).toMatchObject({
      content: 'Ship it?',
      flowStatus: 'STOPPED',
      messageId: 'm1',
      executionId: 'e1',
      action: { data: { nodeId: 'h_0' } },
      steps: [{ nodeId: 'h_0', status: 'STOPPED' }],
    });
  });
});
