import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/errorMessage';
import { renderWithProviders } from '../../test/renderWithProviders';
import { ExportAsTemplateDialog } from './ExportAsTemplateDialog';
import { marketplaceApi } from './marketplaceApi';

afterEach(() => vi.restoreAllMocks());

const saved = {} as Awaited<ReturnType<typeof marketplaceApi.saveCustom>>;

describe('ExportAsTemplateDialog', () => {
  it('saves a flow with its name, an upper-cased badge, typed use cases and the template type of the flow', async () => {
    const save = vi.spyOn(marketplaceApi, 'saveCustom').mockResolvedValue(saved);
    const onClose = vi.fn();
    renderWithProviders(
      <ExportAsTemplateDialog
        open
        onClose={onClose}
        flow={{ id: 'f1', name: 'Support bot', type: 'AGENTFLOW' }}
      />,
    );
    expect(screen.getByRole('textbox', { name: 'Name *' })).toHaveValue('Support bot');
    await userEvent.type(screen.getByRole('textbox', { name: 'Description' }), 'Answers tickets');
    await userEvent.type(screen.getByRole('textbox', { name: 'Badge' }), 'new');
    const usecases = screen.getByRole('textbox', { name: 'Usecases' });
    await userEvent.type(usecases, 'Customer Support{Enter}');
    await userEvent.type(usecases, 'Basic{Enter}');
    expect(save).not.toHaveBeenCalled(); // Enter adds a chip, it does not submit
    await userEvent.click(screen.getByRole('button', { name: 'Save Template' }));
    expect(save).toHaveBeenCalledWith({
      name: 'Support bot',
      description: 'Answers tickets',
      badge: 'NEW',
      usecases: ['Customer Support', 'Basic'],
      type: 'AgentflowV2',
      chatflowId: 'f1',
    });
    expect(await screen.findByText('Saved as template successfully!')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
  });

  it('refuses an empty name with Flowise’s message and sends nothing', async () => {
    const save = vi.spyOn(marketplaceApi, 'saveCustom');
    renderWithProviders(
      <ExportAsTemplateDialog open onClose={vi.fn()} flow={{ id: 'f1', name: '', type: 'CHATFLOW' }} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save Template' }));
    expect(await screen.findByText('Template Name is mandatory!')).toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();
  });

  it('saves a tool as a Tool template and says when the server refuses', async () => {
    const save = vi
      .spyOn(marketplaceApi, 'saveCustom')
      .mockRejectedValue(
        new ApiError(412, 'Error: marketplacesService.saveCustomTemplate - body not provided!', null),
      );
    const rows = [{ id: 1, property: 'a', type: 'number', description: '', required: true }];
    renderWithProviders(
      <ExportAsTemplateDialog
        open
        onClose={vi.fn()}
        tool={{ name: 'adder', description: 'Adds', iconSrc: null, schema: rows, func: 'return $a;' }}
      />,
    );
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveValue('Adds');
    await userEvent.click(screen.getByRole('button', { name: 'Save Template' }));
    expect(save).toHaveBeenCalledWith({
      name: 'adder',
      description: 'Adds',
      usecases: [],
      type: 'Tool',
      tool: { iconSrc: null, schema: rows, func: 'return $a;' },
    });
    expect(await screen.findByText(/Failed to save as template!/)).toBeInTheDocument();
  });
});
