import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlatformType } from '@flowloom/shared';
import { signedIn } from '../../../../test/fixtures';
import { renderRoutes } from '../../../../test/renderWithProviders';
import type { AuthState } from '../../../../features/auth/authSlice';
import { initialSettings } from '../../../settingsSlice';
import { Header } from './Header';

function renderHeader(platform: PlatformType, auth: AuthState) {
  return renderRoutes([{ path: '/', element: <Header /> }], {
    path: '/',
    preloadedState: { auth, settings: { ...initialSettings, platform, loaded: true } },
  });
}

async function openUserMenu() {
  await userEvent.click(screen.getByRole('button', { name: 'Open user menu' }));
  return within(await screen.findByRole('menu'));
}

beforeEach(() => {
  // The star-count endpoint is on the internet: offline by default.
  vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
});
afterEach(() => vi.restoreAllMocks());

describe('header', () => {
  it('links the logo to /chatflows and has the menu toggle and dark-mode switch', () => {
    renderHeader('open-source', signedIn());
    expect(screen.getByRole('link', { name: 'Flowloom home' })).toHaveAttribute('href', '/chatflows');
    expect(screen.getByRole('button', { name: 'Toggle menu' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Switch to dark mode' })).toBeInTheDocument();
  });

  it('toggles dark mode in the store', async () => {
    const { store } = renderHeader('open-source', signedIn());
    await userEvent.click(screen.getByRole('switch', { name: 'Switch to dark mode' }));
    expect(store.getState().customization.isDarkMode).toBe(true);
  });

  it('open source: the user menu has Export, Import, Version, Update Profile and Logout', async () => {
    renderHeader('open-source', signedIn({ permissions: [] }));
    const menu = await openUserMenu();
    expect(menu.getAllByRole('menuitem').map((i) => i.textContent)).toEqual([
      'Export',
      'Import',
      'Version',
      'Update Profile',
      'Logout',
    ]);
  });

  it('enterprise: Export and Import need workspace:export and workspace:import', async () => {
    renderHeader('enterprise', signedIn({ permissions: ['workspace:import'] }));
    const menu = await openUserMenu();
    expect(menu.queryByRole('menuitem', { name: 'Export' })).toBeNull();
    expect(menu.getByRole('menuitem', { name: 'Import' })).toBeInTheDocument();
  });

  it('hides Update Profile for SSO users and on cloud', async () => {
    renderHeader('enterprise', signedIn({ isSSO: true, isGlobal: true }));
    expect((await openUserMenu()).queryByRole('menuitem', { name: 'Update Profile' })).toBeNull();
  });

  it('cloud: organization chips, Upgrade for organization admins only', () => {
    renderHeader('cloud', signedIn({ isGlobal: true, userOverrides: { isOrganizationAdmin: true } }));
    expect(screen.getByText("Ada Lovelace's Organization")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upgrade' })).toBeInTheDocument();
  });

  it('cloud: no Upgrade for other users', () => {
    renderHeader('cloud', signedIn());
    expect(screen.queryByRole('button', { name: 'Upgrade' })).toBeNull();
  });

  it('enterprise: the workspace switcher needs more than one workspace and feat:workspaces', () => {
    const two = [
      { id: 'ws-1', name: 'Default Workspace' },
      { id: 'ws-2', name: 'Research' },
    ];
    const { unmount } = renderHeader(
      'enterprise',
      signedIn({ features: { 'feat:workspaces': 'true' }, userOverrides: { assignedWorkspaces: two } }),
    );
    expect(screen.getByRole('button', { name: 'Switch workspace' })).toBeInTheDocument();
    unmount();
    renderHeader('enterprise', signedIn({ features: {}, userOverrides: { assignedWorkspaces: two } }));
    expect(screen.queryByRole('button', { name: 'Switch workspace' })).toBeNull();
  });

  it('shows the star count abbreviated, and nothing when the endpoint is unreachable', async () => {
    vi.mocked(globalThis.fetch).mockResolvedValueOnce(
      new Response(JSON.stringify({ stargazers_count: 45210, html_url: 'https://example.test/repo' }), {
        status: 200,
      }),
    );
    const { unmount } = renderHeader('open-source', signedIn());
    expect(await screen.findByRole('link', { name: '45210 stars' })).toHaveTextContent('45.2k');
    unmount();
    renderHeader('open-source', signedIn());
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('link', { name: /stars/ })).toBeNull();
  });
});
