import { CONDITION_ALERTS } from '@flowloom/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { codeEditor, setCode } from '../../../test/codeEditor';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { conditionParam } from '../document/conditionNode';
import { flowiseFile } from '../../../test/flowiseFiles';

const essayFile = flowiseFile('agentflows', 'Essay Writing & Grading.json');
import { documentFromText } from '../document/flowFile';
import type { CanvasNodeData } from '../document/types';
import { ConditionFunctionParamInput } from './ConditionFunctionParamInput';
import { OptionsLoaderContext, type OptionsLoader } from './paramEditorContext';

const TAB = 'selectedConditionFunctionTab_seqCondition_0';

function essayCondition(): CanvasNodeData {
  return documentFromText(JSON.stringify(essayFile)).nodes.find((node) => node.id === 'seqCondition_0')!.data;
}

/** The server's answers to the Variable column's load methods (the canvas sends the flow around the node). */
const loadVariables = vi.fn<OptionsLoader>((_node, param) =>
  Promise.resolve(
    param.loadMethod === 'getPreviousMessages'
      ? [{ label: 'Essay Writer', name: 'seqAgent_0', description: 'Latest message of Agent (seqAgent_0)' }]
      : param.loadMethod === 'loadStateKeys'
        ? [{ label: 'grade', name: 'grade' }]
        : [],
  ),
);

beforeEach(() => {
  loadVariables.mockClear();
});

function renderEditor(data = essayCondition()) {
  const setInputs = vi.fn();
  const onChange = vi.fn();
  const param = conditionParam(data)!;
  renderWithProviders(
    <OptionsLoaderContext.Provider value={loadVariables}>
      <ConditionFunctionParamInput
        param={param}
        value={data.inputs[param.name]}
        onChange={onChange}
        node={data}
        setInputs={setInputs}
        label={param.label}
      />
    </OptionsLoaderContext.Provider>,
  );
  return { setInputs, onChange };
}

async function openDialog() {
  await userEvent.click(screen.getByRole('button', { name: 'Edit Condition' }));
  return screen.getByRole('dialog', { name: /Condition/ });
}

async function choose(dialog: HTMLElement, label: string, option: string) {
  await userEvent.click(within(dialog).getByRole('combobox', { name: label }));
  await userEvent.click(screen.getByRole('option', { name: option }));
}

/** Adds a table row and fills the fields given. */
async function addItem(
  dialog: HTMLElement,
  row: number,
  fields: { variable?: string; operation?: string; output?: string },
) {
  await userEvent.click(within(dialog).getByRole('button', { name: 'Add Item' }));
  if (fields.variable)
    await userEvent.type(within(dialog).getByRole('combobox', { name: `Variable ${row}` }), fields.variable);
  if (fields.operation) await choose(dialog, `Operation ${row}`, fields.operation);
  if (fields.output)
    await userEvent.type(within(dialog).getByRole('textbox', { name: `Output Name ${row}` }), fields.output);
}

