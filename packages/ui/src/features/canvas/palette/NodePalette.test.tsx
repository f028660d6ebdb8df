import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NodeDefinition } from '@flowloom/shared';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { definition, definitions } from '../document/fixtures/definitions';
import { NodePalette } from './NodePalette';

/** A LlamaIndex namesake of a fixture node (same label), as the server lists it. */
const llamaIndex = (name: string, category: string): NodeDefinition => ({
  ...definition('chatOpenAI'),
  name,
  category,
  tags: ['LlamaIndex'],
});

const paletteOf = (list: readonly NodeDefinition[]) =>
  renderWithProviders(<NodePalette definitions={list} onAdd={vi.fn()} onClose={vi.fn()} />);

const added = () =>
  screen.getAllByRole('button', { name: /^Add / }).map((item) => item.getAttribute('aria-label'));

describe('the node palette', () => {
  it('shows LangChain and LlamaIndex nodes on tabs of their own, as Flowise’s does', async () => {
    paletteOf([
      ...definitions,
      llamaIndex('chatOpenAI_LlamaIndex', 'Chat Models'),
      llamaIndex('queryEngine', 'Engine'),
    ]);
    const tabs = within(screen.getByRole('tablist', { name: 'Node family' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['LangChain', 'LlamaIndex']);
    expect(added()).toContain('Add LLM Chain');
    expect(added().filter((label) => label === 'Add ChatOpenAI')).toHaveLength(1);
    expect(screen.queryByText('Engine')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'LlamaIndex' }));
    expect(added()).toEqual(['Add ChatOpenAI', 'Add ChatOpenAI']);
    expect(screen.getByText('Engine')).toBeInTheDocument();
    expect(screen.queryByText('Chains')).not.toBeInTheDocument();
  });

  it('has no tabs where no LlamaIndex node is offered', () => {
    paletteOf(definitions);
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(added()).toContain('Add LLM Chain');
  });
});
