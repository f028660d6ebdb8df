import { describe, expect, it } from 'vitest';
import type { CanvasNodeData } from '../../canvas/document/types';
import type { AgentDocument, AgentEdge, AgentNode } from '../document/types';
import { availableVariables, filterVariables, upstreamNodes } from './availableVariables';

function node(id: string, label: string, inputs: Record<string, unknown> = {}, parentId?: string): AgentNode {
  const name = id.replace(/_\d+$/, '');
  return {
    id,
    type: name === 'iterationAgentflow' ? 'iteration' : 'agentFlow',
    position: { x: 0, y: 0 },
    ...(parentId && { parentId, extent: 'parent' as const }),
    data: {
      id,
      name,
      label,
      inputs,
      inputParams: [],
      inputAnchors: [],
      outputAnchors: [],
      outputs: {},
    } as unknown as CanvasNodeData,
  };
}

const edge = (source: string, target: string): AgentEdge => ({
  id: `${source}-${target}`,
  source,
  target,
  sourceHandle: `${source}-output-x`,
  targetHandle: target,
  type: 'agentFlow',
});

const expressions = (doc: AgentDocument, id: string, options = {}) =>
  availableVariables(doc, id, options).map((option) => option.expression);

// Start → LLM 0 → Condition 0 → Agent 0 → Direct Reply 0, and an unconnected HTTP 0.
const flow: AgentDocument = {
  nodes: [
    node('startAgentflow_0', 'Start', {
      startInputType: 'chatInput',
      startState: [
        { key: 'topic', value: 'boats' },
        { key: '', value: 'ignored' },
        { key: 'topic', value: 'twice' },
        { key: 'count', value: '0' },
      ],
    }),
    node('llmAgentflow_0', 'LLM 0', {
      llmStructuredOutput: [
        { key: 'subject', type: 'string' },
        { key: 'mood', type: 'string' },
      ],
    }),
    node('conditionAgentflow_0', 'Condition 0'),
    node('agentAgentflow_0', 'Agent 0', { agentStructuredOutput: JSON.stringify([{ key: 'verdict' }]) }),
    node('directReplyAgentflow_0', 'Direct Reply 0'),
    node('httpAgentflow_0', 'HTTP 0'),
    node('stickyNoteAgentflow_0', 'Sticky Note 0'),
  ],
  edges: [
    edge('startAgentflow_0', 'llmAgentflow_0'),
    edge('llmAgentflow_0', 'conditionAgentflow_0'),
    edge('conditionAgentflow_0', 'agentAgentflow_0'),
    edge('agentAgentflow_0', 'directReplyAgentflow_0'),
  ],
};

