import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Chatflow } from '@flowloom/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, json, withPermissions } from '../../document-stores/test/fakeServer';
import { flowiseFile } from '../../../test/flowiseFiles';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { VectorUpsertActions } from './VectorUpsertActions';

afterEach(() => vi.restoreAllMocks());

/** The Flowise "Conversational Retrieval QA Chain" export: Faiss fed by a Text File and a Document Store. */
const CRQA = flowiseFile('chatflows', 'Conversational Retrieval QA Chain.json') as {
  nodes: { id: string; data: { inputs: Record<string, unknown> } }[];
  edges: { target: string; targetHandle: string }[];
};

const chatflow = (flow: unknown = CRQA): Chatflow =>
  ({ id: 'flow-1', name: 'Docs QA', flowData: JSON.stringify(flow), type: 'CHATFLOW' }) as Chatflow;

const RESULT = {
  numAdded: 2,
  numUpdated: 0,
  numSkipped: 0,
  numDeleted: 1,
  addedDocs: [
    { pageContent: 'The lamp is lit at dusk.', metadata: { source: 'notes.txt' } },
    { pageContent: 'The keeper logs the weather.', metadata: {} },
  ],
};

function renderActions({
  flow,
  isDirty = false,
  onSave = vi.fn(() => Promise.resolve(chatflow())),
  permissions = ['chatflows:view', 'chatflows:update'],
}: {
  flow?: unknown;
  isDirty?: boolean;
  onSave?: () => Promise<Chatflow | null>;
  permissions?: string[];
} = {}) {
  renderWithProviders(<VectorUpsertActions chatflow={chatflow(flow)} isDirty={isDirty} onSave={onSave} />, {
    preloadedState: withPermissions(permissions),
  });
  return { onSave };
}

async function openDialog() {
  await userEvent.click(screen.getByRole('button', { name: 'Upsert Vector Database' }));
  return screen.findByRole('dialog', { name: 'Upsert Vector Store' });
}

