import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/errorMessage';
import { initialSettings } from '../../app/settingsSlice';
import { signedIn } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import { marketplaceApi } from '../marketplace/marketplaceApi';
import { ToolDialog } from './ToolDialog';
import { toolsApi } from './toolsApi';

afterEach(() => vi.restoreAllMocks());

describe('ToolDialog', () => {
  it('drops a field’s message as soon as the field is edited', async () => {
    renderWithProviders(<ToolDialog onClose={vi.fn()} onSaved={vi.fn()} />);
    const name = screen.getByRole('textbox', { name: /Tool Name/i });
    await userEvent.type(name, 'bad name!');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText(/name may contain only letters/)).toBeInTheDocument();
    await userEvent.clear(name);
    await userEvent.type(name, 'good_name');
    expect(screen.queryByText(/name may contain only letters/)).not.toBeInTheDocument();
  });

  it('shows a syntax error the server found under the code, not as a toast', async () => {
    const message = "The tool's JavaScript function has a syntax error: Unexpected token (1:4)";
    vi.spyOn(toolsApi, 'create').mockRejectedValue(new ApiError(400, message, null));
    const onSaved = vi.fn();
    renderWithProviders(<ToolDialog onClose={vi.fn()} onSaved={onSaved} />);
    await userEvent.type(screen.getByRole('textbox', { name: /Tool Name/i }), 'adder');
    await userEvent.type(screen.getByRole('textbox', { name: /Tool Description/i }), 'Adds numbers');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByText(/Failed to add tool/)).not.toBeInTheDocument();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('says a new tool was added', async () => {
    vi.spyOn(toolsApi, 'create').mockResolvedValue({ id: 't1' } as Awaited<
      ReturnType<typeof toolsApi.create>
    >);
    const onSaved = vi.fn();
    renderWithProviders(<ToolDialog onClose={vi.fn()} onSaved={onSaved} />);
    await userEvent.type(screen.getByRole('textbox', { name: /Tool Name/i }), 'adder');
    await userEvent.type(screen.getByRole('textbox', { name: /Tool Description/i }), 'Adds numbers');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Tool added')).toBeInTheDocument();
    expect(onSaved).toHaveBeenCalledOnce();
  });

  it('saves an existing tool as a template with its current arguments, for a user allowed to', async () => {
    const save = vi
      .spyOn(marketplaceApi, 'saveCustom')
      .mockResolvedValue({} as Awaited<ReturnType<typeof marketplaceApi.saveCustom>>);
    const tool = {
      id: 't1',
      name: 'adder',
      description: 'Adds numbers',
      color: '#333',
      iconSrc: null,
      schema: '[{"id":0,"property":"a","type":"number","description":"first","required":true}]',
      func: 'return $a + 1;',
      workspaceId: 'ws-1',
      createdDate: '',
      updatedDate: '',
    };
    const withPermissions = (permissions: string[]) => ({
      preloadedState: {
        auth: signedIn({ permissions }),
        settings: { ...initialSettings, platform: 'enterprise' as const, loaded: true },
      },
    });
    const { unmount } = renderWithProviders(
      <ToolDialog tool={tool} onClose={vi.fn()} onSaved={vi.fn()} />,
      withPermissions(['tools:update']),
    );
    expect(screen.queryByRole('button', { name: 'Save As Template' })).not.toBeInTheDocument();
    unmount();
    renderWithProviders(
      <ToolDialog tool={tool} onClose={vi.fn()} onSaved={vi.fn()} />,
      withPermissions(['tools:update', 'templates:toolexport']),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save As Template' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export As Template' });
    expect(within(dialog).getByRole('textbox', { name: 'Name *' })).toHaveValue('adder');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Template' }));
    expect(save).toHaveBeenCalledWith(
      expect.objectContaining({
        name: 'adder',
        type: 'Tool',
        tool: {
          iconSrc: null,
          schema: [{ id: 1, property: 'a', type: 'number', description: 'first', required: true }],
          func: 'return $a + 1;',
        },
      }),
    );
  });
});
