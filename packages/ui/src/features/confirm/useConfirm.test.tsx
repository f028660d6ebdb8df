import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/renderWithProviders';
import { useConfirm } from './useConfirm';

let answer: Promise<boolean> | undefined;

function Asker({ payload }: { payload: Parameters<ReturnType<typeof useConfirm>>[0] }) {
  const confirm = useConfirm();
  return (
    <button
      type="button"
      onClick={() => {
        answer = confirm(payload);
      }}
    >
      ask
    </button>
  );
}

describe('useConfirm', () => {
  it('resolves true when the confirm button is pressed, and closes the dialog', async () => {
    const { store } = renderWithProviders(
      <Asker
        payload={{
          title: 'Delete flow',
          description: 'Really?',
          confirmButtonName: 'Delete',
          customBtnId: 'confirm-delete',
        }}
      />,
    );
    await userEvent.click(screen.getByText('ask'));
    expect(await screen.findByText('Delete flow')).toBeInTheDocument();
    expect(screen.getByText('Really?')).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Delete' });
    expect(button).toHaveAttribute('id', 'confirm-delete');
    await userEvent.click(button);
    await expect(answer).resolves.toBe(true);
    expect(store.getState().confirm.show).toBe(false);
  });

  it('resolves false on Cancel, with default labels', async () => {
    renderWithProviders(<Asker payload={{ title: 'Leave?', description: 'Unsaved changes' }} />);
    await userEvent.click(screen.getByText('ask'));
    expect(await screen.findByRole('button', { name: 'OK' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await expect(answer).resolves.toBe(false);
  });

  it('answers false to an unanswered question when a new one is asked', async () => {
    renderWithProviders(<Asker payload={{ title: 'First', description: '' }} />);
    await userEvent.click(screen.getByText('ask'));
    const first = answer;
    act(() => {
      screen.getByText('ask').click();
    });
    await expect(first).resolves.toBe(false);
    await waitFor(() => expect(screen.getByRole('dialog')).toBeInTheDocument());
  });
});