describe('the condition editor', () => {
  it('summarises the stored condition on the card and opens it in the table tab', async () => {
    renderEditor();
    expect(screen.getByText('Table: 1 condition')).toBeInTheDocument();
    const dialog = await openDialog();
    expect(
      within(dialog).getByRole('tab', { name: 'Condition (Table)', selected: true }),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'Variable 1' })).toHaveValue(
      '$flow.state.messages.length',
    );
    expect(within(dialog).getByRole('combobox', { name: 'Operation 1' })).toHaveTextContent(
      'Less Than or Equal To',
    );
    expect(within(dialog).getByRole('textbox', { name: 'Value 1' })).toHaveValue('6');
    expect(within(dialog).getByRole('textbox', { name: 'Output Name 1' })).toHaveValue('Grading');
    const outputs = within(dialog).getByRole('group', { name: 'Outputs' });
    expect(
      within(outputs)
        .getAllByText(/^(Grading|End)$/)
        .map((chip) => chip.textContent),
    ).toEqual(['Grading', 'End']);
  });

  it('offers the operations of the file and its suggested variables', async () => {
    renderEditor();
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Operation 1' }));
    const operations = screen.getAllByRole('option').map((option) => option.textContent);
    expect(operations).toHaveLength(14);
    expect(operations.slice(0, 4)).toEqual(['Contains', 'Not Contains', 'Start With', 'End With']);
    await userEvent.keyboard('{Escape}');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Item' }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Variable 2' }));
    expect(screen.getByRole('option', { name: /Total Messages \(number\)/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('option', { name: /Last Message Content/ }));
    expect(within(dialog).getByRole('combobox', { name: 'Variable 2' })).toHaveValue(
      '$flow.state.messages[-1].content',
    );
  });

  it('offers the earlier nodes’ outputs and the State keys as variables, from the node’s load methods', async () => {
    renderEditor();
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Variable 1' }));
    await userEvent.clear(within(dialog).getByRole('combobox', { name: 'Variable 1' }));
    await waitFor(() =>
      expect(screen.getByRole('option', { name: /Output from Essay Writer/ })).toBeVisible(),
    );
    expect(screen.getByRole('option', { name: /Value from grade/ })).toHaveTextContent('$flow.state.grade');
    expect(loadVariables.mock.calls.map(([node, param]) => [node.id, param.loadMethod])).toEqual([
      ['seqCondition_0', 'getPreviousMessages'],
      ['seqCondition_0', 'loadStateKeys'],
    ]);
    await userEvent.click(screen.getByRole('option', { name: /Output from Essay Writer/ }));
    expect(within(dialog).getByRole('combobox', { name: 'Variable 1' })).toHaveValue('$seqAgent_0');
  });

  it('saves a new item in the Flowise shape, its output listed before End', async () => {
    const { setInputs } = renderEditor();
    const dialog = await openDialog();
    await addItem(dialog, 2, { variable: '$flow.state.next', operation: 'Is', output: 'Retry' });
    const outputs = within(dialog).getByRole('group', { name: 'Outputs' });
    expect(within(outputs).getByText('Retry')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(setInputs).toHaveBeenCalledTimes(1);
    const values = setInputs.mock.calls[0]![0] as Record<string, string>;
    expect(values[TAB]).toBe('conditionUI');
    expect(JSON.parse(values.conditionUI!)).toEqual([
      {
        variable: '$flow.state.messages.length',
        operation: 'Less Than or Equal To',
        value: '6',
        output: 'Grading',
        actions: '',
        id: 0,
      },
      { variable: '$flow.state.next', operation: 'Is', value: '', output: 'Retry', actions: '', id: 1 },
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Typing a row letter by letter takes a few seconds on a busy machine.
  });

  it.each([
    ['an output name', { variable: 'v', operation: 'Is' }, CONDITION_ALERTS.missingOutputName],
    ['a variable', { operation: 'Is', output: 'Retry' }, CONDITION_ALERTS.missingVariable],
    ['an operation', { variable: 'v', output: 'Retry' }, CONDITION_ALERTS.missingOperation],
  ])('refuses to save an item without %s, showing the alert word for word', async (_what, fields, alert) => {
    const { setInputs } = renderEditor();
    const dialog = await openDialog();
    await addItem(dialog, 2, fields);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(alert);
    expect(setInputs).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('refuses to save a table without items', async () => {
    const { setInputs } = renderEditor();
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove item 1' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(CONDITION_ALERTS.missingItem);
    expect(setInputs).not.toHaveBeenCalled();
  });

  it('saves code that returns a literal, and refuses code that does not', async () => {
    const { setInputs } = renderEditor();
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Condition (Code)' }));
    const editor = await codeEditor(dialog, 'Condition (Code)');
    setCode(editor, 'const next = 1;');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(CONDITION_ALERTS.missingReturn);
    expect(setInputs).not.toHaveBeenCalled();

    setCode(editor, 'return "Again";');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(
      within(within(dialog).getByRole('group', { name: 'Outputs' })).getByText('Again'),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(setInputs).toHaveBeenCalledWith({
      [TAB]: 'conditionFunction',
      conditionFunction: 'return "Again";',
    });
  });

  it('shows how to use the code tab and offers the example', async () => {
    renderEditor();
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Condition (Code)' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'How to use' }));
    expect(within(dialog).getByText(/Must return a string value at the end of function/)).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Insert example' }));
    const editor = await codeEditor(dialog, 'Condition (Code)');
    await waitFor(() => expect(editor.textContent).toContain('return "Agent";'));
  });

  it('discards the draft on Cancel', async () => {
    const { setInputs } = renderEditor();
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove item 1' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(setInputs).not.toHaveBeenCalled();
    const reopened = await openDialog();
    expect(within(reopened).getByRole('textbox', { name: 'Output Name 1' })).toHaveValue('Grading');
  });

  it('summarises code mode on the card', () => {
    const data = essayCondition();
    renderEditor({
      ...data,
      inputs: { ...data.inputs, [TAB]: 'conditionFunction', conditionFunction: 'return "Again";' },
    });
    expect(screen.getByText('Code: returns Again')).toBeInTheDocument();
  });
});
