import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/renderWithProviders';
import { urlOf } from '../../test/fetchCalls';
import { VersionDialog } from './VersionDialog';

afterEach(() => vi.restoreAllMocks());

const jsonResponse = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

describe('version dialog', () => {
  it('shows the current version, the latest release link and its relative date', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation((input) =>
      Promise.resolve(
        urlOf(input).includes('/api/v1/version')
          ? jsonResponse({ version: '0.1.0' })
          : jsonResponse({
              name: 'v0.2.0',
              html_url: 'https://example.test/releases/v0.2.0',
              published_at: new Date(Date.now() - 2 * 86_400_000).toISOString(),
            }),
      ),
    );
    renderWithProviders(<VersionDialog open onClose={() => undefined} />);
    expect(screen.getByText('Flowloom Version')).toBeInTheDocument();
    for (const header of ['Current Version', 'Latest Version', 'Published At']) {
      expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    expect(await screen.findByText('0.1.0')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'v0.2.0' })).toHaveAttribute(
      'href',
      'https://example.test/releases/v0.2.0',
    );
    expect(screen.getByText('2 days ago')).toBeInTheDocument();
  });

  it('shows "unknown" for the latest release when offline', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation((input) =>
      urlOf(input).includes('/api/v1/version')
        ? Promise.resolve(jsonResponse({ version: '0.1.0' }))
        : Promise.reject(new TypeError('Failed to fetch')),
    );
    renderWithProviders(<VersionDialog open onClose={() => undefined} />);
    expect(await screen.findByText('0.1.0')).toBeInTheDocument();
    expect(await screen.findAllByText('unknown')).toHaveLength(2);
  });
});
