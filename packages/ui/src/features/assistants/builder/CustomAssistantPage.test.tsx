import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/renderWithProviders';
import { fakeServer, json, withPermissions, type Call } from '../../document-stores/test/fakeServer';
import CustomAssistantPage from './CustomAssistantPage';

const CHAT_OPENAI = {
  name: 'chatOpenAI',
  label: 'ChatOpenAI',
  version: 6,
  type: 'ChatOpenAI',
  category: 'Chat Models',
  baseClasses: ['ChatOpenAI'],
  description: '',
  icon: '',
  credential: {
    label: 'Connect Credential',
    name: 'credential',
    type: 'credential',
    credentialNames: ['openAIApi'],
  },
  inputs: [
    { label: 'Model Name', name: 'modelName', type: 'string', default: 'gpt-4o-mini' },
    { label: 'Temperature', name: 'temperature', type: 'number', default: 0.9, optional: true },
  ],
};
const CALCULATOR = {
  name: 'calculator',
  label: 'Calculator',
  version: 1,
  type: 'Calculator',
  category: 'Tools',
  baseClasses: ['Tool'],
  description: 'Perform calculations',
  icon: '',
  inputs: [],
};
const PERMISSIONS = [
  'assistants:view',
  'assistants:create',
  'assistants:update',
  'assistants:delete',
  'credentials:view',
];

const assistant = (details: object) => ({
  id: 'a-1',
  details: JSON.stringify(details),
  credential: null,
  iconSrc: null,
  type: 'CUSTOM',
  workspaceId: 'ws-1',
  createdDate: '2026-01-01T00:00:00.000Z',
  updatedDate: '2026-01-01T00:00:00.000Z',
});

function serverWith(details: object, routes: Parameters<typeof fakeServer>[0] = {}) {
  return fakeServer({
    'GET /api/v1/assistants/a-1': () => json(assistant(details)),
    'GET /api/v1/assistants/components/chatmodels': () => json([CHAT_OPENAI]),
    'GET /api/v1/assistants/components/tools': () => json([CALCULATOR]),
    'GET /api/v1/assistants/components/docstores': () =>
      json([{ name: 's-1', label: 'Rocket Facts', description: 'Space trivia' }]),
    'GET /api/v1/credentials': () =>
      json([{ id: 'cred-1', name: 'My OpenAI key', credentialName: 'openAIApi' }]),
    'GET /api/v1/chatmessage/a-1': () => json([]),
    'PUT /api/v1/assistants/a-1': (call: Call) =>
      json(
        assistant({
          ...JSON.parse((call.body as { details: string }).details),
          flowId: 'a-1',
        }),
      ),
    ...routes,
  });
}

const renderPage = (permissions = PERMISSIONS) =>
  renderRoutes(
    [
      { path: '/assistants/custom/:id', element: <CustomAssistantPage /> },
      { path: '/assistants/custom', element: <p>assistant list</p> },
    ],
    { path: '/assistants/custom/a-1', preloadedState: withPermissions(permissions) },
  );

const region = (name: string) => screen.findByRole('region', { name });

/** Replaces a field's text (pasted: typing long texts key by key is slow). */
async function fill(field: HTMLElement, text: string) {
  await userEvent.clear(field);
  await userEvent.click(field);
  await userEvent.paste(text);
}

