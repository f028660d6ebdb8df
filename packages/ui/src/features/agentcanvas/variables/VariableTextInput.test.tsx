import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/renderWithProviders';
import type { CanvasNodeData, RichParam } from '../../canvas/document/types';
import type { VariableOption } from './availableVariables';
import { VariableScopeContext } from './VariableScopeContext';
import { VariableTextInput } from './VariableTextInput';

const OPTIONS: VariableOption[] = [
  { expression: 'question', label: 'question', description: 'The user’s question', group: 'chat' },
  { expression: '$flow.state.topic', label: 'topic', description: 'Flow state', group: 'state' },
  { expression: 'llmAgentflow_0', label: 'LLM 0', description: 'Output text', group: 'nodes' },
  { expression: 'output', label: 'output', description: 'What this node returned', group: 'output' },
];

const MESSAGE: RichParam = {
  label: 'Message',
  name: 'message',
  type: 'string',
  rows: 4,
  acceptVariable: true,
};
const node = { id: 'n_0', name: 'n', label: 'N', inputs: {} } as unknown as CanvasNodeData;

function renderField(param: RichParam = MESSAGE, value = '', note = '') {
  const onChange = vi.fn();
  renderWithProviders(
    <VariableScopeContext.Provider value={{ options: OPTIONS, note }}>
      <VariableTextInput
        param={param}
        value={value}
        onChange={onChange}
        node={node}
        setInputs={() => undefined}
        label={param.label}
      />
    </VariableScopeContext.Provider>,
  );
  const field = screen.getByRole('textbox', { name: param.label });
  return { onChange, field: field as HTMLTextAreaElement };
}

const optionNames = () =>
  within(screen.getByRole('listbox', { name: 'Variables' }))
    .getAllByRole('option')
    .map((option) => option.querySelector('p')?.textContent);

describe('variable picker of {{ }} fields', () => {
  it('opens on {{, filters as you type, and Enter writes the variable', async () => {
    const user = userEvent.setup();
    const { field, onChange } = renderField();
    // user-event writes a literal "{" as "{{".
    await user.type(field, 'Tell me about {{{{');
    expect(optionNames()).toEqual(['question', 'topic', 'LLM 0']);
    await user.type(field, 'top');
    expect(optionNames()).toEqual(['topic']);
    await user.keyboard('{Enter}');
    expect(field.value).toBe('Tell me about {{ $flow.state.topic }}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    // Typing goes on after the variable.
    await user.type(field, ' now');
    await user.tab();
    expect(onChange).toHaveBeenLastCalledWith('Tell me about {{ $flow.state.topic }} now');
  });

  it('moves with the arrows, and Escape closes the list without changing the text', async () => {
    const user = userEvent.setup();
    const { field } = renderField();
    await user.type(field, '{{{{');
    const list = screen.getByRole('listbox', { name: 'Variables' });
    expect(within(list).getAllByRole('option')[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(within(list).getAllByRole('option')[2]).toHaveAttribute('aria-selected', 'true');
    expect(field).toHaveAttribute('aria-activedescendant', within(list).getAllByRole('option')[2]!.id);
    await user.keyboard('{ArrowUp}{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    // The same {{ stays closed while typing on.
    await user.type(field, 'x');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(field.value).toBe('{{x');
  });

  it('inserts at the caret from the button, with its own search', async () => {
    const user = userEvent.setup();
    const { field, onChange } = renderField(MESSAGE, 'Answer: ');
    await user.click(field);
    await user.click(screen.getByRole('button', { name: 'Insert variable into Message' }));
    const search = screen.getByRole('combobox', { name: 'Search variables' });
    expect(search).toHaveFocus();
    await user.type(search, 'llm');
    await user.keyboard('{Enter}');
    expect(field.value).toBe('Answer: {{ llmAgentflow_0 }}');
    await waitFor(() => expect(field).toHaveFocus());
    await user.tab();
    expect(onChange).toHaveBeenLastCalledWith('Answer: {{ llmAgentflow_0 }}');
  });

  it('chooses with the mouse too, and says when nothing matches', async () => {
    const user = userEvent.setup();
    const { field } = renderField(MESSAGE, '', 'Workspace variables could not be loaded: boom');
    await user.type(field, '{{{{zzz');
    expect(screen.getByText('No variable matches “zzz”.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Workspace variables could not be loaded: boom');
    await user.clear(field);
    await user.type(field, '{{{{');
    await user.click(screen.getByRole('option', { name: /question/ }));
    expect(field.value).toBe('{{ question }}');
  });

  it('offers the node’s own output only to fields that take it', async () => {
    const user = userEvent.setup();
    const { field } = renderField({ ...MESSAGE, acceptNodeOutputAsVariable: true } as RichParam);
    await user.type(field, '{{{{out');
    expect(optionNames()).toEqual(['output']);
  });

  it('writes a mention span into rich text', async () => {
    const user = userEvent.setup();
    const { field } = renderField(MESSAGE, '<p>Hi </p>');
    // Never focused: the variable is added at the end, inside the paragraph.
    await user.click(screen.getByRole('button', { name: 'Insert variable into Message' }));
    await user.keyboard('{Enter}');
    expect(field.value).toBe(
      '<p>Hi <span class="variable" data-type="mention" data-id="question">{{ question }}</span></p>',
    );
  });

  it('keeps numbers as numbers and lets them hold a variable', async () => {
    const user = userEvent.setup();
    const { field, onChange } = renderField({
      label: 'Value 2',
      name: 'value2',
      type: 'number',
      acceptVariable: true,
    });
    await user.type(field, '42');
    await user.tab();
    expect(onChange).toHaveBeenLastCalledWith(42);
    await user.clear(field);
    await user.type(field, '{{{{topic');
    await user.keyboard('{Enter}');
    await user.tab();
    expect(onChange).toHaveBeenLastCalledWith('{{ $flow.state.topic }}');
  });

  it('edits long text in a larger dialog with the same picker, and keeps it only on Save', async () => {
    const user = userEvent.setup();
    const { field, onChange } = renderField(MESSAGE, 'Hello');
    await user.click(screen.getByRole('button', { name: 'Expand Message' }));
    const dialog = screen.getByRole('dialog', { name: 'Message' });
    const editor = within(dialog).getByRole('textbox', { name: 'Message' });
    await user.type(editor, ' {{{{que');
    expect(optionNames()).toEqual(['question']);
    await user.keyboard('{Enter}');
    expect(editor).toHaveValue('Hello {{ question }}');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(field.value).toBe('Hello {{ question }}');
    await user.click(field);
    await user.tab();
    expect(onChange).toHaveBeenLastCalledWith('Hello {{ question }}');
  });
});
