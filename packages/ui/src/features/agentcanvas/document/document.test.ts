import type { NodeDefinition } from '@flowloom/shared';
import { describe, expect, it } from 'vitest';
import { checkAgentConnection, connectAgentNodes } from './connect';
import { addAgentNode } from './createAgentNode';
import { remapRowIndex, removeAgentNodes, setAgentInputs } from './edit';
import { agentDocumentFromText, agentDocumentToFlowData } from './flowFile';
import { outputAnchorsOf } from './handles';
import { iterationAt } from './iteration';
import type { AgentDocument } from './types';
import { validateAgentFlow } from './validate';

const def = (name: string, label: string, extra: Partial<NodeDefinition> = {}): NodeDefinition => ({
  label,
  name,
  version: 1,
  type: label.replace(/\s/g, ''),
  category: 'Agent Flows',
  baseClasses: [label.replace(/\s/g, '')],
  description: '',
  icon: '',
  inputs: [],
  color: '#123456',
  ...extra,
});

const START = def('startAgentflow', 'Start', { hideInput: true });
const LLM = def('llmAgentflow', 'LLM', {
  inputs: [{ label: 'Model', name: 'llmModel', type: 'asyncOptions', loadMethod: 'listModels' }],
});
const REPLY = def('directReplyAgentflow', 'Direct Reply', {
  hideOutput: true,
  inputs: [{ label: 'Message', name: 'directReplyMessage', type: 'string' }],
});
const CONDITION = def('conditionAgentflow', 'Condition', {
  inputs: [
    {
      label: 'Conditions',
      name: 'conditions',
      type: 'array',
      default: [{ type: 'string', value1: '', operation: 'equal', value2: '' }],
    },
  ],
});
const HUMAN = def('humanInputAgentflow', 'Human Input');
const ITERATION = def('iterationAgentflow', 'Iteration');

const EMPTY: AgentDocument = { nodes: [], edges: [] };

function add(doc: AgentDocument, definition: NodeDefinition, x = 0, parentId?: string): AgentDocument {
  return addAgentNode(doc, definition, { x, y: 0 }, parentId).doc;
}

const row = (value2: string) => ({ type: 'string', value1: '{{question}}', operation: 'equal', value2 });

describe('v2 handles', () => {
  it('gives Start no input and a default output, Direct Reply no output', () => {
    const doc = add(add(EMPTY, START), REPLY, 300);
    const [start, reply] = doc.nodes;
    expect(start!.type).toBe('agentFlow');
    expect(start!.data.hideInput).toBe(true);
    expect(start!.data.outputAnchors).toEqual([
      { id: 'startAgentflow_0-output-startAgentflow', name: 'startAgentflow', label: 'Start 0' },
    ]);
    expect(reply!.data.outputAnchors).toEqual([]);
    expect(reply!.data.label).toBe('Direct Reply 0');
  });

  it('gives Condition one output per row plus Else, Human Input proceed and reject', () => {
    const doc = add(add(EMPTY, CONDITION), HUMAN, 300);
    expect(doc.nodes[0]!.data.outputAnchors.map((a) => [a.id, a.description])).toEqual([
      ['conditionAgentflow_0-output-0', 'Condition 0'],
      ['conditionAgentflow_0-output-1', 'Else'],
    ]);
    expect(doc.nodes[0]!.data.outputs).toEqual({ conditionAgentflow: '' });
    expect(doc.nodes[1]!.data.outputAnchors.map((a) => a.name)).toEqual(['proceed', 'reject']);
  });

  it('computes Condition Agent outputs from the scenarios, without Else', () => {
    const anchors = outputAnchorsOf({
      id: 'conditionAgentAgentflow_0',
      name: 'conditionAgentAgentflow',
      label: 'Condition Agent 0',
      inputs: { conditionAgentScenarios: [{ scenario: 'a' }, { scenario: 'b' }, { scenario: 'c' }] },
    });
    expect(anchors.map((a) => a.id)).toEqual([
      'conditionAgentAgentflow_0-output-0',
      'conditionAgentAgentflow_0-output-1',
      'conditionAgentAgentflow_0-output-2',
    ]);
  });
});

