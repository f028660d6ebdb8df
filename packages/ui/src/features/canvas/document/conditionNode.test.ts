import { CONDITION_ALERTS } from '@flowloom/shared';
import { describe, expect, it } from 'vitest';
import {
  conditionInputs,
  conditionLayout,
  conditionOutputNames,
  conditionSummary,
  findConditionProblem,
  newConditionRow,
  readCondition,
  syncConditionOutputs,
  type ConditionDraft,
} from './conditionNode';
import { setNodeInputs } from './editNode';
import { flowiseFile } from '../../../test/flowiseFiles';

const essayFile = flowiseFile('agentflows', 'Essay Writing & Grading.json');
import { documentFromText } from './flowFile';
import type { CanvasNode, FlowDocument } from './types';

const ID = 'seqCondition_0';
const TAB = `selectedConditionFunctionTab_${ID}`;

function essay(): FlowDocument {
  return documentFromText(JSON.stringify(essayFile));
}

function condition(doc: FlowDocument): CanvasNode {
  return doc.nodes.find((node) => node.id === ID)!;
}

const handlesOf = (node: CanvasNode) =>
  node.data.outputAnchors.flatMap((anchor) => (anchor.options ?? []).map((option) => option.id));

const edgesFrom = (doc: FlowDocument) =>
  doc.edges.filter((edge) => edge.source === ID).map((edge) => edge.sourceHandle);

describe('reading a condition of a Flowise file', () => {
  it('finds the table and code tabs and the key of the chosen tab', () => {
    const layout = conditionLayout(condition(essay()).data)!;
    expect(layout.tabKey).toBe(TAB);
    expect(layout.table?.name).toBe('conditionUI');
    expect(layout.code?.name).toBe('conditionFunction');
    expect(layout.first).toBe('table');
  });

  it('reads the chosen tab and the table rows as stored', () => {
    const data = condition(essay()).data;
    expect(readCondition(data, conditionLayout(data)!)).toEqual({
      mode: 'table',
      rows: [
        {
          variable: '$flow.state.messages.length',
          operation: 'Less Than or Equal To',
          value: '6',
          output: 'Grading',
          actions: '',
          id: 0,
        },
      ],
      code: '',
    });
  });

  it('is not a condition node without a tabbed conditionFunction input', () => {
    const doc = essay();
    expect(conditionLayout(doc.nodes.find((node) => node.id === 'seqLLMNode_0')!.data)).toBeUndefined();
  });

  it('starts in the first tab when the file stores no choice', () => {
    const data = condition(essay()).data;
    const { [TAB]: _tab, ...inputs } = data.inputs;
    expect(readCondition({ ...data, inputs }, conditionLayout(data)!).mode).toBe('table');
  });
});

describe('storing a condition', () => {
  it('writes the chosen tab and the rows as compact JSON in the Flowise shape', () => {
    const data = condition(essay()).data;
    const layout = conditionLayout(data)!;
    const draft = readCondition(data, layout);
    const rows = [...draft.rows, { ...newConditionRow(draft.rows), variable: '$flow.state.next' }];
    const values = conditionInputs(data, layout, { ...draft, rows });
    expect(values).toEqual({
      [TAB]: 'conditionUI',
      conditionUI:
        '[{"variable":"$flow.state.messages.length","operation":"Less Than or Equal To","value":"6","output":"Grading","actions":"","id":0},' +
        '{"variable":"$flow.state.next","operation":"","value":"","output":"","actions":"","id":1}]',
    });
  });

  it('writes the code under the code tab name and only what changed', () => {
    const data = condition(essay()).data;
    const layout = conditionLayout(data)!;
    const draft: ConditionDraft = { ...readCondition(data, layout), mode: 'code', code: 'return "Again";' };
    expect(conditionInputs(data, layout, draft)).toEqual({
      [TAB]: 'conditionFunction',
      conditionFunction: 'return "Again";',
    });
  });

  it('numbers new rows after the highest id, from 0', () => {
    expect(newConditionRow([])).toEqual({
      variable: '',
      operation: '',
      value: '',
      output: '',
      actions: '',
      id: 0,
    });
    expect(newConditionRow([{ id: 0 }, { id: 4 }]).id).toBe(5);
  });
});

describe('condition outputs', () => {
  const table = (outputs: string[]): ConditionDraft => ({
    mode: 'table',
    rows: outputs.map((output) => ({ variable: 'v', operation: 'Is', output })),
    code: 'return "Ignored";',
  });

  it('are the item outputs then End in table mode, the returned literals in code mode', () => {
    expect(conditionOutputNames(table(['Grading', 'Retry']))).toEqual(['Grading', 'Retry', 'End']);
    expect(
      conditionOutputNames({ ...table([]), mode: 'code', code: 'if (a) return "A";\nreturn "B";' }),
    ).toEqual(['A', 'B']);
  });

  it('are summarised for the node card', () => {
    expect(conditionSummary(table(['A']))).toBe('Table: 1 condition');
    expect(conditionSummary(table(['A', 'B']))).toBe('Table: 2 conditions');
    expect(conditionSummary({ ...table([]), mode: 'code', code: 'return "Again";' })).toBe(
      'Code: returns Again',
    );
  });
});

