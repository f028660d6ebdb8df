import { describe, expect, it } from 'vitest';
import {
  applyAgentEvent,
  asksFeedback,
  resumeRequest,
  withStep,
  type AgentChatMessage,
  type HumanInputAction,
} from './agentMessages';

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

const humanInput = (enabled?: boolean): HumanInputAction => ({
  id: 'a1',
  mapping: { approve: 'Proceed', reject: 'Reject' },
  elements: [
    { type: 'agentflowv2-approve-button', label: 'Proceed' },
    { type: 'agentflowv2-reject-button', label: 'Reject' },
  ],
  data: {
    nodeId: 'humanInputAgentflow_0',
    nodeLabel: 'Human Input 0',
    input: enabled === undefined ? {} : { humanInputEnableFeedback: enabled },
  },
});

describe('answering a paused run', () => {
  it('asks for feedback on Reject, and on Proceed only when the node wants feedback', () => {
    expect(asksFeedback(humanInput(true), 'reject')).toBe(true);
    expect(asksFeedback(humanInput(true), 'proceed')).toBe(true);
    expect(asksFeedback(humanInput(false), 'reject')).toBe(false);
    expect(asksFeedback(humanInput(false), 'proceed')).toBe(false);
    // An Agent's tool approval says nothing about feedback: a rejection may still say why.
    expect(asksFeedback(humanInput(), 'reject')).toBe(true);
    expect(asksFeedback(humanInput(), 'proceed')).toBe(false);
  });

  it('sends the feedback as the question and in humanInput, or the button label without it', () => {
    expect(resumeRequest(humanInput(true), 'reject', '  Too formal ')).toEqual({
      question: 'Too formal',
      humanInput: { type: 'reject', startNodeId: 'humanInputAgentflow_0', feedback: 'Too formal' },
    });
    expect(resumeRequest(humanInput(true), 'proceed', '   ')).toEqual({
      question: 'Proceed',
      humanInput: { type: 'proceed', startNodeId: 'humanInputAgentflow_0' },
    });
    expect(resumeRequest({ elements: [] }, 'proceed')).toBeNull();
  });
});
