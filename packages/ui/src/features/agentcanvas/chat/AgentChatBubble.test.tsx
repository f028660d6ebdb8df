import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { AgentChatBubble } from './AgentChatBubble';
import { applyAgentEvent, type AgentChatMessage } from './agentMessages';

describe('AgentChatBubble', () => {
  it('shows the tools a run used, each opening to its input and output', async () => {
    let message: AgentChatMessage = { key: 'a', role: 'apiMessage', content: '', status: 'streaming' };
    message = applyAgentEvent(message, {
      event: 'usedTools',
      data: [{ tool: 'calculator', toolInput: { input: '6*7' }, toolOutput: '42' }],
    });
    message = applyAgentEvent(message, { event: 'token', data: 'The tool said 42' });
    renderWithProviders(
      <AgentChatBubble message={{ ...message, status: 'done' }} busy={false} onAction={vi.fn()} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'calculator' }));
    expect(screen.getByText(/6\*7/)).toBeInTheDocument();
    expect(screen.getByText('The tool said 42')).toBeInTheDocument();
  });
});
