import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/renderWithProviders';
import type { HumanInputAction } from './agentMessages';
import { HumanInputAnswer } from './HumanInputAnswer';

const action = (humanInputEnableFeedback: boolean): HumanInputAction => ({
  elements: [
    { type: 'agentflowv2-approve-button', label: 'Proceed' },
    { type: 'agentflowv2-reject-button', label: 'Reject' },
  ],
  data: { nodeId: 'humanInputAgentflow_0', input: { humanInputEnableFeedback } },
});

function renderAnswer(enabled: boolean) {
  const onAction = vi.fn();
  const paused = action(enabled);
  renderWithProviders(<HumanInputAnswer action={paused} busy={false} onAction={onAction} />);
  return { onAction, paused };
}

describe('Proceed / Reject in the chat', () => {
  it('Reject opens a feedback box and sends what was typed', async () => {
    const user = userEvent.setup();
    const { onAction, paused } = renderAnswer(true);
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    const form = screen.getByRole('form', { name: 'Reject with feedback' });
    expect(screen.getByRole('textbox', { name: 'Feedback' })).toHaveFocus();
    await user.keyboard('Make it shorter');
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    expect(onAction).toHaveBeenCalledWith(paused, 'reject', 'Make it shorter');
    expect(form).toBeInTheDocument();
  });

  it('Enter sends, Escape goes back to the buttons', async () => {
    const user = userEvent.setup();
    const { onAction, paused } = renderAnswer(true);
    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Feedback' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    await user.keyboard('Looks good{Enter}');
    expect(onAction).toHaveBeenCalledWith(paused, 'proceed', 'Looks good');
  });

  it('answers at once when the node takes no feedback', async () => {
    const user = userEvent.setup();
    const { onAction, paused } = renderAnswer(false);
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    expect(onAction).toHaveBeenCalledWith(paused, 'reject');
    expect(screen.queryByRole('textbox', { name: 'Feedback' })).not.toBeInTheDocument();
  });
});