describe('connections', () => {
  const base = add(add(add(EMPTY, START), LLM, 300), REPLY, 600);

  it('targets the node id, labels nothing for default outputs, and refuses cycles and self-links', () => {
    const doc = connectAgentNodes(base, {
      source: 'startAgentflow_0',
      sourceHandle: 'startAgentflow_0-output-startAgentflow',
      target: 'llmAgentflow_0',
      targetHandle: 'llmAgentflow_0',
    });
    expect(doc.edges[0]).toMatchObject({
      id: 'startAgentflow_0-startAgentflow_0-output-startAgentflow-llmAgentflow_0-llmAgentflow_0',
      targetHandle: 'llmAgentflow_0',
      type: 'agentFlow',
      data: { sourceColor: '#123456', isHumanInput: false },
    });
    expect(
      checkAgentConnection(doc, {
        source: 'llmAgentflow_0',
        sourceHandle: 'llmAgentflow_0-output-llmAgentflow',
        target: 'llmAgentflow_0',
        targetHandle: 'llmAgentflow_0',
      }).ok,
    ).toBe(false);
    expect(
      checkAgentConnection(doc, {
        source: 'llmAgentflow_0',
        sourceHandle: 'llmAgentflow_0-output-llmAgentflow',
        target: 'startAgentflow_0',
        targetHandle: 'startAgentflow_0',
      }).ok,
    ).toBe(false);
  });

  it('refuses an edge that closes a cycle', () => {
    let doc = add(add(EMPTY, LLM), LLM, 300);
    doc = connectAgentNodes(doc, {
      source: 'llmAgentflow_0',
      sourceHandle: 'llmAgentflow_0-output-llmAgentflow',
      target: 'llmAgentflow_1',
      targetHandle: 'llmAgentflow_1',
    });
    const decision = checkAgentConnection(doc, {
      source: 'llmAgentflow_1',
      sourceHandle: 'llmAgentflow_1-output-llmAgentflow',
      target: 'llmAgentflow_0',
      targetHandle: 'llmAgentflow_0',
    });
    expect(decision).toEqual({ ok: false, reason: expect.stringContaining('loop') as string });
  });
});

describe('condition rows and their edges', () => {
  /** Condition with rows a, b, c, each output i (and Else) connected to Direct Reply i. */
  function threeRows(): AgentDocument {
    let doc = add(EMPTY, CONDITION);
    doc = setAgentInputs(doc, 'conditionAgentflow_0', { conditions: [row('a'), row('b'), row('c')] });
    for (let i = 0; i < 4; i++) {
      doc = add(doc, REPLY, 300 * (i + 1));
      doc = connectAgentNodes(doc, {
        source: 'conditionAgentflow_0',
        sourceHandle: `conditionAgentflow_0-output-${i}`,
        target: `directReplyAgentflow_${i}`,
        targetHandle: null,
      });
    }
    return doc;
  }
  const routes = (doc: AgentDocument) =>
    Object.fromEntries(doc.edges.map((edge) => [edge.target, [edge.sourceHandle, edge.data?.edgeLabel]]));

  it('labels the edges with the output index', () => {
    expect(routes(threeRows())).toEqual({
      directReplyAgentflow_0: ['conditionAgentflow_0-output-0', '0'],
      directReplyAgentflow_1: ['conditionAgentflow_0-output-1', '1'],
      directReplyAgentflow_2: ['conditionAgentflow_0-output-2', '2'],
      directReplyAgentflow_3: ['conditionAgentflow_0-output-3', '3'],
    });
  });

  it('adds a row before Else: Else edges move to the new last index', () => {
    const doc = setAgentInputs(
      threeRows(),
      'conditionAgentflow_0',
      { conditions: [row('a'), row('b'), row('c'), row('d')] },
      { added: true },
    );
    expect(doc.nodes[0]!.data.outputAnchors).toHaveLength(5);
    expect(doc.nodes[0]!.data.outputAnchors.at(-1)!.description).toBe('Else');
    expect(routes(doc).directReplyAgentflow_3).toEqual(['conditionAgentflow_0-output-4', '4']);
    expect(routes(doc).directReplyAgentflow_2).toEqual(['conditionAgentflow_0-output-2', '2']);
  });

  it('deleting row j drops only its edges; later rows and Else keep their targets', () => {
    const doc = setAgentInputs(
      threeRows(),
      'conditionAgentflow_0',
      { conditions: [row('a'), row('c')] },
      { removedIndex: 1 },
    );
    expect(routes(doc)).toEqual({
      directReplyAgentflow_0: ['conditionAgentflow_0-output-0', '0'],
      directReplyAgentflow_2: ['conditionAgentflow_0-output-1', '1'],
      directReplyAgentflow_3: ['conditionAgentflow_0-output-2', '2'],
    });
    expect(doc.edges.map((edge) => edge.id)).toContain(
      'conditionAgentflow_0-conditionAgentflow_0-output-1-directReplyAgentflow_2-directReplyAgentflow_2',
    );
  });

  it('re-maps indexes without Else for scenarios', () => {
    expect(remapRowIndex(2, 3, 2, false, { removedIndex: 0 })).toBe(1);
    expect(remapRowIndex(0, 3, 2, false, { removedIndex: 0 })).toBeNull();
    expect(remapRowIndex(1, 2, 3, false, { added: true })).toBe(1);
  });
});