describe('syncConditionOutputs', () => {
  it('leaves a loaded file alone while its outputs already match (stored sorted, End first)', () => {
    const doc = essay();
    expect(syncConditionOutputs(doc, ID)).toBe(doc);
    expect(syncConditionOutputs(doc, 'seqLLMNode_0')).toBe(doc);
  });

  it('adds an output per new item before End and keeps the edges of outputs that remain', () => {
    const doc = essay();
    const data = condition(doc).data;
    const layout = conditionLayout(data)!;
    const draft = readCondition(data, layout);
    const rows = [
      ...draft.rows,
      { ...newConditionRow(draft.rows), variable: 'v', operation: 'Is', output: 'Retry' },
    ];
    const next = syncConditionOutputs(
      setNodeInputs(doc, ID, conditionInputs(data, layout, { ...draft, rows })),
      ID,
    );
    expect(handlesOf(condition(next))).toEqual([
      'seqCondition_0-output-grading-Condition',
      'seqCondition_0-output-retry-Condition',
      'seqCondition_0-output-end-Condition',
    ]);
    expect(condition(next).data.outputAnchors[0]?.options?.map((option) => option.label)).toEqual([
      'Grading',
      'Retry',
      'End',
    ]);
    expect(edgesFrom(next)).toEqual([
      'seqCondition_0-output-end-Condition',
      'seqCondition_0-output-grading-Condition',
    ]);
  });

  it('switching to code removes the edges of outputs the code no longer returns and clears their inputs', () => {
    const doc = essay();
    const data = condition(doc).data;
    const layout = conditionLayout(data)!;
    const draft: ConditionDraft = { ...readCondition(data, layout), mode: 'code', code: 'return "Again";' };
    const next = syncConditionOutputs(setNodeInputs(doc, ID, conditionInputs(data, layout, draft)), ID);
    expect(handlesOf(condition(next))).toEqual(['seqCondition_0-output-again-Condition']);
    expect(edgesFrom(next)).toEqual([]);
    const node = (id: string) => next.nodes.find((item) => item.id === id)!;
    expect(node('seqEnd_0').data.inputs.sequentialNode).toBe('');
    expect(node('seqLLMNode_1').data.inputs.sequentialNode).toEqual([]);
    // The edge into the condition is untouched.
    expect(next.edges.filter((edge) => edge.target === ID)).toHaveLength(1);
  });

  it('keeps the outputs of a condition that cannot be saved', () => {
    const doc = setNodeInputs(essay(), ID, { [TAB]: 'conditionFunction', conditionFunction: 'return x;' });
    expect(syncConditionOutputs(doc, ID)).toBe(doc);
  });

  it('keeps a target input filled while another branch still leads to it', () => {
    const doc = essay();
    const endInput = 'seqEnd_0-input-sequentialNode-Agent | Condition | LLMNode | ToolNode';
    // Grading also leads to the End node, next to the End branch.
    const both: FlowDocument = {
      ...doc,
      edges: [
        ...doc.edges,
        {
          id: 'grading-to-end',
          source: ID,
          sourceHandle: 'seqCondition_0-output-grading-Condition',
          target: 'seqEnd_0',
          targetHandle: endInput,
          type: 'buttonedge',
        },
      ],
    };
    const code = { [TAB]: 'conditionFunction', conditionFunction: 'return "End";' };
    const next = syncConditionOutputs(setNodeInputs(both, ID, code), ID);
    expect(edgesFrom(next)).toEqual(['seqCondition_0-output-end-Condition']);
    const node = (id: string) => next.nodes.find((item) => item.id === id)!;
    expect(node('seqEnd_0').data.inputs.sequentialNode).toBe('{{seqCondition_0.data.instance}}');
    expect(node('seqLLMNode_1').data.inputs.sequentialNode).toEqual([]);
  });
});

describe('findConditionProblem', () => {
  it('finds nothing in a complete flow', () => {
    expect(findConditionProblem(essay())).toBeUndefined();
  });

  it('reports the alert of the first condition that cannot be saved', () => {
    const missingOutput = setNodeInputs(essay(), ID, {
      conditionUI: '[{"variable":"v","operation":"Is","value":"","output":"","actions":"","id":0}]',
    });
    expect(findConditionProblem(missingOutput)).toMatchObject({
      node: { id: ID },
      alert: CONDITION_ALERTS.missingOutputName,
    });
    expect(findConditionProblem(setNodeInputs(essay(), ID, { conditionUI: '[]' }))?.alert).toBe(
      CONDITION_ALERTS.missingItem,
    );
    expect(findConditionProblem(setNodeInputs(essay(), ID, { [TAB]: 'conditionFunction' }))?.alert).toBe(
      CONDITION_ALERTS.missingReturn,
    );
  });
});
