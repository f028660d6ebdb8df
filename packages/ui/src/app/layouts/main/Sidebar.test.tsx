import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PlatformType } from '@flowloom/shared';
import { signedIn } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/renderWithProviders';
import { initialCustomization } from '../../customizationSlice';
import { initialSettings } from '../../settingsSlice';
import { Sidebar } from './Sidebar';

function renderSidebar(platform: PlatformType, path = '/tools') {
  return renderRoutes([{ path: '*', element: <Sidebar /> }], {
    path,
    preloadedState: {
      auth: signedIn({ isGlobal: true, features: { 'feat:logs': 'true' } }),
      settings: { ...initialSettings, platform, loaded: true },
      customization: { ...initialCustomization(), opened: true },
    },
  });
}

describe('side menu', () => {
  it('marks the current page and shows only groups with visible items', () => {
    renderSidebar('enterprise');
    expect(screen.getByRole('link', { name: 'Tools' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Logs' })).toHaveAttribute('href', '/logs');
    expect(screen.getByText('Others')).toBeInTheDocument();
    expect(screen.queryByText('Evaluations')).toBeNull();
    expect(screen.queryByText('User & Workspace Management')).toBeNull();
  });

  it('cloud adds Documentation and Logout at the bottom', () => {
    renderSidebar('cloud');
    expect(screen.getByRole('link', { name: 'Documentation' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('open source has no Documentation or Logout links', () => {
    renderSidebar('open-source');
    expect(screen.queryByRole('link', { name: 'Documentation' })).toBeNull();
  });
});
