import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/renderWithProviders';
import {
  ALL_PERMISSIONS,
  documentStore,
  EMBEDDED_CONFIGS,
  fakeServer,
  json,
  withPermissions,
} from '../test/fakeServer';
import RetrievalQueryPage from './RetrievalQueryPage';

const EMBEDDED = {
  name: 'embeddedVectorStore',
  label: 'Embedded Vector Store',
  version: 1,
  type: 'Embedded',
  category: 'Vector Stores',
  baseClasses: ['Embedded'],
  inputs: [
    { label: 'Embeddings', name: 'embeddings', type: 'Embeddings' },
    { label: 'Top K', name: 'topK', type: 'number', optional: true },
  ],
};
const QUERY = 'POST /api/v1/document-store/vectorstore/query';

function serverWith(
  routes: Parameters<typeof fakeServer>[0] = {},
  store = documentStore({ status: 'UPSERTED', ...EMBEDDED_CONFIGS }),
) {
  return fakeServer({
    'GET /api/v1/document-store/store/store-1': () => json(store),
    'GET /api/v1/nodes/embeddedVectorStore': () => json(EMBEDDED),
    ...routes,
  });
}

function renderPage(permissions = ALL_PERMISSIONS) {
  return renderRoutes(
    [
      { path: '/document-stores/query/:storeId', element: <RetrievalQueryPage /> },
      { path: '/document-stores/vector/:storeId', element: <p>vector page</p> },
    ],
    { path: '/document-stores/query/store-1', preloadedState: withPermissions(permissions) },
  );
}

afterEach(() => vi.restoreAllMocks());

describe('Retrieval playground', () => {
  it('sends the query on Enter (Shift+Enter is a new line) with the vector store fields', async () => {
    const server = serverWith({
      [QUERY]: () =>
        json({
          timeTaken: 12,
          docs: [
            {
              pageContent: 'Keep the lamp clean.',
              metadata: { source: 'notes' },
              id: 'c1',
              chunkNo: 3,
              score: 0.87345,
            },
            { pageContent: 'Log the weather.', metadata: {}, id: 'c2', chunkNo: 7, score: 0.5 },
          ],
        }),
    });
    renderPage();
    expect(
      await screen.findByText('Retrieval Playground - Test your vector store retrieval settings'),
    ).toBeInTheDocument();
    const topK = screen.getByRole('spinbutton', { name: 'Top K' });
    expect(topK).toHaveValue(4);
    await userEvent.clear(topK);
    await userEvent.type(topK, '2');
    const query = screen.getByRole('textbox', { name: 'Enter your Query' });
    await userEvent.type(query, 'lamp{Shift>}{Enter}{/Shift}care');
    expect(query).toHaveValue('lamp\ncare');
    expect(server.called('POST', '/api/v1/document-store/vectorstore/query')).toHaveLength(0);
    await userEvent.type(query, '{Enter}');

    expect(await screen.findByText('Count: 2. Time taken: 12 millis.')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: '#3. Characters: 20' })).toHaveTextContent('87.3% match');
    expect(screen.getByRole('article', { name: '#7. Characters: 16' })).toHaveTextContent('50% match');
    expect(server.called('POST', '/api/v1/document-store/vectorstore/query')[0]!.body).toEqual({
      storeId: 'store-1',
      query: 'lamp\ncare',
      inputs: { topK: 2 },
    });
  });

  it('says when nothing was retrieved, and shows a failure as the server said it', async () => {
    let answer = json({ timeTaken: 3, docs: [] });
    serverWith({ [QUERY]: () => answer });
    renderPage();
    const query = await screen.findByRole('textbox', { name: 'Enter your Query' });
    await userEvent.type(query, 'nothing{Enter}');
    expect(await screen.findByText('No Documents Retrieved')).toBeInTheDocument();
    answer = json({ statusCode: 400, message: 'Invalid API key for the embeddings' }, 400);
    await userEvent.type(query, '{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid API key for the embeddings');
    expect(screen.queryByText('No Documents Retrieved')).toBeNull();
  });

  it('saves the vector store fields', async () => {
    const server = serverWith({ 'POST /api/v1/document-store/vectorstore/update': () => json({}) });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Save Config' }));
    expect(await screen.findByText('Vector Store Config Successfully Updated')).toBeInTheDocument();
    expect(server.called('POST', '/api/v1/document-store/vectorstore/update')[0]!.body).toEqual({
      storeId: 'store-1',
      vectorStoreName: 'embeddedVectorStore',
      vectorStoreConfig: { topK: 4 },
    });
  });

  it('hides Save Config from a viewer', async () => {
    serverWith();
    renderPage(['documentStores:view']);
    await screen.findByRole('textbox', { name: 'Enter your Query' });
    expect(screen.queryByRole('button', { name: 'Save Config' })).toBeNull();
  });

  it('sends a store without a vector store to configure one', async () => {
    serverWith({}, documentStore());
    const { router } = renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Configure and upsert' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/document-stores/vector/store-1'));
  });
});
