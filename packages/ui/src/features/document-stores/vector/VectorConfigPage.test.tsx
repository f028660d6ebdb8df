import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/renderWithProviders';
import { ALL_PERMISSIONS, documentStore, fakeServer, json, withPermissions } from '../test/fakeServer';
import VectorConfigPage from './VectorConfigPage';

const node = (name: string, label: string, category: string, inputs: unknown[], extra = {}) => ({
  name,
  label,
  version: 1,
  type: label,
  category,
  baseClasses: [label],
  description: `${label} description`,
  inputs,
  ...extra,
});
const OPENAI = node(
  'openAIEmbeddings',
  'OpenAI Embeddings',
  'Embeddings',
  [{ label: 'Model Name', name: 'modelName', type: 'string', default: 'text-embedding-3-small' }],
  {
    credential: {
      label: 'Connect Credential',
      name: 'credential',
      type: 'credential',
      credentialNames: ['openAIApi'],
    },
  },
);
const EMBEDDED = node('embeddedVectorStore', 'Embedded Vector Store', 'Vector Stores', [
  { label: 'Embeddings', name: 'embeddings', type: 'Embeddings' },
  { label: 'Record Manager', name: 'recordManager', type: 'RecordManager', optional: true },
  { label: 'Top K', name: 'topK', type: 'number', optional: true, additionalParams: true },
]);
const FAISS = node('faiss', 'Faiss', 'Vector Stores', [
  { label: 'Embeddings', name: 'embeddings', type: 'Embeddings' },
  { label: 'Base Path', name: 'basePath', type: 'string' },
]);
const SQLITE = node('SQLiteRecordManager', 'SQLite Record Manager', 'Record Manager', [
  {
    label: 'Cleanup',
    name: 'cleanup',
    type: 'options',
    options: [{ label: 'None', name: 'none' }],
    default: 'none',
    additionalParams: true,
  },
]);

function serverWith(routes: Parameters<typeof fakeServer>[0] = {}, store = documentStore()) {
  return fakeServer({
    'GET /api/v1/document-store/store/store-1': () => json(store),
    'GET /api/v1/document-store/components/embeddings': () => json([OPENAI]),
    'GET /api/v1/document-store/components/vectorstore': () => json([FAISS, EMBEDDED]),
    'GET /api/v1/document-store/components/recordmanager': () => json([SQLITE]),
    'GET /api/v1/credentials': () =>
      json([{ id: 'cred-1', name: 'My OpenAI key', credentialName: 'openAIApi' }]),
    ...routes,
  });
}

function renderPage(path = '/document-stores/vector/store-1', permissions = ALL_PERMISSIONS) {
  return renderRoutes(
    [
      { path: '/document-stores/vector/:storeId', element: <VectorConfigPage /> },
      { path: '/document-stores/vector/:storeId/:docId', element: <VectorConfigPage /> },
      { path: '/document-stores/query/:storeId', element: <p>query page</p> },
    ],
    { path, preloadedState: withPermissions(permissions) },
  );
}

async function pick(dialogName: string, component: RegExp) {
  const dialog = await screen.findByRole('dialog', { name: dialogName });
  await userEvent.click(await within(dialog).findByRole('button', { name: component }));
}

afterEach(() => vi.restoreAllMocks());

