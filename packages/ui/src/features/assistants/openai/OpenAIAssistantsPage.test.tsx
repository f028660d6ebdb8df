import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/renderWithProviders';
import { fakeServer, json, withPermissions } from '../../document-stores/test/fakeServer';
import OpenAIAssistantsPage from './OpenAIAssistantsPage';

const row = (id: string, type: 'OPENAI' | 'AZURE', details: object) => ({
  id,
  details: JSON.stringify(details),
  credential: type === 'AZURE' ? 'cred-az' : 'cred-oa',
  iconSrc: null,
  type,
  workspaceId: 'ws-1',
  createdDate: '2026-01-01T00:00:00.000Z',
  updatedDate: '2026-01-02T00:00:00.000Z',
});

const CREDENTIALS = {
  openAIApi: [{ id: 'cred-oa', name: 'My OpenAI key', credentialName: 'openAIApi' }],
  azureOpenAIApi: [{ id: 'cred-az', name: 'Our Azure resource', credentialName: 'azureOpenAIApi' }],
};

const ALL = [
  'assistants:view',
  'assistants:create',
  'assistants:update',
  'assistants:delete',
  'credentials:view',
];

function server(rows: ReturnType<typeof row>[] = []) {
  return fakeServer({
    'GET /api/v1/assistants': ({ url }) => json(rows.filter((r) => r.type === url.searchParams.get('type'))),
    'GET /api/v1/credentials': ({ url }) =>
      json(CREDENTIALS[url.searchParams.get('credentialName') as keyof typeof CREDENTIALS] ?? []),
    'POST /api/v1/openai-assistants-file/upload': () =>
      json([{ id: 'file-1', filename: 'sales.csv', bytes: 2048, purpose: 'assistants' }]),
    'GET /api/v1/openai-assistants-vector-store': () => json([]),
    'POST /api/v1/openai-assistants-vector-store': ({ body }) =>
      json({ id: 'vs-1', name: (body as { name: string }).name, file_counts: { total: 0 } }),
    'POST /api/v1/assistants': () => json(row('a-new', 'OPENAI', {}), 201),
    'DELETE /api/v1/assistants/*': () => json({ message: 'deleted' }),
  });
}

const renderPage = (permissions = ALL) =>
  renderRoutes([{ path: '/assistants/openai', element: <OpenAIAssistantsPage /> }], {
    path: '/assistants/openai',
    preloadedState: withPermissions(permissions),
  });

/** Types by pasting: MUI fields re-render on every key, so typing letter by letter is slow. */
async function fill(field: HTMLElement, text: string) {
  await userEvent.click(field);
  await userEvent.paste(text);
}

async function chooseCredential(dialog: HTMLElement, name: string) {
  await userEvent.click(within(dialog).getByRole('combobox', { name: 'OpenAI Credential' }));
  await userEvent.click(await screen.findByRole('option', { name }));
}

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('the OpenAI assistants page', () => {
  it('lists the OpenAI and Azure assistants kept here, and searches them', async () => {
    server([
      row('a-1', 'OPENAI', {
        name: 'Support bot',
        model: 'gpt-4o',
        instructions: 'Answer from the manuals.',
      }),
      row('a-2', 'AZURE', { name: 'Azure helper', model: 'my-deployment' }),
    ]);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Table view' }));
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('row', { name: /Support bot/ })).toHaveTextContent('OpenAIgpt-4o');
    expect(within(table).getByRole('row', { name: /Azure helper/ })).toHaveTextContent('Azuremy-deployment');
    await userEvent.type(screen.getByRole('textbox', { name: 'Search Assistants' }), 'manuals');
    expect(within(table).queryByRole('row', { name: /Azure helper/ })).not.toBeInTheDocument();
  });

  it('adds an assistant with code interpreter files and a new vector store', async () => {
    const api = server();
    renderPage();
    expect(await screen.findByText('No OpenAI Assistants Added Yet')).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: 'Add' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Add New Assistant' });
    expect(within(dialog).getByRole('button', { name: 'Add' })).toBeDisabled();
    expect(within(dialog).getAllByText('Choose the credential first')).toHaveLength(2);

    await chooseCredential(dialog, 'My OpenAI key');
    expect(within(dialog).getByText('Add a vector store to upload files to')).toBeInTheDocument();
    await fill(within(dialog).getByRole('combobox', { name: 'Assistant Model' }), 'gpt-4o');
    await fill(within(dialog).getByRole('textbox', { name: 'Assistant Name' }), 'Sales analyst');
    await userEvent.upload(
      within(dialog).getByLabelText('Upload files to Code Interpreter Files'),
      new File(['month,total'], 'sales.csv', { type: 'text/csv' }),
    );
    expect(await within(dialog).findByText('sales.csv (2 KB)')).toBeInTheDocument();
    const [upload] = api.called('POST', '/api/v1/openai-assistants-file/upload');
    expect(upload!.url.searchParams.get('credential')).toBe('cred-oa');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Vector Store' }));
    const storeDialog = await screen.findByRole('dialog', { name: 'Add Vector Store' });
    await fill(within(storeDialog).getByRole('textbox', { name: 'Vector Store Name' }), 'Reports');
    await userEvent.click(within(storeDialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Vector store: Reports')).toBeInTheDocument();
    expect(api.called('POST', '/api/v1/openai-assistants-vector-store')[0]!.body).toEqual({
      name: 'Reports',
      expires_after: null,
    });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(api.called('POST', '/api/v1/assistants')).toHaveLength(1));
    const body = api.called('POST', '/api/v1/assistants')[0]!.body as { details: string; type: string };
    expect(body).toMatchObject({ type: 'OPENAI', credential: 'cred-oa' });
    expect(JSON.parse(body.details)).toMatchObject({
      name: 'Sales analyst',
      model: 'gpt-4o',
      tools: ['code_interpreter', 'file_search'],
      tool_resources: {
        code_interpreter: { file_ids: ['file-1'] },
        file_search: { vector_store_ids: ['vs-1'] },
      },
    });
  });

  it('makes an Azure assistant from an Azure OpenAI credential, named by its deployment', async () => {
    const api = server();
    renderPage();
    await userEvent.click((await screen.findAllByRole('button', { name: 'Add' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Add New Assistant' });
    await chooseCredential(dialog, 'Our Azure resource');
    expect(
      await within(dialog).findByText(/An Azure OpenAI credential makes an Azure assistant/),
    ).toBeTruthy();
    await fill(within(dialog).getByRole('combobox', { name: 'Deployment Name' }), 'gpt4o-prod');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(api.called('POST', '/api/v1/assistants')).toHaveLength(1));
    expect(api.called('POST', '/api/v1/assistants')[0]!.body).toMatchObject({
      type: 'AZURE',
      credential: 'cred-az',
    });
  });

  it('deletes only here or at OpenAI too, as chosen', async () => {
    const api = server([row('a-1', 'OPENAI', { id: 'asst_1', name: 'Support bot', model: 'gpt-4o' })]);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Table view' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Support bot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Assistant' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'OpenAI and Flowloom' }));
    await waitFor(() => expect(api.called('DELETE', '/api/v1/assistants/a-1')).toHaveLength(1));
    expect(api.called('DELETE', '/api/v1/assistants/a-1')[0]!.url.searchParams.get('isDeleteBoth')).toBe(
      'true',
    );
  });

  it('offers neither Add nor Load without assistants:create', async () => {
    server();
    renderPage(['assistants:view']);
    expect(await screen.findByText('No OpenAI Assistants Added Yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load' })).not.toBeInTheDocument();
  });
});
