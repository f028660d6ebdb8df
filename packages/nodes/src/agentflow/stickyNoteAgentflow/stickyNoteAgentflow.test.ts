import { describe, expect, it } from 'vitest';
import { flowEdge, flowNode, runTestFlow, testServices } from '../common/test-harness.js';
import { directReplyAgentflow } from '../directReplyAgentflow/directReplyAgentflow.js';
import { startAgentflow } from '../startAgentflow/startAgentflow.js';
import { stickyNoteAgentflow } from './stickyNoteAgentflow.js';

describe('stickyNoteAgentflow', () => {
  it('never runs: a note beside a flow is neither a start node nor an entry', async () => {
    const note = {
      ...flowNode('stickyNoteAgentflow_0', stickyNoteAgentflow, { note: 'hi' }),
      type: 'stickyNote',
    };
    const run = await runTestFlow(
      {
        nodes: [
          flowNode('startAgentflow_0', startAgentflow),
          flowNode('directReplyAgentflow_0', directReplyAgentflow, { directReplyMessage: 'ok' }),
          note,
        ],
        edges: [flowEdge('startAgentflow_0', 'directReplyAgentflow_0')],
      },
      { question: 'q' },
      testServices(),
    );
    expect(run.executionData.map((e) => e.nodeId)).toEqual(['startAgentflow_0', 'directReplyAgentflow_0']);
    expect(stickyNoteAgentflow.definition.inputs[0]!.name).toBe('note');
  });
});
