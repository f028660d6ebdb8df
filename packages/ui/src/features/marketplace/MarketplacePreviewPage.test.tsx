import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initialSettings } from '../../app/settingsSlice';
import { signedIn } from '../../test/fixtures';
import { renderRoutes } from '../../test/renderWithProviders';
import { fakeServer, json } from '../document-stores/test/fakeServer';
import MarketplacePreviewPage from './MarketplacePreviewPage';

afterEach(() => vi.restoreAllMocks());

describe('Marketplace preview page', () => {
  it('looks an unknown id up in both lists and says it was not found, with a way back', async () => {
    const server = fakeServer({
      'GET /api/v1/marketplaces/templates': () => json([]),
      'GET /api/v1/marketplaces/custom': () => json([]),
    });
    const { router } = renderRoutes(
      [
        { path: '/marketplace/:id', element: <MarketplacePreviewPage v2={false} /> },
        { path: '/marketplaces', element: <p>marketplace list</p> },
      ],
      {
        path: '/marketplace/0b9c1f0e-1111-5222-8333-444455556666',
        preloadedState: {
          auth: signedIn({ permissions: ['templates:marketplace', 'templates:custom'] }),
          settings: { ...initialSettings, platform: 'enterprise' as const, loaded: true },
        },
      },
    );
    expect(
      await screen.findByText(
        'Template 0b9c1f0e-1111-5222-8333-444455556666 was not found. It may have been deleted.',
      ),
    ).toBeInTheDocument();
    expect(server.called('GET', '/api/v1/marketplaces/templates')).toHaveLength(1);
    expect(server.called('GET', '/api/v1/marketplaces/custom')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Back to Marketplace' }));
    expect(router.state.location.pathname).toBe('/marketplaces');
  });
});
