import type { ChunkPage, DocumentStoreChunk } from '@flowloom/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/renderWithProviders';
import { ALL_PERMISSIONS, fakeServer, json, loader, withPermissions } from '../test/fakeServer';
import ChunksPage from './ChunksPage';

const chunk = (n: number): DocumentStoreChunk => ({
  id: `chunk-${n}`,
  docId: 'loader-1',
  storeId: 'store-1',
  chunkNo: n,
  pageContent: `Text of chunk ${n}`,
  metadata: JSON.stringify({ page: n }),
});

const page = (pageNo: number, count = 120): ChunkPage => ({
  chunks: Array.from({ length: Math.min(50, count - (pageNo - 1) * 50) }, (_, i) =>
    chunk((pageNo - 1) * 50 + i + 1),
  ),
  count,
  file: loader(),
  currentPage: pageNo,
  storeName: 'Handbook',
  description: null,
  workspaceId: 'ws-1',
  docId: 'loader-1',
  characters: 4200,
});

const PAGE = (n: number) => `/api/v1/document-store/chunks/store-1/loader-1/${n}`;

function renderPage(permissions = ALL_PERMISSIONS) {
  return renderRoutes([{ path: '/document-stores/chunks/:storeId/:fileId', element: <ChunksPage /> }], {
    path: '/document-stores/chunks/store-1/loader-1',
    preloadedState: withPermissions(permissions),
  });
}

afterEach(() => vi.restoreAllMocks());

/** Opens a chunk from its card. */
async function openChunk(name: string) {
  await userEvent.click(within(await screen.findByRole('article', { name })).getByRole('button'));
}

describe('Chunks page', () => {
  it('pages the chunks of a loader by 50', async () => {
    fakeServer({
      [`GET ${PAGE(1)}`]: () => json(page(1)),
      [`GET ${PAGE(2)}`]: () => json(page(2)),
      [`GET ${PAGE(3)}`]: () => json(page(3)),
    });
    renderPage();
    // A page holds 50 cards: role queries over all of them are slow in happy-dom, so the paging
    // buttons are found by their labels and the cards counted once.
    const next = () => screen.getByLabelText('Next page', { selector: 'button' });
    expect(await screen.findByRole('heading', { name: 'Pdf File (handbook.pdf)' })).toBeInTheDocument();
    expect(screen.getByText('Splitter: Recursive Character Text Splitter')).toBeInTheDocument();
    expect(screen.getByText('Showing 1-50 of 120 chunks')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(50);
    expect(screen.getByLabelText('Previous page', { selector: 'button' })).toBeDisabled();
    await userEvent.click(next());
    expect(await screen.findByText('Showing 51-100 of 120 chunks')).toBeInTheDocument();
    await userEvent.click(next());
    expect(await screen.findByText('Showing 101-120 of 120 chunks')).toBeInTheDocument();
    expect(screen.getByLabelText('#120. Characters: 17')).toBeInTheDocument();
    expect(next()).toBeDisabled();
  });

  it('edits a chunk: text and JSON metadata, checked before saving', async () => {
    const server = fakeServer({
      [`GET ${PAGE(1)}`]: () => json(page(1, 2)),
      'PUT /api/v1/document-store/chunks/store-1/loader-1/chunk-1': () => json(page(1, 2)),
    });
    renderPage();
    await openChunk('#1. Characters: 15');
    const dialog = screen.getByRole('dialog', { name: '#1. chunk-1' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Edit Chunk' }));
    const text = within(dialog).getByRole('textbox', { name: 'Text' });
    await userEvent.clear(text);
    await userEvent.type(text, 'A better text');
    const metadata = within(dialog).getByRole('textbox', { name: 'Metadata' });
    await userEvent.clear(metadata);
    await userEvent.type(metadata, '[[1, 2]');
    expect(within(dialog).getByText('Metadata must be a JSON object')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    await userEvent.clear(metadata);
    await userEvent.type(metadata, '{{"page": 1, "checked": true}');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Document chunk successfully edited!')).toBeInTheDocument();
    expect(server.called('PUT', '/api/v1/document-store/chunks/store-1/loader-1/chunk-1')[0]!.body).toEqual({
      pageContent: 'A better text',
      metadata: { page: 1, checked: true },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('keeps an edit open when the server refuses it, with its reason', async () => {
    fakeServer({
      [`GET ${PAGE(1)}`]: () => json(page(1, 2)),
      'PUT /api/v1/document-store/chunks/store-1/loader-1/chunk-1': () =>
        json({ statusCode: 400, message: 'A chunk holds at most 200000 characters' }, 400),
    });
    renderPage();
    await openChunk('#1. Characters: 15');
    await userEvent.click(screen.getByRole('button', { name: 'Edit Chunk' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Failed to edit chunk: A chunk holds at most 200000 characters'),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Text' })).toBeInTheDocument();
  });

  it('deletes a chunk after a confirmation naming it', async () => {
    const server = fakeServer({
      [`GET ${PAGE(1)}`]: () => json(page(1, 2)),
      'DELETE /api/v1/document-store/chunks/store-1/loader-1/chunk-2': () => json(page(1, 1)),
    });
    renderPage();
    await openChunk('#2. Characters: 15');
    await userEvent.click(screen.getByRole('button', { name: 'Delete Chunk' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete' });
    expect(confirm).toHaveTextContent('Delete chunk chunk-2 ? This action cannot be undone.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Document chunk successfully deleted!')).toBeInTheDocument();
    expect(server.called('DELETE', '/api/v1/document-store/chunks/store-1/loader-1/chunk-2')).toHaveLength(1);
  });

  it('shows chunks read-only to a viewer', async () => {
    fakeServer({ [`GET ${PAGE(1)}`]: () => json(page(1, 2)) });
    renderPage(['documentStores:view']);
    await openChunk('#1. Characters: 15');
    const dialog = screen.getByRole('dialog', { name: '#1. chunk-1' });
    expect(within(dialog).getByLabelText('Chunk metadata')).toHaveTextContent('"page": 1');
    expect(within(dialog).queryByRole('button', { name: 'Edit Chunk' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Delete Chunk' })).toBeNull();
  });

  it('says when there are no chunks', async () => {
    fakeServer({ [`GET ${PAGE(1)}`]: () => json(page(1, 0)) });
    renderPage();
    expect(await screen.findByText('No Chunks')).toBeInTheDocument();
    expect(screen.getByText('Showing 0-0 of 0 chunks')).toBeInTheDocument();
  });
});
