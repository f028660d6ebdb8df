import { describe, expect, it } from 'vitest';
import type { LoadMethod, LoadMethodContext } from '@flowloom/engine';
import type { LoadMethodNode } from '@flowloom/shared';
import { seqCondition, seqExecuteFlow } from './control-nodes.js';
import { getPreviousMessages, loadStateKeys, objectLiteralKeys, stateKeys } from './load-methods.js';
import { seqAgent, seqLLMNode, seqToolNode } from './model-nodes.js';

const node = (id: string, name: string, inputs: Record<string, unknown> = {}): LoadMethodNode => ({
  id,
  name,
  label: name,
  inputs,
});

function call(method: LoadMethod, nodes: { previousNodes: LoadMethodNode[]; currentNode?: LoadMethodNode }) {
  return method({ inputs: {}, ...nodes } as unknown as LoadMethodContext);
}

const tableState = node('seqState_0', 'seqState', {
  stateMemoryUI: JSON.stringify([
    { key: 'next', type: 'Replace', defaultValue: '' },
    { key: 'notes', type: 'Append', defaultValue: '[]' },
    { key: '', type: 'Replace' },
  ]),
});

describe('loadStateKeys', () => {
  it('answers the keys of the State table, for every node with an Update State table', async () => {
    for (const type of [seqAgent, seqLLMNode, seqToolNode])
      expect(
        await call(type.loadMethods!.loadStateKeys!, {
          previousNodes: [node('seqStart_0', 'seqStart'), tableState],
          currentNode: node('x_0', type.definition.name),
        }),
      ).toEqual([
        { label: 'next', name: 'next' },
        { label: 'notes', name: 'notes' },
      ]);
  });

  it('answers no keys without a State node', async () => {
    expect(await call(loadStateKeys, { previousNodes: [node('seqStart_0', 'seqStart')] })).toEqual([]);
  });

  it('reads the code tab’s keys when the State node selected it, without running the code', () => {
    const code = `{
      // the draft so far
      draft: { value: (x, y) => y ?? x, default: () => "{not a key}" },
      'review notes': { value: (x, y) => x.concat(y), default: () => [] },
      count: { value(x, y) { return x + y }, default: () => 0 },
      "quoted": { default: () => ({ nested: 1 }) },
    }`;
    const state = node('seqState_0', 'seqState', {
      selectedStateTab_seqState_0: 'stateMemoryCode',
      stateMemoryCode: code,
      stateMemoryUI: JSON.stringify([{ key: 'ignored' }]),
    });
    expect(stateKeys(state)).toEqual(['draft', 'review notes', 'count', 'quoted']);
    expect(objectLiteralKeys('return { "a": 1, "b": [1, 2] };')).toEqual(['a', 'b']);
    expect(objectLiteralKeys('const x = 1')).toEqual([]);
  });

  it('reads the legacy combined table (Key column) of older files', () => {
    const legacy = node('seqState_1', 'seqState', {
      stateMemory: JSON.stringify([{ Key: 'topic', Operation: 'Replace', 'Default Value': '' }]),
    });
    expect(stateKeys(legacy)).toEqual(['topic']);
  });
});

describe('getPreviousMessages', () => {
  it('answers the earlier nodes whose messages the node can read, by id with their names', async () => {
    const previousNodes = [
      node('seqAgent_0', 'seqAgent', { agentName: 'Researcher' }),
      node('seqStart_0', 'seqStart'),
      node('chatOpenAI_0', 'chatOpenAI'),
      node('seqToolNode_0', 'seqToolNode'),
      tableState,
    ];
    const expected = [
      { label: 'Researcher', name: 'seqAgent_0', description: 'Latest message of seqAgent (seqAgent_0)' },
      {
        label: 'seqToolNode',
        name: 'seqToolNode_0',
        description: 'Latest message of seqToolNode (seqToolNode_0)',
      },
    ];
    expect(await call(getPreviousMessages, { previousNodes })).toEqual(expected);
    // The same method serves conditions' Variable column and Execute Flow's Input.
    expect(seqCondition.loadMethods!.getPreviousMessages).toBe(getPreviousMessages);
    expect(seqExecuteFlow.loadMethods!.getPreviousMessages).toBe(getPreviousMessages);
  });
});
