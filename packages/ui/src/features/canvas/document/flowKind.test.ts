import { describe, expect, it } from 'vitest';
import { isAgentflowNode } from './flowKind';

describe('isAgentflowNode', () => {
  it('tells agentflow node types from chatflow ones by category or name', () => {
    expect(isAgentflowNode({ name: 'agentAgentflow', category: 'Agent Flows' })).toBe(true);
    expect(isAgentflowNode({ name: 'stickyNoteAgentflow' })).toBe(true);
    expect(isAgentflowNode({ name: 'toolAgent', category: 'Agents' })).toBe(false);
    expect(isAgentflowNode({ name: 'seqAgent', category: 'Sequential Agents' })).toBe(false);
  });
});
