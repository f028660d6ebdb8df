import { describe, expect, it } from 'vitest';
import { nodeContext } from '../common/test-harness.js';
import { loopAgentflow, parseLoopTarget } from './loopAgentflow.js';

describe('loopAgentflow', () => {
  it('reads the node id before the first dash of "<nodeId>-<label>"', () => {
    expect(parseLoopTarget('llmAgentflow_0-Email - Draft')).toEqual({
      nodeId: 'llmAgentflow_0',
      label: 'Email - Draft',
    });
    expect(parseLoopTarget('agentAgentflow_1')).toEqual({
      nodeId: 'agentAgentflow_1',
      label: 'agentAgentflow_1',
    });
  });

  it('returns the target, count, fallback and updated state', async () => {
    const ctx = nodeContext(
      loopAgentflow,
      {
        loopBackToNode: 'llmAgentflow_0-Writer',
        maxLoopCount: '3',
        fallbackMessage: 'enough',
        loopUpdateState: [{ key: 'n', value: 'x{{ output }}' }],
      },
      { state: { n: '' } },
    );
    const result = await loopAgentflow.run(ctx);
    expect(result.output).toMatchObject({
      content: 'Loop back to Writer (llmAgentflow_0)',
      loopTarget: 'llmAgentflow_0',
      maxLoopCount: 3,
      fallbackMessage: 'enough',
    });
    expect(result.state).toEqual({ n: 'xLoop back to Writer (llmAgentflow_0)' });
  });

  it('defaults to five passes and needs a target', async () => {
    const result = await loopAgentflow.run(
      nodeContext(loopAgentflow, { loopBackToNode: 'a_0-A', maxLoopCount: '' }),
    );
    expect(result.output.maxLoopCount).toBe(5);
    await expect(loopAgentflow.run(nodeContext(loopAgentflow, { loopBackToNode: '' }))).rejects.toThrow(
      /loop back/,
    );
  });
});