describe('Vector store configuration', () => {
  it('chooses embeddings, the embedded vector store first, a record manager, and upserts one loader', async () => {
    const server = serverWith({
      'POST /api/v1/document-store/vectorstore/insert': () =>
        json({
          numAdded: 2,
          numUpdated: 0,
          numSkipped: 1,
          numDeleted: 0,
          addedDocs: [
            { pageContent: 'Keep the lamp clean.', metadata: { docId: 'loader-1' } },
            { pageContent: 'Log the weather.', metadata: {} },
          ],
        }),
    });
    const { router } = renderPage('/document-stores/vector/store-1/loader-1');
    expect(await screen.findByRole('heading', { name: 'Handbook / Pdf File' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upsert' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Select Vector Store' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Select Embeddings' }));
    await pick('Select Embeddings Provider', /^OpenAI Embeddings/);
    await userEvent.click(screen.getByRole('button', { name: 'Select Vector Store' }));
    const vectorStores = await screen.findByRole('dialog', { name: 'Select a Vector Store Provider' });
    expect(within(vectorStores).getAllByRole('button')[0]).toHaveTextContent('Embedded Vector Store');
    await pick('Select a Vector Store Provider', /^Embedded Vector Store/);
    expect(screen.getByText(/it needs no settings/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Select Record Manager' }));
    await pick('Select a Record Manager', /^SQLite Record Manager/);

    // The credential is required.
    await userEvent.click(screen.getByRole('button', { name: 'Upsert' }));
    expect(await screen.findByText('Please fill in all mandatory fields.')).toBeInTheDocument();
    expect(server.called('POST', '/api/v1/document-store/vectorstore/insert')).toHaveLength(0);

    const embeddings = screen.getByRole('region', { name: 'Embeddings' });
    await userEvent.click(within(embeddings).getByRole('combobox', { name: 'Connect Credential' }));
    await userEvent.click(await screen.findByRole('option', { name: 'My OpenAI key' }));
    await userEvent.click(screen.getByRole('button', { name: 'Upsert' }));

    const record = await screen.findByRole('dialog', { name: 'Upsert Record' });
    expect(within(record).getByLabelText('Added: 2')).toBeInTheDocument();
    expect(within(record).getByLabelText('Skipped: 1')).toBeInTheDocument();
    expect(within(record).getByText('2 Added Documents')).toBeInTheDocument();
    expect(server.called('POST', '/api/v1/document-store/vectorstore/insert')[0]!.body).toEqual({
      storeId: 'store-1',
      docId: 'loader-1',
      isStrictSave: true,
      embeddingName: 'openAIEmbeddings',
      embeddingConfig: { modelName: 'text-embedding-3-small', credential: 'cred-1' },
      vectorStoreName: 'embeddedVectorStore',
      vectorStoreConfig: {},
      recordManagerName: 'SQLiteRecordManager',
      recordManagerConfig: { cleanup: 'none' },
    });
    await userEvent.click(within(record).getByRole('button', { name: 'Test Retrieval' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/document-stores/query/store-1'));
  });

  it('fills in the saved configuration and saves it', async () => {
    const server = serverWith(
      { 'POST /api/v1/document-store/vectorstore/save': () => json({}) },
      documentStore({
        embeddingConfig: { name: 'openAIEmbeddings', config: { credential: 'cred-1', modelName: 'big' } },
        vectorStoreConfig: { name: 'faiss', config: { basePath: '/data' } },
        recordManagerConfig: null,
      }),
    );
    renderPage();
    expect(await screen.findByRole('textbox', { name: 'Model Name' })).toHaveValue('big');
    expect(screen.getByRole('textbox', { name: 'Base Path' })).toHaveValue('/data');
    expect(
      screen.getByRole('button', { name: 'Record Manager is not applicable for selected Vector Store' }),
    ).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Save Config' }));
    expect(await screen.findByText('Configuration saved successfully')).toBeInTheDocument();
    expect(server.called('POST', '/api/v1/document-store/vectorstore/save')[0]!.body).toMatchObject({
      embeddingName: 'openAIEmbeddings',
      embeddingConfig: { credential: 'cred-1', modelName: 'big' },
      vectorStoreName: 'faiss',
      vectorStoreConfig: { basePath: '/data' },
      recordManagerName: '',
      recordManagerConfig: null,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.getByRole('button', { name: 'Select Embeddings' })).toBeInTheDocument();
  });

  it('shows why an upsert failed, as the server said it', async () => {
    serverWith(
      {
        'POST /api/v1/document-store/vectorstore/insert': () =>
          json(
            {
              statusCode: 400,
              message: 'There are no chunks to upsert: add a document loader and process it first',
            },
            400,
          ),
      },
      documentStore({
        embeddingConfig: { name: 'openAIEmbeddings', config: { credential: 'c' } },
        vectorStoreConfig: { name: 'embeddedVectorStore', config: {} },
      }),
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Upsert' }));
    expect(
      await screen.findByText(
        'Failed to upsert: There are no chunks to upsert: add a document loader and process it first',
      ),
    ).toBeInTheDocument();
  });

  it('lists the upsert history with the settings of each upsert', async () => {
    serverWith({
      'GET /api/v1/upsert-history/store-1': () =>
        json([
          {
            id: 'h1',
            chatflowid: 'store-1',
            date: '2025-03-01T10:00:00.000Z',
            result: { numAdded: 3, numUpdated: 0, numSkipped: 0, numDeleted: 1 },
            flowData: [
              {
                label: 'OpenAI Embeddings',
                name: 'openAIEmbeddings',
                category: 'Embeddings',
                id: 'openAIEmbeddings_0',
                paramValues: [{ label: 'Model Name', name: 'modelName', type: 'string', value: 'big' }],
              },
            ],
          },
        ]),
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Upsert History' }));
    const drawer = screen.getByRole('region', { name: 'Upsert History' });
    expect(await within(drawer).findByText('Added: 3')).toBeInTheDocument();
    expect(within(drawer).getByText('Deleted: 1')).toBeInTheDocument();
    await userEvent.click(within(drawer).getByRole('button', { name: 'Details' }));
    const table = screen.getByRole('table', { name: 'OpenAI Embeddings settings' });
    expect(table).toHaveTextContent('Model Name');
    expect(table).toHaveTextContent('big');
  });

  it('shows the configuration read-only to a viewer', async () => {
    serverWith({}, documentStore({ embeddingConfig: { name: 'openAIEmbeddings', config: {} } }));
    renderPage('/document-stores/vector/store-1', ['documentStores:view']);
    await screen.findByText('OpenAI Embeddings');
    expect(screen.queryByRole('button', { name: 'Upsert' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save Config' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Change Embeddings' })).toBeNull();
  });
});
