import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/errorMessage';
import { renderWithProviders } from '../../test/renderWithProviders';
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
});
