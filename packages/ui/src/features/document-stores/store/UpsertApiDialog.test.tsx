import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { fakeServer, json } from '../test/fakeServer';
import { UpsertApiDialog } from './UpsertApiDialog';

const CONFIGS = '/api/v1/document-store/store-configs/store-1/loader-1';

afterEach(() => vi.restoreAllMocks());

describe('Upsert API dialog', () => {
  it('shows multipart samples for a loader of files, and the settings a call may override', async () => {
    fakeServer({
      [`GET ${CONFIGS}`]: () =>
        json([
          { node: 'Pdf File', nodeId: 'pdfFile_0', label: 'Pdf File', name: 'files', type: '.pdf' },
          { node: 'Pdf File', nodeId: 'pdfFile_0', label: 'Usage', name: 'usage', type: 'perPage, perFile' },
          {
            node: 'OpenAI Embeddings',
            nodeId: 'openAIEmbeddings_0',
            label: 'Model Name',
            name: 'modelName',
            type: 'string',
          },
        ]),
    });
    renderWithProviders(<UpsertApiDialog storeId="store-1" loaderId="loader-1" onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Upsert API' });
    expect(
      within(dialog).getByText(
        'Upsert API can only be used when the existing document loader has been upserted before.',
      ),
    ).toBeInTheDocument();
    const python = await within(dialog).findByLabelText('Python code');
    expect(python).toHaveTextContent('/api/v1/document-store/upsert/store-1');
    expect(python).toHaveTextContent('files=files, data=body_data');
    expect(python).toHaveTextContent('"docId": "loader-1"');
    await userEvent.click(within(dialog).getByRole('tab', { name: 'cURL' }));
    expect(within(dialog).getByLabelText('cURL code')).toHaveTextContent("-F 'files=@my-file.pdf'");

    expect(within(dialog).getByText('You can override existing configurations:')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: /OpenAI Embeddings/ }));
    expect(within(dialog).getByRole('table', { name: 'OpenAI Embeddings settings' })).toHaveTextContent(
      'modelName',
    );
  });

  it('shows JSON samples for a loader without files', async () => {
    fakeServer({
      [`GET ${CONFIGS}`]: () =>
        json([{ node: 'Plain Text', nodeId: 'plainText_0', label: 'Text', name: 'text', type: 'string' }]),
    });
    renderWithProviders(<UpsertApiDialog storeId="store-1" loaderId="loader-1" onClose={() => undefined} />);
    await userEvent.click(await screen.findByRole('tab', { name: 'JavaScript' }));
    const code = screen.getByLabelText('JavaScript code');
    expect(code).toHaveTextContent('"Content-Type": "application/json"');
    expect(code).not.toHaveTextContent('FormData');
  });

  it('says why the settings could not be loaded', async () => {
    fakeServer({
      [`GET ${CONFIGS}`]: () => json({ statusCode: 404, message: 'Document loader loader-1 not found' }, 404),
    });
    renderWithProviders(<UpsertApiDialog storeId="store-1" loaderId="loader-1" onClose={() => undefined} />);
    expect(await screen.findByText('Document loader loader-1 not found')).toBeInTheDocument();
  });
});
