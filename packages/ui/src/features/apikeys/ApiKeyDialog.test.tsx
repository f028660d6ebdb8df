import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ApiKey } from '@flowloom/shared';
import { signedIn } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import { ApiKeyDialog } from './ApiKeyDialog';

const openSource = { auth: signedIn({ features: {} }) };

describe('API key dialog', () => {
  it('gives a new key full access to the areas this edition has, without a wall of boxes', async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    renderWithProviders(<ApiKeyDialog onClose={() => {}} onSubmit={onSubmit} />, {
      preloadedState: openSource,
    });
    expect(screen.getByRole('button', { name: 'Full access', pressed: true })).toBeInTheDocument();
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    await userEvent.type(screen.getByLabelText('Key Name *'), 'Deploy');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    const sent = (onSubmit.mock.calls[0] as unknown as [{ permissions: string[] }])[0].permissions;
    expect(sent).toContain('chatflows:view');
    expect(sent).toContain('workspace:export');
    // Enterprise-only and flagged areas are not offered in open source.
    expect(sent).not.toContain('workspace:create');
    expect(sent).not.toContain('users:manage');
    expect(sent).not.toContain('datasets:view');
  });

  it('chooses by area with select all / clear all, and refuses a key with no permission', async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    renderWithProviders(<ApiKeyDialog onClose={() => {}} onSubmit={onSubmit} />, {
      preloadedState: openSource,
    });
    await userEvent.type(screen.getByLabelText('Key Name *'), 'Reader');
    await userEvent.click(screen.getByRole('button', { name: 'Choose by area' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Choose at least one permission, or give the key full access.',
    );
    expect(onSubmit).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Select all' }));
    await userEvent.click(screen.getByRole('button', { name: 'Clear all' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Chatflows: view' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Tools: view' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(onSubmit).toHaveBeenCalledWith({
      keyName: 'Reader',
      permissions: ['chatflows:view', 'tools:view'],
    });
  });

  it('opens a key with some permissions by area, those ticked', () => {
    const apiKey = {
      id: 'k1',
      keyName: 'Reader',
      permissions: ['chatflows:view'],
    } as unknown as ApiKey;
    renderWithProviders(
      <ApiKeyDialog apiKey={apiKey} onClose={() => {}} onSubmit={() => Promise.resolve()} />,
      {
        preloadedState: openSource,
      },
    );
    expect(screen.getByRole('button', { name: 'Choose by area', pressed: true })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Chatflows: view' })).toBeChecked();
    expect(screen.getByText('1 of', { exact: false })).toBeInTheDocument();
  });
});