async function chooseModel() {
  await userEvent.click(within(await region('Chat Model')).getByRole('combobox', { name: 'Select Model' }));
  await userEvent.click(await screen.findByRole('option', { name: 'ChatOpenAI' }));
  await userEvent.click(
    within(await region('Chat Model')).getByRole('combobox', { name: 'Connect Credential' }),
  );
  await userEvent.click(await screen.findByRole('option', { name: 'My OpenAI key' }));
}

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('the custom assistant builder', () => {
  it('builds an assistant from a model, instructions, a tool and a document store, and saves its details', async () => {
    const server = serverWith({ name: 'Helper', instruction: '' });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Helper' })).toBeInTheDocument();
    // A new assistant starts with the usual instruction and nothing to chat with.
    expect(within(await region('Instructions')).getByRole('textbox', { name: 'Instructions' })).toHaveValue(
      'You are a helpful assistant.',
    );
    expect(
      within(await region('Preview')).getByText(/Save the assistant to chat with it/),
    ).toBeInTheDocument();

    // Saving without a model says what is missing, and sends nothing.
    await userEvent.click(screen.getByRole('button', { name: 'Save Assistant' }));
    expect(
      await screen.findByText(/Please fill in all mandatory fields: Choose a chat model/),
    ).toBeInTheDocument();
    expect(server.called('PUT', '/api/v1/assistants/a-1')).toHaveLength(0);

    await chooseModel();
    const instructions = within(await region('Instructions')).getByRole('textbox', { name: 'Instructions' });
    await fill(instructions, 'You answer questions about space.');
    await userEvent.click(screen.getByRole('button', { name: 'Add Tool' }));
    const tool = screen.getByRole('group', { name: 'Tool 1' });
    await userEvent.click(within(tool).getByRole('combobox', { name: 'Tool' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Calculator' }));
    await userEvent.click(
      within(await region('Knowledge (Document Stores)')).getByRole('combobox', { name: 'Document Stores' }),
    );
    await userEvent.click(await screen.findByRole('option', { name: 'Rocket Facts' }));
    const knowledge = screen.getByRole('group', { name: 'Knowledge Rocket Facts' });
    const description = within(knowledge).getByRole('textbox', { name: 'Describe Knowledge' });
    expect(description).toHaveValue('Space trivia');
    await fill(description, 'Facts about rockets');

    await userEvent.click(screen.getByRole('button', { name: 'Save Assistant' }));
    expect(await screen.findByText('Assistant saved')).toBeInTheDocument();
    const [saved] = server.called('PUT', '/api/v1/assistants/a-1');
    expect(JSON.parse((saved!.body as { details: string }).details)).toEqual({
      name: 'Helper',
      chatModel: {
        name: 'chatOpenAI',
        inputs: { modelName: 'gpt-4o-mini', temperature: 0.9 },
        credential: 'cred-1',
      },
      instruction: 'You answer questions about space.',
      documentStores: [
        { id: 's-1', name: 'Rocket Facts', description: 'Facts about rockets', returnSourceDocuments: false },
      ],
      tools: [{ name: 'calculator', inputs: {} }],
    });
    expect(within(await region('Preview')).queryByText(/Save the assistant/)).not.toBeInTheDocument();
  });

  it('writes the instructions with the chosen model from a described task', async () => {
    const server = serverWith(
      { name: 'Helper', instruction: '' },
      {
        'POST /api/v1/assistants/generate/instruction': () =>
          json({ content: 'You are the bakery assistant. Answer politely.' }),
      },
    );
    renderPage();
    await screen.findByRole('heading', { name: 'Helper' });
    await userEvent.click(within(await region('Instructions')).getByRole('button', { name: 'Generate' }));
    expect(
      await screen.findByText('Choose a chat model first: it writes the instructions.'),
    ).toBeInTheDocument();

    await chooseModel();
    await userEvent.click(within(await region('Instructions')).getByRole('button', { name: 'Generate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Generate Instructions' });
    await fill(within(dialog).getByRole('textbox', { name: 'Task' }), 'Help bakery customers');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(await region('Instructions')).getByRole('textbox', { name: 'Instructions' })).toHaveValue(
      'You are the bakery assistant. Answer politely.',
    );
    expect(server.called('POST', '/api/v1/assistants/generate/instruction')[0]!.body).toEqual({
      task: 'Help bakery customers',
      selectedChatModel: {
        name: 'chatOpenAI',
        inputs: { modelName: 'gpt-4o-mini', temperature: 0.9 },
        credential: 'cred-1',
      },
    });
  });

  it('saves changes before a question goes to the preview chat, then asks the assistant flow', async () => {
    const saved = {
      name: 'Helper',
      instruction: 'Be brief.',
      flowId: 'a-1',
      chatModel: { name: 'chatOpenAI', inputs: { modelName: 'gpt-4o' }, credential: 'cred-1' },
      tools: [],
      documentStores: [],
    };
    const server = serverWith(saved, {
      'POST /api/v1/internal-prediction/a-1': () =>
        json({ text: 'Hello from the assistant', chatMessageId: 'm-1' }),
    });
    renderPage();
    const instructions = await screen.findByRole('textbox', { name: 'Instructions' });
    await fill(instructions, 'Be brief. And kind.');
    expect(within(await region('Preview')).getByText(/Unsaved changes/)).toBeInTheDocument();

    const composer = within(await region('Preview')).getByRole('textbox');
    await userEvent.type(composer, 'Hi{Enter}');
    expect(await within(await region('Preview')).findByText('Hello from the assistant')).toBeInTheDocument();
    const order = server.calls
      .filter((call) => call.method !== 'GET')
      .map((call) => `${call.method} ${call.url.pathname}`);
    expect(order).toEqual(['PUT /api/v1/assistants/a-1', 'POST /api/v1/internal-prediction/a-1']);
    expect(
      JSON.parse((server.called('PUT', '/api/v1/assistants/a-1')[0]!.body as { details: string }).details)
        .instruction,
    ).toBe('Be brief. And kind.');

    // Unchanged, the next question goes straight out.
    await userEvent.type(composer, 'Again{Enter}');
    await waitFor(() => expect(server.called('POST', '/api/v1/internal-prediction/a-1')).toHaveLength(2));
    expect(server.called('PUT', '/api/v1/assistants/a-1')).toHaveLength(1);
  });

  it('deletes the assistant after a confirmation and goes back to the list', async () => {
    const server = serverWith(
      { name: 'Helper' },
      { 'DELETE /api/v1/assistants/a-1': () => json({ message: 'deleted' }) },
    );
    const { router } = renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete assistant' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent(
      'Delete custom assistant "Helper"? Its flow and its chat messages are deleted too.',
    );
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/assistants/custom'));
    expect(server.called('DELETE', '/api/v1/assistants/a-1')).toHaveLength(1);
  });

  it('hides Save and Delete from a viewer', async () => {
    serverWith({ name: 'Helper' });
    renderPage(['assistants:view']);
    await screen.findByRole('heading', { name: 'Helper' });
    expect(screen.queryByRole('button', { name: 'Save Assistant' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete assistant' })).not.toBeInTheDocument();
  });

  it('shows the server message when the assistant is missing', async () => {
    serverWith(
      { name: 'Helper' },
      { 'GET /api/v1/assistants/a-1': () => json({ message: 'Assistant a-1 not found' }, 404) },
    );
    renderPage();
    expect(await screen.findByText('This assistant could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('Assistant a-1 not found')).toBeInTheDocument();
  });
});