describe('the canvas "Upsert Vector Database" button', () => {
  it('shows for a saved flow whose vector store has documents connected, and not otherwise', () => {
    const unfed = {
      ...CRQA,
      edges: CRQA.edges.filter((edge) => !edge.targetHandle.includes('-input-document-')),
    };
    const { unmount } = renderWithProviders(
      <VectorUpsertActions chatflow={chatflow(unfed)} isDirty={false} onSave={vi.fn()} />,
    );
    expect(screen.queryByRole('button', { name: 'Upsert Vector Database' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Upsert History' })).toBeNull();
    unmount();

    renderActions();
    expect(screen.getByRole('button', { name: 'Upsert Vector Database' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upsert History' })).toBeInTheDocument();
  });

  it('lists the vector store with its embeddings, loaders and splitter and their settings', async () => {
    fakeServer({});
    renderActions();
    const dialog = await openDialog();
    // One accordion per vector store, open when there is one.
    expect(within(dialog).getByRole('button', { name: 'Faiss faiss_0', expanded: true })).toBeInTheDocument();
    const components = within(dialog)
      .getAllByRole('heading', { level: 4 })
      .map((heading) => heading.textContent);
    expect(components).toEqual([
      'Faiss',
      'OpenAI Embeddings',
      'Text File',
      'Document Store',
      'Recursive Character Text Splitter',
    ]);
    expect(within(dialog).getByRole('table', { name: 'OpenAI Embeddings settings' })).toHaveTextContent(
      'Model Nametext-embedding-ada-002',
    );
    expect(
      within(dialog).getByRole('table', { name: 'Recursive Character Text Splitter settings' }),
    ).toHaveTextContent('Chunk Size1000');

    // The Text File loader reads files: the API examples upload one.
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Show API' }));
    const python = within(dialog).getByLabelText('Python code');
    expect(python).toHaveTextContent(`API_URL = "${window.location.origin}/api/v1/vector/upsert/flow-1"`);
    expect(python).toHaveTextContent('"files": ("example.txt", open("example.txt", "rb"))');
    // One vector store: no stop node needed.
    expect(python.textContent).not.toContain('stopNodeId');
    await userEvent.click(within(dialog).getByRole('tab', { name: 'cURL' }));
    expect(within(dialog).getByLabelText('cURL code')).toHaveTextContent("-F 'topK=2'");
  });

  it('upserts the store and shows the Upsert Record with the counts and the added documents', async () => {
    const server = fakeServer({ 'POST /api/v1/vector/internal-upsert/flow-1': () => json(RESULT) });
    renderActions();
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upsert' }));

    const record = await screen.findByRole('dialog', { name: 'Upsert Record' });
    expect(within(record).getByLabelText('Added: 2')).toBeInTheDocument();
    expect(within(record).getByLabelText('Deleted: 1')).toBeInTheDocument();
    expect(within(record).getByText('2 Added Documents')).toBeInTheDocument();
    expect(within(record).getByText('The lamp is lit at dusk.')).toBeInTheDocument();
    // A chatflow has no retrieval playground: Close only.
    expect(within(record).queryByRole('button', { name: 'Test Retrieval' })).toBeNull();
    expect(
      await screen.findByText('Successfully upserted vector store. You can start chatting now!'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Upsert Vector Store' })).toBeNull();

    const [call] = server.called('POST', '/api/v1/vector/internal-upsert/flow-1');
    expect(call!.body).toEqual({ stopNodeId: 'faiss_0' });
  });

  it("shows the server's message when the upsert fails, and keeps the dialog open", async () => {
    fakeServer({
      'POST /api/v1/vector/internal-upsert/flow-1': () =>
        json({ statusCode: 400, message: 'Text File: a file is required' }, 400),
    });
    renderActions();
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upsert' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Text File: a file is required');
    expect(within(dialog).getByRole('button', { name: 'Upsert' })).toBeEnabled();
    expect(screen.queryByRole('dialog', { name: 'Upsert Record' })).toBeNull();
  });

  it('saves unsaved changes first, when the user agrees, since the server upserts the saved flow', async () => {
    const server = fakeServer({ 'POST /api/v1/vector/internal-upsert/flow-1': () => json(RESULT) });
    const { onSave } = renderActions({ isDirty: true });
    const dialog = await openDialog();
    expect(within(dialog).getByText(/unsaved changes/)).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Upsert' }));
    const ask = await screen.findByRole('dialog', { name: 'Save before upserting' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Save before upserting' })).toBeNull());
    expect(onSave).not.toHaveBeenCalled();
    expect(server.called('POST', '/api/v1/vector/internal-upsert/flow-1')).toHaveLength(0);

    await userEvent.click(await within(dialog).findByRole('button', { name: 'Upsert' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Save before upserting' })).getByRole('button', {
        name: 'Save and upsert',
      }),
    );
    expect(await screen.findByRole('dialog', { name: 'Upsert Record' })).toBeInTheDocument();
    expect(onSave).toHaveBeenCalledTimes(1);
  });

  it('offers no Upsert to a user who may not edit the chatflow', async () => {
    fakeServer({});
    renderActions({ permissions: ['chatflows:view'] });
    const dialog = await openDialog();
    expect(within(dialog).getByRole('checkbox', { name: 'Show API' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Upsert' })).toBeNull();
  });

  it("opens the flow's upsert history", async () => {
    fakeServer({
      'GET /api/v1/upsert-history/flow-1': () =>
        json([
          {
            id: 'h1',
            chatflowid: 'flow-1',
            date: '2025-03-01T10:00:00.000Z',
            result: { numAdded: 4, numUpdated: 0, numSkipped: 0, numDeleted: 0 },
            flowData: [],
          },
        ]),
    });
    renderActions();
    await userEvent.click(screen.getByRole('button', { name: 'Upsert History' }));
    const drawer = screen.getByRole('region', { name: 'Upsert History' });
    expect(await within(drawer).findByText('Added: 4')).toBeInTheDocument();
  });
});
