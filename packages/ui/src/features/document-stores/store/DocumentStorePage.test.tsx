import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/renderWithProviders';
import {
  ALL_PERMISSIONS,
  documentStore,
  EMBEDDED_CONFIGS,
  fakeServer,
  json,
  loader,
  withPermissions,
} from '../test/fakeServer';
import DocumentStorePage from './DocumentStorePage';

const STORE = '/api/v1/document-store/store/store-1';

function renderPage(permissions = ALL_PERMISSIONS) {
  return renderRoutes(
    [
      { path: '/document-stores', element: <p>list page</p> },
      { path: '/document-stores/:storeId', element: <DocumentStorePage /> },
      { path: '/document-stores/:storeId/:name', element: <p>loader page</p> },
      { path: '/document-stores/chunks/:storeId/:fileId', element: <p>chunks page</p> },
      { path: '/document-stores/vector/:storeId', element: <p>vector page</p> },
      { path: '/canvas/:id', element: <p>canvas page</p> },
    ],
    { path: '/document-stores/store-1', preloadedState: withPermissions(permissions) },
  );
}

afterEach(() => vi.restoreAllMocks());

describe('Document store page', () => {
  it('shows the store, the flows using it and its loaders', async () => {
    fakeServer({
      [`GET ${STORE}`]: () => json(documentStore({ whereUsed: [{ id: 'flow-9', name: 'Support bot' }] })),
    });
    const { router } = renderPage();
    expect(await screen.findByRole('heading', { name: 'Handbook' })).toBeInTheDocument();
    expect(screen.getByText('How the lighthouse is run')).toBeInTheDocument();
    const row = screen.getByRole('row', { name: 'Chunks of Pdf File' });
    expect(within(row).getByRole('img', { name: 'SYNC' })).toBeInTheDocument();
    expect(row).toHaveTextContent('Recursive Character Text Splitter');
    expect(row).toHaveTextContent('handbook.pdf');
    expect(row).toHaveTextContent('4.2k');
    await userEvent.click(screen.getByRole('button', { name: 'Support bot' }));
    expect(router.state.location.pathname).toBe('/canvas/flow-9');
  });

  it("shows a loader's progress, and a failed loader's reason in red", async () => {
    fakeServer({
      [`GET ${STORE}`]: () =>
        json(
          documentStore({
            status: 'STALE',
            loaders: [
              loader({
                status: 'SYNCING',
                progress: { stage: 'saving', done: 40, total: 120, startedAt: 't' },
              }),
              loader({
                id: 'l2',
                loaderId: 'cheerioWebScraper',
                loaderName: 'Site',
                status: 'SYNCING',
                error: 'Could not fetch http://x/',
              }),
            ],
          }),
        ),
    });
    renderPage();
    expect(await screen.findByRole('progressbar', { name: 'Saving 40 of 120 chunks…' })).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: 'Chunks of Site' })).getByRole('alert')).toHaveTextContent(
      'Could not fetch http://x/',
    );
    expect(
      screen.getByText('Some files are pending processing. Please Refresh to get the latest status.'),
    ).toBeInTheDocument();
  });

  it('shows the running upsert and the last upsert failure', async () => {
    fakeServer({
      [`GET ${STORE}`]: () =>
        json(documentStore({ status: 'UPSERTING', upsertProgress: { done: 5, total: 12, startedAt: 't' } })),
    });
    renderPage();
    expect(await screen.findByText('Upserting: 5 of 12 chunks embedded…')).toBeInTheDocument();
    vi.restoreAllMocks();
    fakeServer({ [`GET ${STORE}`]: () => json(documentStore({ upsertError: 'Invalid API key' })) });
    renderPage();
    expect(await screen.findByText('The last upsert failed: Invalid API key')).toBeInTheDocument();
  });

  it('deletes a loader of an embedded store with its vectors first', async () => {
    const server = fakeServer({
      [`GET ${STORE}`]: () => json(documentStore({ ...EMBEDDED_CONFIGS, status: 'UPSERTED' })),
      'DELETE /api/v1/document-store/vectorstore/store-1': () => json({ numDeleted: 12 }),
      'DELETE /api/v1/document-store/loader/store-1/loader-1': () => json(documentStore({ loaders: [] })),
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Options of Pdf File' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete' });
    expect(dialog).toHaveTextContent(
      'Delete "Pdf File"? This will delete all the associated document chunks from the document store, and remove its data from the vector store.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Loader and associated document chunks deleted')).toBeInTheDocument();
    const deletes = server.calls.filter((call) => call.method === 'DELETE');
    expect(deletes.map((call) => `${call.url.pathname}${call.url.search}`)).toEqual([
      '/api/v1/document-store/vectorstore/store-1?docId=loader-1',
      '/api/v1/document-store/loader/store-1/loader-1',
    ]);
  });

  it('warns that vectors stay without a record manager, and deletes only the chunks', async () => {
    const server = fakeServer({
      [`GET ${STORE}`]: () =>
        json(
          documentStore({
            embeddingConfig: { name: 'openAIEmbeddings', config: {} },
            vectorStoreConfig: {
              name: 'pinecone',
              config: { pineconeIndex: 'docs', credential: 'secret-id' },
            },
          }),
        ),
      'GET /api/v1/nodes/pinecone': () =>
        json({
          name: 'pinecone',
          label: 'Pinecone',
          inputs: [{ label: 'Pinecone Index', name: 'pineconeIndex', type: 'string' }],
        }),
      'DELETE /api/v1/document-store/store/store-1': () => json({ deleted: 1 }),
    });
    const { router } = renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'More Actions' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete' });
    expect(dialog).toHaveTextContent(
      'Without a Record Manager configured, only the document chunks will be removed',
    );
    const table = await within(dialog).findByRole('table', { name: 'Pinecone settings' });
    expect(table).toHaveTextContent('Pinecone Index');
    expect(table).toHaveTextContent('docs');
    expect(table).not.toHaveTextContent('secret-id');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/document-stores'));
    expect(server.calls.filter((call) => call.method === 'DELETE').map((call) => call.url.pathname)).toEqual([
      '/api/v1/document-store/store/store-1',
    ]);
  });

  it('names the flows that read the store before it is deleted, not before a loader is', async () => {
    fakeServer({
      [`GET ${STORE}`]: () => json(documentStore({ whereUsed: [{ id: 'flow-9', name: 'Support bot' }] })),
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'More Actions' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete' });
    expect(dialog).toHaveTextContent(
      'A flow reads this document store: Support bot. It will fail to answer until another store is picked in it.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await userEvent.click(screen.getByRole('button', { name: 'Options of Pdf File' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    expect(screen.getByRole('dialog', { name: 'Delete' })).not.toHaveTextContent('fail to answer');
  });

  it('enables More Actions entries as the store allows', async () => {
    fakeServer({ [`GET ${STORE}`]: () => json(documentStore({ status: 'SYNC' })) });
    renderPage();
    await screen.findByRole('heading', { name: 'Handbook' });
    expect(screen.getByRole('button', { name: 'Use in a flow' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'More Actions' }));
    const enabled = (name: string) => !screen.getByRole('menuitem', { name }).hasAttribute('aria-disabled');
    expect(enabled('View & Edit Chunks')).toBe(true);
    expect(enabled('Upsert All Chunks')).toBe(true);
    expect(enabled('Retrieval Query')).toBe(false);
    expect(enabled('Refresh')).toBe(false);
  });

  it('refreshes an upserted store after a confirmation', async () => {
    const server = fakeServer({
      [`GET ${STORE}`]: () => json(documentStore({ status: 'UPSERTED', ...EMBEDDED_CONFIGS })),
      'POST /api/v1/document-store/refresh/store-1': () => json([{ docId: 'loader-1', numAdded: 0 }]),
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'More Actions' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Refresh' }));
    const confirm = screen.getByRole('dialog', { name: 'Refresh all loaders and upsert all chunks?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Document store refresh successfully!')).toBeInTheDocument();
    expect(server.called('POST', '/api/v1/document-store/refresh/store-1')).toHaveLength(1);
  });

  it('opens the loader page of a picked document loader', async () => {
    fakeServer({
      [`GET ${STORE}`]: () => json(documentStore({ loaders: [] })),
      'GET /api/v1/document-store/components/loaders': () =>
        json([
          { name: 'pdfFile', label: 'Pdf File', description: 'Reads PDF files', inputs: [] },
          { name: 'plainText', label: 'Plain Text', description: 'Text typed in here', inputs: [] },
        ]),
    });
    const { router } = renderPage();
    expect(await screen.findByText('No Document Added Yet')).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: 'Add Document Loader' })[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Select Document Loader' });
    await userEvent.type(within(dialog).getByPlaceholderText('Search'), 'plain');
    expect(within(dialog).queryByRole('button', { name: /^Pdf File/ })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: /^Plain Text/ }));
    expect(router.state.location.pathname).toBe('/document-stores/store-1/plainText');
  });

  it('hides what a viewer cannot do', async () => {
    fakeServer({ [`GET ${STORE}`]: () => json(documentStore()) });
    renderPage(['documentStores:view']);
    await userEvent.click(await screen.findByRole('button', { name: 'Options of Pdf File' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'View & Edit Chunks',
      'View API',
    ]);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('button', { name: 'Add Document Loader' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Document Store' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Use in a flow' })).toBeNull();
  });

  it('says why a store cannot be shown', async () => {
    fakeServer({
      [`GET ${STORE}`]: () => json({ statusCode: 404, message: 'Document store store-1 not found' }, 404),
    });
    renderPage();
    expect(await screen.findByText('Document store store-1 not found')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back to Document Stores' })).toBeInTheDocument();
  });
});