describe('variables offered to a {{ }} field', () => {
  it('always offers the chat and flow values the executor resolves', () => {
    const all = expressions(flow, 'startAgentflow_0');
    expect(all).toEqual(
      expect.arrayContaining([
        'question',
        'chat_history',
        'file_attachment',
        'current_date_time',
        '$flow.sessionId',
        '$flow.chatId',
        '$flow.chatflowId',
      ]),
    );
  });

  it('offers each key of the Start node’s flow state once', () => {
    const state = availableVariables(flow, 'llmAgentflow_0').filter((option) => option.group === 'state');
    expect(state.map((option) => option.expression)).toEqual(['$flow.state.topic', '$flow.state.count']);
  });

  it('offers the outputs of upstream nodes only, nearest first, with their structured keys', () => {
    const nodes = availableVariables(flow, 'directReplyAgentflow_0').filter((o) => o.group === 'nodes');
    expect(nodes.map((o) => [o.expression, o.label])).toEqual([
      ['agentAgentflow_0', 'Agent 0'],
      ['agentAgentflow_0.output.verdict', 'Agent 0 › verdict'],
      // Condition 0 has no text output, Start keeps the question elsewhere: neither is offered.
      ['llmAgentflow_0', 'LLM 0'],
      ['llmAgentflow_0.output.subject', 'LLM 0 › subject'],
      ['llmAgentflow_0.output.mood', 'LLM 0 › mood'],
    ]);
    // Nothing upstream of the LLM but Start; nothing downstream leaks in.
    expect(availableVariables(flow, 'llmAgentflow_0').filter((o) => o.group === 'nodes')).toEqual([]);
    expect(expressions(flow, 'httpAgentflow_0')).not.toContain('llmAgentflow_0');
  });

  it('offers output and output.<key> only to fields that take the node’s own output', () => {
    expect(expressions(flow, 'llmAgentflow_0')).not.toContain('output');
    const own = availableVariables(flow, 'llmAgentflow_0', { nodeOutput: true }).filter(
      (option) => option.group === 'output',
    );
    expect(own.map((option) => option.expression)).toEqual(['output', 'output.subject', 'output.mood']);
  });

  it('offers workspace variables as $vars.<name>', () => {
    const vars = availableVariables(flow, 'llmAgentflow_0', {
      workspaceVariables: ['apiBase', 'apiBase', 'token'],
    });
    expect(vars.filter((o) => o.group === 'vars').map((o) => o.expression)).toEqual([
      '$vars.apiBase',
      '$vars.token',
    ]);
  });

  it('offers $form.<name> for each form input when the Start node takes a form', () => {
    const formFlow: AgentDocument = {
      ...flow,
      nodes: flow.nodes.map((item) =>
        item.id === 'startAgentflow_0'
          ? node('startAgentflow_0', 'Start', {
              startInputType: 'formInput',
              formInputTypes: [
                { type: 'string', label: 'Your name', name: 'name' },
                { type: 'number', label: 'Age', name: '' },
              ],
            })
          : item,
      ),
    };
    const form = availableVariables(formFlow, 'llmAgentflow_0').filter((o) => o.group === 'form');
    expect(form).toEqual([
      { expression: '$form.name', label: 'name', description: 'Form input “Your name”', group: 'form' },
    ]);
    // A chat-input Start offers no form values.
    expect(expressions(flow, 'llmAgentflow_0').some((e) => e.startsWith('$form'))).toBe(false);
  });

  it('inside an Iteration offers $iteration and what reaches the Iteration', () => {
    const doc: AgentDocument = {
      nodes: [
        node('startAgentflow_0', 'Start'),
        node('llmAgentflow_0', 'LLM 0'),
        node('iterationAgentflow_0', 'Iteration 0'),
        node('llmAgentflow_1', 'LLM 1', {}, 'iterationAgentflow_0'),
        node('llmAgentflow_2', 'LLM 2', {}, 'iterationAgentflow_0'),
      ],
      edges: [
        edge('startAgentflow_0', 'llmAgentflow_0'),
        edge('llmAgentflow_0', 'iterationAgentflow_0'),
        edge('llmAgentflow_1', 'llmAgentflow_2'),
      ],
    };
    const inner = expressions(doc, 'llmAgentflow_2');
    expect(inner).toContain('$iteration');
    expect(inner.filter((e) => e.startsWith('llmAgentflow'))).toEqual(['llmAgentflow_1', 'llmAgentflow_0']);
    expect(expressions(doc, 'llmAgentflow_0')).not.toContain('$iteration');
    expect(upstreamNodes(doc, 'llmAgentflow_2').map((n) => n.id)).toEqual([
      'llmAgentflow_1',
      'llmAgentflow_0',
      'startAgentflow_0',
    ]);
  });

  it('filters by what was typed, in the label or the expression', () => {
    const options = availableVariables(flow, 'directReplyAgentflow_0');
    expect(filterVariables(options, 'top').map((o) => o.expression)).toEqual(['$flow.state.topic']);
    expect(filterVariables(options, ' AGENT 0').map((o) => o.expression)).toEqual([
      'agentAgentflow_0',
      'agentAgentflow_0.output.verdict',
    ]);
    expect(filterVariables(options, '')).toHaveLength(options.length);
  });
});
