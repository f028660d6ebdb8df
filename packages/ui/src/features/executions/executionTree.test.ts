import { describe, expect, it } from 'vitest';
import {
  buildExecutionTree,
  expandableIds,
  flattenTree,
  initialSelection,
  iterationStatus,
  type TreeItem,
} from './executionTree';
import type { EntryStatus, ExecutedEntry } from './executionTypes';

function entry(
  nodeId: string,
  previousNodeIds: string[] = [],
  status: EntryStatus = 'FINISHED',
  extra: Partial<ExecutedEntry['data']> = {},
): ExecutedEntry {
  const name = nodeId.replace(/_\d+$/, '');
  return { nodeId, nodeLabel: nodeId, previousNodeIds, status, data: { id: nodeId, name, ...extra } };
}

const inIteration = (
  nodeId: string,
  parentNodeId: string,
  iterationIndex: number,
  previousNodeIds: string[] = [],
  status: EntryStatus = 'FINISHED',
) =>
  entry(nodeId, previousNodeIds, status, {
    parentNodeId,
    iterationIndex,
    iterationContext: { index: iterationIndex, value: `item ${iterationIndex}` },
  });

/** A compact picture of a tree: `id(children…)`. */
function shape(items: readonly TreeItem[]): string {
  return items
    .map((item) => (item.children.length ? `${item.id}(${shape(item.children)})` : item.id))
    .join(' ');
}

describe('buildExecutionTree placement', () => {
  it('gives each entry the unique id nodeId_index, so repeated nodes stay apart', () => {
    const tree = buildExecutionTree([
      entry('start_0'),
      entry('llm_0', ['start_0']),
      entry('llm_0', ['start_0']),
    ]);
    expect(flattenTree(tree).map((i) => i.id)).toEqual(['start_0_0', 'llm_0_1', 'llm_0_2']);
  });

  it('makes entries without parents roots and chains the rest under their parent', () => {
    const tree = buildExecutionTree([
      entry('start_0'),
      entry('llm_0', ['start_0']),
      entry('reply_0', ['llm_0']),
    ]);
    expect(shape(tree)).toBe('start_0_0(llm_0_1(reply_0_2))');
  });

  it('places an entry under the most recent earlier entry among its previous nodes', () => {
    // A loop runs the agent twice; the reply follows the second run, not the first.
    const tree = buildExecutionTree([
      entry('start_0'),
      entry('agent_0', ['start_0', 'loop_0']),
      entry('loop_0', ['agent_0']),
      entry('agent_0', ['start_0', 'loop_0']),
      entry('reply_0', ['agent_0']),
    ]);
    expect(shape(tree)).toBe('start_0_0(agent_0_1(loop_0_2(agent_0_3(reply_0_4))))');
  });

  it('picks the latest of several different parents (a join after two branches)', () => {
    const tree = buildExecutionTree([
      entry('start_0'),
      entry('a_0', ['start_0']),
      entry('b_0', ['start_0']),
      entry('join_0', ['a_0', 'b_0']),
    ]);
    expect(shape(tree)).toBe('start_0_0(a_0_1 b_0_2(join_0_3))');
  });

  it('ignores later entries when looking for a parent', () => {
    const tree = buildExecutionTree([entry('start_0'), entry('x_0', ['y_0']), entry('y_0', ['start_0'])]);
    expect(tree.map((i) => i.id)).toEqual(['start_0_0', 'x_0_1']);
    expect(tree[0]!.children.map((i) => i.id)).toEqual(['y_0_2']);
  });

  it('makes an entry whose parents never ran a root instead of dropping it', () => {
    const tree = buildExecutionTree([entry('start_0'), entry('orphan_0', ['missing_0'])]);
    expect(tree.map((i) => i.id)).toEqual(['start_0_0', 'orphan_0_1']);
  });

  it('tolerates an empty trace and a missing previousNodeIds', () => {
    expect(buildExecutionTree([])).toEqual([]);
    const broken = { ...entry('start_0'), previousNodeIds: undefined } as unknown as ExecutedEntry;
    expect(buildExecutionTree([broken]).map((i) => i.id)).toEqual(['start_0_0']);
  });

  it('keeps siblings in execution order', () => {
    const tree = buildExecutionTree([
      entry('start_0'),
      entry('c_0', ['start_0']),
      entry('a_0', ['start_0']),
      entry('b_0', ['start_0']),
    ]);
    expect(tree[0]!.children.map((i) => i.id)).toEqual(['c_0_1', 'a_0_2', 'b_0_3']);
  });
});

