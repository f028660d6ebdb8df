import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/renderWithProviders';
import type { CanvasNodeData, RichParam } from '../document/types';
import { AsyncOptionsParamInput } from './AsyncOptionsParamInput';
import { OptionsLoaderContext } from './paramEditorContext';

const TOOL_ID = 'afb412af-a116-4d57-9c1e-2f3a4b5c6d7e';
const param = {
  label: 'Select Tool',
  name: 'selectedTool',
  type: 'asyncOptions',
  loadMethod: 'listTools',
} as RichParam;
const node = { id: 'customTool_0', name: 'customTool', inputs: {} } as unknown as CanvasNodeData;

function renderField(value: string) {
  const loader = vi.fn().mockResolvedValue([{ label: 'secret_word', name: TOOL_ID }]);
  renderWithProviders(
    <OptionsLoaderContext.Provider value={loader}>
      <AsyncOptionsParamInput
        param={param}
        value={value}
        onChange={vi.fn()}
        node={node}
        setInputs={vi.fn()}
        label="Select Tool"
      />
    </OptionsLoaderContext.Provider>,
  );
  return loader;
}

describe('AsyncOptionsParamInput', () => {
  it('shows a stored id by its option’s name without being opened', async () => {
    const loader = renderField(TOOL_ID);
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Select Tool' })).toHaveValue('secret_word'),
    );
    expect(loader).toHaveBeenCalledTimes(1);
  });

  it('loads nothing until opened when the value reads as itself (a model name)', () => {
    const loader = renderField('gpt-4o-mini');
    expect(screen.getByRole('textbox', { name: 'Select Tool' })).toHaveValue('gpt-4o-mini');
    expect(loader).not.toHaveBeenCalled();
  });
});
