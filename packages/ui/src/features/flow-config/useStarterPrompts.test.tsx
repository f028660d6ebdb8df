import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Chatflow } from '@flowloom/shared';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/renderWithProviders';
import { initialCanvas } from '../canvas/canvasSlice';
import { StarterPrompts } from '../chat/StarterPrompts';
import { useStarterPrompts } from './useStarterPrompts';

function CanvasChat({ onAsk }: { onAsk: (prompt: string) => void }) {
  return <StarterPrompts prompts={useStarterPrompts()} onAsk={onAsk} />;
}

const withConfig = (chatbotConfig: string | null) => ({
  canvas: { ...initialCanvas, chatflow: { id: 'f', chatbotConfig } as Chatflow },
});

describe('starter prompts in the canvas chat', () => {
  it('offers the saved non-empty prompts in order; choosing one asks it', async () => {
    const onAsk = vi.fn();
    renderWithProviders(<CanvasChat onAsk={onAsk} />, {
      preloadedState: withConfig(
        JSON.stringify({
          starterPrompts: { 1: { prompt: 'Second' }, 0: { prompt: 'First' }, 2: { prompt: ' ' } },
        }),
      ),
    });
    const items = screen.getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual(['First', 'Second']);
    await userEvent.click(screen.getByText('Second'));
    expect(onAsk).toHaveBeenCalledWith('Second');
  });

  it('shows nothing without prompts', () => {
    renderWithProviders(<CanvasChat onAsk={vi.fn()} />, { preloadedState: withConfig(null) });
    expect(screen.queryByRole('list', { name: 'Starter prompts' })).not.toBeInTheDocument();
  });
});