describe('buildExecutionTree iterations', () => {
  // The engine appends the Iteration node's own entry after its children.
  const trace = [
    entry('start_0'),
    inIteration('llm_1', 'iterationAgentflow_0', 0),
    inIteration('tool_0', 'iterationAgentflow_0', 0, ['llm_1']),
    inIteration('llm_1', 'iterationAgentflow_0', 1),
    inIteration('tool_0', 'iterationAgentflow_0', 1, ['llm_1'], 'ERROR'),
    entry('iterationAgentflow_0', ['start_0']),
    entry('reply_0', ['iterationAgentflow_0']),
  ];

  it('groups iteration entries under virtual "Iteration #i" items under the Iteration entry', () => {
    const tree = buildExecutionTree(trace);
    expect(shape(tree)).toBe(
      'start_0_0(iterationAgentflow_0_5(' +
        'iterationAgentflow_0_5_iteration_0(llm_1_1(tool_0_2)) ' +
        'iterationAgentflow_0_5_iteration_1(llm_1_3(tool_0_4)) ' +
        'reply_0_6))',
    );
    const groups = tree[0]!.children[0]!.children.slice(0, 2);
    expect(groups.map((g) => g.label)).toEqual(['Iteration #0', 'Iteration #1']);
    expect(groups.map((g) => g.iterationIndex)).toEqual([0, 1]);
    expect(groups.every((g) => g.entry === undefined)).toBe(true);
  });

  it('never links an iteration entry to the same node of another iteration', () => {
    const tree = buildExecutionTree(trace);
    const second = flattenTree(tree).find((i) => i.id === 'iterationAgentflow_0_5_iteration_1')!;
    // llm_1_3 is a root of its iteration even though llm_1_1 ran earlier.
    expect(second.children.map((i) => i.id)).toEqual(['llm_1_3']);
  });

  it('derives the virtual status from every entry of the iteration', () => {
    const tree = buildExecutionTree(trace);
    const groups = tree[0]!.children[0]!.children.slice(0, 2);
    // Iteration #1's nested tool entry errored, so the group is ERROR.
    expect(groups.map((g) => g.status)).toEqual(['FINISHED', 'ERROR']);
    expect(iterationStatus([{ status: 'FINISHED' }, { status: 'ERROR' }])).toBe('ERROR');
    expect(iterationStatus([{ status: 'INPROGRESS' }, { status: 'FINISHED' }])).toBe('INPROGRESS');
    expect(iterationStatus([{ status: 'ERROR' }, { status: 'INPROGRESS' }])).toBe('ERROR');
    expect(iterationStatus([{ status: 'FINISHED' }, { status: 'FINISHED' }])).toBe('FINISHED');
    expect(iterationStatus([{ status: 'FINISHED' }, { status: 'STOPPED' }])).toBe('UNKNOWN');
    expect(iterationStatus([{ status: 'TERMINATED' }])).toBe('UNKNOWN');
    expect(iterationStatus([])).toBe('UNKNOWN');
  });

  it('marks a group ERROR when a top-level child of the iteration errored', () => {
    const tree = buildExecutionTree([
      entry('start_0'),
      inIteration('llm_1', 'iterationAgentflow_0', 0, [], 'ERROR'),
      entry('iterationAgentflow_0', ['start_0']),
    ]);
    expect(flattenTree(tree).find((i) => i.label === 'Iteration #0')?.status).toBe('ERROR');
  });

  it('lists iteration groups before other children, then execution order', () => {
    const tree = buildExecutionTree([
      entry('start_0'),
      inIteration('llm_1', 'iterationAgentflow_0', 0),
      entry('iterationAgentflow_0', ['start_0']),
      entry('other_0', ['start_0']),
    ]);
    // A sibling that ran before the Iteration entry still comes after it.
    const tree2 = buildExecutionTree([
      entry('start_0'),
      entry('side_0', ['start_0']),
      inIteration('llm_1', 'iterationAgentflow_0', 0),
      entry('iterationAgentflow_0', ['start_0']),
    ]);
    expect(tree[0]!.children.map((i) => i.id)).toEqual(['iterationAgentflow_0_2', 'other_0_3']);
    expect(tree2[0]!.children.map((i) => i.id)).toEqual(['iterationAgentflow_0_3', 'side_0_1']);
    const owner = tree2[0]!.children[0]!;
    expect(owner.children.map((i) => i.id)).toEqual(['iterationAgentflow_0_3_iteration_0']);
  });

  it('keeps two runs of the same Iteration node apart', () => {
    const tree = buildExecutionTree([
      entry('start_0'),
      inIteration('llm_1', 'iterationAgentflow_0', 0),
      entry('iterationAgentflow_0', ['start_0', 'loop_0']),
      entry('loop_0', ['iterationAgentflow_0']),
      inIteration('llm_1', 'iterationAgentflow_0', 0),
      entry('iterationAgentflow_0', ['start_0', 'loop_0']),
    ]);
    expect(shape(tree)).toBe(
      'start_0_0(iterationAgentflow_0_2(iterationAgentflow_0_2_iteration_0(llm_1_1) ' +
        'loop_0_3(iterationAgentflow_0_5(iterationAgentflow_0_5_iteration_0(llm_1_4)))))',
    );
  });

  it('lists the groups of an Iteration that never finished at the top level', () => {
    const tree = buildExecutionTree([
      entry('start_0'),
      inIteration('llm_1', 'iterationAgentflow_0', 0, [], 'TERMINATED'),
    ]);
    expect(tree.map((i) => i.label)).toEqual(['Iteration #0', 'start_0']);
    expect(new Set(flattenTree(tree).map((i) => i.id)).size).toBe(3);
  });

  it('gives every item a distinct id', () => {
    const ids = flattenTree(buildExecutionTree(trace)).map((i) => i.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('initialSelection', () => {
  const trace = [
    entry('start_0'),
    entry('agent_0', ['start_0']),
    entry('human_0', ['agent_0'], 'STOPPED'),
    entry('human_1', ['agent_0'], 'STOPPED'),
  ];

  it('selects the first STOPPED item of a STOPPED execution', () => {
    expect(initialSelection(buildExecutionTree(trace), 'STOPPED')).toBe('human_0_2');
  });

  it('finds a STOPPED item nested in an iteration group', () => {
    const tree = buildExecutionTree([
      entry('start_0'),
      inIteration('human_0', 'iterationAgentflow_0', 0, [], 'STOPPED'),
      entry('iterationAgentflow_0', ['start_0']),
    ]);
    expect(initialSelection(tree, 'STOPPED')).toBe('human_0_1');
  });

  it('selects the first item otherwise', () => {
    expect(initialSelection(buildExecutionTree(trace), 'FINISHED')).toBe('start_0_0');
    expect(initialSelection(buildExecutionTree([entry('a_0', [], 'ERROR')]), 'STOPPED')).toBe('a_0_0');
    expect(initialSelection([], 'FINISHED')).toBeUndefined();
  });
});

describe('expandableIds', () => {
  it('lists the items that have children', () => {
    const tree = buildExecutionTree([entry('start_0'), entry('a_0', ['start_0']), entry('b_0', ['a_0'])]);
    expect(expandableIds(tree)).toEqual(['start_0_0', 'a_0_1']);
  });
});
