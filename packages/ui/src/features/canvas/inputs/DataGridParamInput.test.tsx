import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/renderWithProviders';
import type { CanvasNodeData, RichParam } from '../document/types';
import { DataGridParamInput } from './DataGridParamInput';
import { OptionsLoaderContext, type OptionsLoader } from './paramEditorContext';

/** The Update State table of a sequential Agent, as the node definition (and Flowise files) give it. */
const updateState = {
  label: 'Update State (Table)',
  name: 'updateStateMemoryUI',
  type: 'datagrid',
  datagrid: [
    {
      field: 'key',
      headerName: 'Key',
      type: 'asyncSingleSelect',
      loadMethod: 'loadStateKeys',
      editable: true,
    },
    {
      field: 'value',
      headerName: 'Value',
      type: 'freeSolo',
      valueOptions: [
        { label: 'Agent Output (string)', value: '$flow.output.content' },
        { label: 'Input Question (string)', value: '$flow.input' },
      ],
      editable: true,
    },
  ],
} as RichParam;
const agent = { id: 'seqAgent_0', name: 'seqAgent', inputs: {} } as unknown as CanvasNodeData;

function renderGrid(value: string, keys: string[]) {
  const loader = vi.fn<OptionsLoader>(() => Promise.resolve(keys.map((key) => ({ label: key, name: key }))));
  const onChange = vi.fn();
  renderWithProviders(
    <OptionsLoaderContext.Provider value={loader}>
      <DataGridParamInput
        param={updateState}
        value={value}
        onChange={onChange}
        node={agent}
        setInputs={vi.fn()}
        label="Update State"
      />
    </OptionsLoaderContext.Provider>,
  );
  return { loader, onChange };
}

const row = (key: string, value = '') => JSON.stringify([{ id: 1, key, value }]);

describe('the Update State table', () => {
  it('offers the State node’s keys in the Key column, loaded from the node’s load method', async () => {
    const { loader, onChange } = renderGrid(row(''), ['draft', 'notes']);
    await userEvent.click(screen.getByRole('combobox', { name: 'Update State row 1 Key' }));
    const list = await screen.findByRole('listbox');
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['draft', 'notes']),
    );
    expect(loader).toHaveBeenCalledWith(agent, expect.objectContaining({ loadMethod: 'loadStateKeys' }));
    await userEvent.click(within(list).getByRole('option', { name: 'notes' }));
    expect(JSON.parse(onChange.mock.calls.at(-1)![0] as string)).toEqual([
      { id: 1, key: 'notes', value: '' },
    ]);
  });

  it('keeps showing a stored key the State node no longer has, and says when there are none', async () => {
    renderGrid(row('old'), []);
    const key = screen.getByRole('combobox', { name: 'Update State row 1 Key' });
    expect(key).toHaveTextContent('old');
    await userEvent.click(key);
    expect(
      await screen.findByRole('option', { name: 'No keys yet: add them to the State node' }),
    ).toBeVisible();
  });

  it('suggests the value presets and takes any typed value', async () => {
    const { onChange } = renderGrid(row('draft'), ['draft']);
    const value = screen.getByRole('combobox', { name: 'Update State row 1 Value' });
    await userEvent.click(value);
    await userEvent.click(await screen.findByRole('option', { name: /Agent Output \(string\)/ }));
    expect(JSON.parse(onChange.mock.calls.at(-1)![0] as string)).toEqual([
      { id: 1, key: 'draft', value: '$flow.output.content' },
    ]);
    await userEvent.clear(value);
    await userEvent.type(value, 'plain text');
    await userEvent.tab();
    expect(JSON.parse(onChange.mock.calls.at(-1)![0] as string)).toEqual([
      { id: 1, key: 'draft', value: 'plain text' },
    ]);
  });
});
