import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/renderWithProviders';
import { ToolDialog } from './ToolDialog';

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
});
