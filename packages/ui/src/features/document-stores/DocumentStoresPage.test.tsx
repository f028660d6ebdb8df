import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/renderWithProviders';
import DocumentStoresPage from './DocumentStoresPage';
import {
  ALL_PERMISSIONS,
  documentStore,
  EMBEDDED_CONFIGS,
  fakeServer,
  json,
  loader,
  withPermissions,
} from './test/fakeServer';

const LIST = '/api/v1/document-store/store';

function renderPage(permissions = ALL_PERMISSIONS) {
  return renderRoutes(
    [
      { path: '/document-stores', element: <DocumentStoresPage /> },
      { path: '/document-stores/:storeId', element: <p>store page</p> },
    ],
    { path: '/document-stores', preloadedState: withPermissions(permissions) },
  );
}

const stores = [
  documentStore({
    whereUsed: ['flow-1', 'flow-2'],
    loaders: [loader(), loader({ id: 'l2', loaderId: 'cheerioWebScraper', loaderName: 'Site' })],
    status: 'UPSERTED',
    totalChars: 1234,
  }),
  documentStore({
    id: 'store-2',
    name: 'Empty',
    description: null,
    loaders: [],
    status: 'EMPTY',
    totalChars: 0,
    totalChunks: 0,
  }),
];

beforeEach(() => localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('Document Stores list', () => {
  it('shows a server page of stores with status, use, size and loader types', async () => {
    const server = fakeServer({ [`GET ${LIST}`]: () => json({ total: 2, data: stores }) });
    renderPage();
    const card = (await screen.findByRole('button', { name: 'Open Handbook' })).closest(
      '.MuiCard-root',
    ) as HTMLElement;
    expect(Object.fromEntries(server.called('GET', LIST)[0]!.url.searchParams)).toEqual({
      page: '1',
      limit: '12',
    });
    expect(within(card).getByText('UPSERTED')).toBeInTheDocument();
    expect(within(card).getByText('2 flows')).toBeInTheDocument();
    expect(within(card).getByText('1.2k chars')).toBeInTheDocument();
    expect(within(card).getByText('12 chunks')).toBeInTheDocument();
    expect(within(card).getByTitle('Site')).toBeInTheDocument();
    expect(screen.getByText('EMPTY')).toBeInTheDocument();
  });

  it('searches by name or description on the page', async () => {
    fakeServer({ [`GET ${LIST}`]: () => json({ total: 2, data: stores }) });
    renderPage();
    await screen.findByRole('button', { name: 'Open Handbook' });
    await userEvent.type(screen.getByRole('textbox', { name: 'Search Name' }), 'lighthouse');
    expect(screen.getByRole('button', { name: 'Open Handbook' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open Empty' })).toBeNull();
  });

  it('adds a store and lists it again', async () => {
    let list = [stores[1]!];
    const server = fakeServer({
      [`GET ${LIST}`]: () => json({ total: list.length, data: list }),
      [`POST ${LIST}`]: () => {
        list = [...list, documentStore({ id: 'store-3', name: 'Fresh' })];
        return json({ id: 'store-3' }, 201);
      },
    });
    renderPage();
    await screen.findByRole('button', { name: 'Open Empty' });
    await userEvent.click(screen.getByRole('button', { name: 'Add New' }));
    const dialog = screen.getByRole('dialog', { name: 'Add New Document Store' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(within(dialog).getByText('Name is required')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Fresh');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'New facts');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('New Document Store created.')).toBeInTheDocument();
    expect(server.called('POST', LIST)[0]!.body).toEqual({ name: 'Fresh', description: 'New facts' });
    expect(await screen.findByRole('button', { name: 'Open Fresh' })).toBeInTheDocument();
  });

  it('deletes the vectors of an embedded store before the store, after a confirmation', async () => {
    const embedded = documentStore({ ...EMBEDDED_CONFIGS, status: 'UPSERTED' });
    const server = fakeServer({
      [`GET ${LIST}`]: () => json({ total: 1, data: [embedded] }),
      'DELETE /api/v1/document-store/vectorstore/store-1': () => json({ numDeleted: 12 }),
      'DELETE /api/v1/document-store/store/store-1': () => json({ deleted: 1 }),
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Actions of Handbook' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete document store' });
    expect(confirm).toHaveTextContent('its data is removed from the vector store');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Document store deleted')).toBeInTheDocument();
    const deletes = server.calls.filter((call) => call.method === 'DELETE').map((call) => call.url.pathname);
    expect(deletes).toEqual([
      '/api/v1/document-store/vectorstore/store-1',
      '/api/v1/document-store/store/store-1',
    ]);
  });

  it('keeps the store when its vectors cannot be deleted, and says why', async () => {
    const server = fakeServer({
      [`GET ${LIST}`]: () => json({ total: 1, data: [documentStore(EMBEDDED_CONFIGS)] }),
      'DELETE /api/v1/document-store/vectorstore/store-1': () =>
        json({ statusCode: 400, message: 'The embeddings credential is gone' }, 400),
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Actions of Handbook' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText('Failed to delete document store: The embeddings credential is gone'),
    ).toBeInTheDocument();
    expect(server.called('DELETE', '/api/v1/document-store/store/store-1')).toHaveLength(0);
  });

  it('renames a store', async () => {
    const server = fakeServer({
      [`GET ${LIST}`]: () => json({ total: 1, data: [stores[0]] }),
      'PUT /api/v1/document-store/store/store-1': () => json(documentStore({ name: 'Manual' })),
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Actions of Handbook' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Rename' }));
    const dialog = screen.getByRole('dialog', { name: 'Rename Document Store' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await userEvent.clear(name);
    await userEvent.type(name, 'Manual');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.called('PUT', '/api/v1/document-store/store/store-1')).toHaveLength(1));
    expect(server.called('PUT', '/api/v1/document-store/store/store-1')[0]!.body).toEqual({ name: 'Manual' });
  });

  it('hides adding, renaming and deleting from a viewer', async () => {
    fakeServer({ [`GET ${LIST}`]: () => json({ total: 2, data: stores }) });
    renderPage(['documentStores:view']);
    await screen.findByRole('button', { name: 'Open Handbook' });
    expect(screen.queryByRole('button', { name: 'Add New' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Actions of Handbook' })).toBeNull();
  });

  it('opens a store', async () => {
    fakeServer({ [`GET ${LIST}`]: () => json({ total: 2, data: stores }) });
    const { router } = renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Open Handbook' }));
    expect(router.state.location.pathname).toBe('/document-stores/store-1');
  });

  it('says when the stores cannot be loaded, with the server message', async () => {
    fakeServer({ [`GET ${LIST}`]: () => json({ statusCode: 500, message: 'Database is down' }, 500) });
    renderPage();
    expect(await screen.findByText('Failed to load document stores: Database is down')).toBeInTheDocument();
    expect(screen.getByText('Document Store could not be loaded')).toBeInTheDocument();
  });
});