describe('iterations', () => {
  const withGroup = add(EMPTY, ITERATION, 100);

  it('finds the Iteration under a drop point', () => {
    expect(iterationAt(withGroup.nodes, { x: 150, y: 50 })?.id).toBe('iterationAgentflow_0');
    expect(iterationAt(withGroup.nodes, { x: 5000, y: 50 })).toBeUndefined();
  });

  it('parents dropped nodes and refuses Iteration or Human Input inside one', () => {
    const doc = add(withGroup, LLM, 20, 'iterationAgentflow_0');
    expect(doc.nodes[1]).toMatchObject({ parentId: 'iterationAgentflow_0', extent: 'parent' });
    expect(addAgentNode(doc, ITERATION, { x: 0, y: 0 }, 'iterationAgentflow_0').refused).toMatch(/Nested/);
    expect(addAgentNode(doc, HUMAN, { x: 0, y: 0 }, 'iterationAgentflow_0').refused).toMatch(/Human Input/);
    expect(removeAgentNodes(doc, ['iterationAgentflow_0']).nodes).toEqual([]);
  });

  it('saves children with parentNode and extent, and reads them back', () => {
    const doc = add(withGroup, LLM, 20, 'iterationAgentflow_0');
    const saved = agentDocumentToFlowData(doc);
    expect(saved.nodes[0]).toMatchObject({ type: 'iteration', style: { width: 480, height: 250 } });
    expect(saved.nodes[1]).toMatchObject({
      type: 'agentFlow',
      parentNode: 'iterationAgentflow_0',
      extent: 'parent',
    });
    const back = agentDocumentFromText(JSON.stringify(saved));
    expect(back.nodes[1]).toMatchObject({ parentId: 'iterationAgentflow_0', extent: 'parent' });
  });
});

describe('single Start and validation', () => {
  it('allows only one Start node', () => {
    const doc = add(EMPTY, START);
    expect(addAgentNode(doc, START, { x: 0, y: 0 }).refused).toBe('Only one Start node is allowed.');
  });

  it('reports an empty flow, a missing Start and missing required inputs', () => {
    expect(validateAgentFlow(EMPTY)[0]!.message).toMatch(/empty/);
    const doc = add(EMPTY, REPLY);
    const messages = validateAgentFlow(doc).map((issue) => issue.message);
    expect(messages).toContain('The flow has no Start node.');
    expect(messages).toContain('Direct Reply 0: “Message” is required.');
  });
});
