import { describe, expect, it } from 'vitest';
import { nodeContext } from '../common/test-harness.js';
import { directReplyAgentflow } from './directReplyAgentflow.js';

describe('directReplyAgentflow', () => {
  it('answers its message and streams it as one token when it is the last node', async () => {
    const emitted: unknown[][] = [];
    const ctx = nodeContext(
      directReplyAgentflow,
      { directReplyMessage: 'Hi there' },
      { isLastNode: true, emitted },
    );
    const result = await directReplyAgentflow.run(ctx);
    expect(result.output.content).toBe('Hi there');
    expect(emitted).toEqual([['token', 'Hi there']]);
  });

  it('does not stream when other nodes follow, and keeps the state', async () => {
    const emitted: unknown[][] = [];
    const ctx = nodeContext(directReplyAgentflow, { directReplyMessage: 'x' }, { emitted, state: { a: 1 } });
    const result = await directReplyAgentflow.run(ctx);
    expect(emitted).toEqual([]);
    expect(result.state).toEqual({ a: 1 });
    expect(directReplyAgentflow.definition.hideOutput).toBe(true);
  });
});
