import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/renderWithProviders';
import type { CanvasNodeData, RichParam } from '../document/types';
import { ParamField } from './ParamField';
import { OptionsLoaderContext, type OptionsLoader } from './paramEditorContext';

/** Execute Flow's Input as Flowise files give it. */
const input = {
  label: 'Input',
  name: 'seqExecuteFlowInput',
  type: 'options',
  freeSolo: true,
  loadPreviousNodes: true,
  options: [{ label: '{{ question }}', name: 'userQuestion', description: 'The user’s question' }],
} as RichParam;
const node = { id: 'seqExecuteFlow_0', name: 'seqExecuteFlow', inputs: {} } as unknown as CanvasNodeData;

function renderInput(value: string) {
  const loader = vi.fn<OptionsLoader>(() =>
    Promise.resolve([{ label: 'Researcher', name: 'seqAgent_0', description: 'Latest message of Agent' }]),
  );
  const onChange = vi.fn();
  renderWithProviders(
    <OptionsLoaderContext.Provider value={loader}>
      <ParamField param={input} value={value} onChange={onChange} node={node} setInputs={vi.fn()} />
    </OptionsLoaderContext.Provider>,
  );
  return { loader, onChange, field: screen.getByRole('combobox', { name: 'Input' }) };
}

describe('Execute Flow’s Input', () => {
  it('shows the question option by its label and offers the earlier nodes’ outputs', async () => {
    const { loader, onChange, field } = renderInput('userQuestion');
    expect(field).toHaveValue('{{ question }}');
    await userEvent.click(field);
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
        '{{ question }}The user’s question',
        '{{ seqAgent_0 }}Output from Researcher',
      ]),
    );
    expect(loader).toHaveBeenCalledWith(node, expect.objectContaining({ loadMethod: 'getPreviousMessages' }));
    await userEvent.click(screen.getByRole('option', { name: /seqAgent_0/ }));
    expect(onChange).toHaveBeenLastCalledWith('{{ seqAgent_0 }}');
  });

  it('stores a listed option by its name and anything else as typed', async () => {
    const { onChange, field } = renderInput('');
    await userEvent.click(field);
    await userEvent.click(await screen.findByRole('option', { name: /question/ }));
    expect(onChange).toHaveBeenLastCalledWith('userQuestion');
    await userEvent.clear(field);
    // `{{` types one brace in user-event's keyboard syntax.
    await userEvent.type(field, 'Summarise {{{{$vars.topic}}');
    await userEvent.tab();
    expect(onChange).toHaveBeenLastCalledWith('Summarise {{$vars.topic}}');
  });
});
