import { describe, expect, it } from 'vitest';
import type { FlowData } from '@flowloom/shared';
import { chain, edge, model, node } from './chatflow.fixtures.js';
import { NodeExecutionError } from './errors.js';
import { clearChatflowMemory } from './memory-clearing.js';
import type { NodeType } from './node-type.js';
import { createTestEngine } from './testing.js';

/** A memory that records which sessions it was asked to clear, or fails for the session `broken`. */
function keptMemory(cleared: string[]): NodeType {
  return {
    icon: '<svg/>',
    definition: {
      label: 'Kept Memory',
      name: 'keptMemory',
      version: 1,
      type: 'KeptMemory',
      category: 'Memory',
      baseClasses: ['BaseMemory'],
      description: 'test',
      inputs: [
        { label: 'Session Id', name: 'sessionId', type: 'string', optional: true },
        { label: 'Prefix', name: 'prefix', type: 'string', optional: true },
      ],
    },
    init: () => ({}),
    clearMemory: (ctx) => {
      if (ctx.inputs.sessionId === 'broken') return Promise.reject(new Error('the store is gone'));
      const prefix = typeof ctx.inputs.prefix === 'string' ? ctx.inputs.prefix : '';
      cleared.push(`${prefix}${String(ctx.inputs.sessionId)}@${ctx.run.sessionId}`);
      return Promise.resolve();
    },
  };
}

const flow: FlowData = {
  nodes: [
    node('fakeChain_0', 'fakeChain', 'Chains', { model: '{{fakeModel_0.data.instance}}' }),
    node('fakeModel_0', 'fakeModel', 'Chat Models', { reply: 'hi' }),
    node('mem_0', 'keptMemory', 'Memory', { sessionId: 'fixed', prefix: '{{$vars.team}}-' }),
    // Not connected to anything: not part of what the flow runs, so not cleared.
    node('mem_1', 'keptMemory', 'Memory', {}),
  ],
  edges: [edge('fakeModel_0', 'fakeChain_0', 'model'), edge('mem_0', 'fakeChain_0', 'memory')],
};

function setup() {
  const cleared: string[] = [];
  const engine = createTestEngine({ nodes: [model, chain, keptMemory(cleared)] });
  const clear = (sessionId: string, memoryType?: string) =>
    clearChatflowMemory(engine.registry, engine.services, {
      flowId: 'test-flow',
      flow,
      chatId: 'chat-1',
      sessionId,
      vars: { team: 'blue' },
      signal: new AbortController().signal,
      ...(memoryType !== undefined && { memoryType }),
    });
  return { cleared, clear };
}

describe('clearing the memories of a chat', () => {
  it('asks each connected memory node that keeps turns itself to clear the session, its Session Id overridden', async () => {
    const { cleared, clear } = setup();
    expect(await clear('session-9')).toEqual(['mem_0']);
    expect(cleared).toEqual(['blue-session-9@session-9']);
  });

  it('clears only the memory the message viewer names', async () => {
    const { cleared, clear } = setup();
    expect(await clear('session-9', 'Other Memory')).toEqual([]);
    expect(await clear('session-9', 'mem_0')).toEqual(['mem_0']);
    expect(cleared).toHaveLength(1);
  });

  it('fails naming the memory node that could not clear', async () => {
    const { clear } = setup();
    const failure = clear('broken');
    await expect(failure).rejects.toBeInstanceOf(NodeExecutionError);
    await expect(failure).rejects.toThrow('mem_0 (mem_0): the store is gone');
  });
});
