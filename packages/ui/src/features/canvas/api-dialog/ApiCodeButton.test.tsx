import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiKey, Chatflow, FlowConfigParam } from '@flowloom/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAppSelector } from '../../../app/useAppSelector';
import { renderRoutes } from '../../../test/renderWithProviders';
import { fakeServer, json, withPermissions } from '../../document-stores/test/fakeServer';
import { initialCanvas } from '../canvasSlice';
import { ApiCodeButton } from './ApiCodeButton';

afterEach(() => vi.restoreAllMocks());

const FLOW_DATA = JSON.stringify({
  nodes: [
    { id: 'chatOpenAI_0', data: { name: 'chatOpenAI', label: 'ChatOpenAI', inputs: {} } },
    {
      id: 'bufferMemory_0',
      data: { name: 'bufferMemory', label: 'Buffer Memory', inputs: { sessionId: '' } },
    },
  ],
  edges: [],
});

const chatflow = (overrides: Partial<Chatflow> = {}): Chatflow =>
  ({
    id: 'flow-1',
    name: 'Harbor',
    flowData: FLOW_DATA,
    type: 'CHATFLOW',
    apikeyid: null,
    isPublic: false,
    chatbotConfig: JSON.stringify({ starterPrompts: { 0: { prompt: 'Hi' } }, title: 'Old' }),
    apiConfig: JSON.stringify({ rateLimit: { status: true, limitMax: '5' } }),
    ...overrides,
  }) as Chatflow;

const PARAMS: FlowConfigParam[] = [
  {
    node: 'ChatOpenAI',
    nodeId: 'chatOpenAI_0',
    label: 'Model Name',
    name: 'modelName',
    type: 'asyncOptions',
  },
  { node: 'ChatOpenAI', nodeId: 'chatOpenAI_0', label: 'Temperature', name: 'temperature', type: 'number' },
  { node: 'Buffer Memory', nodeId: 'bufferMemory_0', label: 'Session Id', name: 'sessionId', type: 'string' },
];
const KEYS = [{ id: 'key-1', keyName: 'Website', apiKey: 'abc…xyz' }] as ApiKey[];

/** The canvas's flow from the store, as the editors pass it, so what the dialog saves shows. */
function Harness() {
  const flow = useAppSelector((state) => state.canvas.chatflow);
  return flow && <ApiCodeButton chatflow={flow} agentCanvas={false} />;
}

function setup({
  flow = chatflow(),
  permissions = ['chatflows:view', 'chatflows:update', 'apikeys:view', 'variables:view'],
}: { flow?: Chatflow; permissions?: string[] } = {}) {
  const server = fakeServer({
    'GET /api/v1/flow-config/flow-1': () => json(PARAMS),
    'GET /api/v1/variables': () => json([{ id: 'v1', name: 'region', type: 'static', value: 'eu' }]),
    'GET /api/v1/apikey': () => json(KEYS),
    'PUT /api/v1/chatflows/flow-1': (call) => json({ ...flow, ...(call.body as object) }),
  });
  const rendered = renderRoutes([{ path: '/canvas/:id', element: <Harness /> }], {
    path: '/canvas/flow-1',
    preloadedState: { ...withPermissions(permissions), canvas: { ...initialCanvas, chatflow: flow } },
  });
  return { server, ...rendered };
}

async function openDialog() {
  await userEvent.click(screen.getByRole('button', { name: 'API Endpoint' }));
  // The dialog's code loads on first use.
  return screen.findByRole('dialog', { name: 'Embed in website or use as API' }, { timeout: 10_000 });
}

describe('the API dialog', { timeout: 30_000 }, () => {
  it('shows the embed code and the prediction examples of the flow, JSON or form data', async () => {
    setup();
    const dialog = await openDialog();
    expect(within(dialog).getByLabelText('Popup Html code')).toHaveTextContent('chatflowid: "flow-1"');
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Fullpage React' }));
    expect(within(dialog).getByLabelText('Fullpage React code')).toHaveTextContent('<FullPageChat');

    await userEvent.click(within(dialog).getByRole('tab', { name: 'cURL' }));
    const curl = within(dialog).getByLabelText('cURL code');
    expect(curl).toHaveTextContent(`curl ${window.location.origin}/api/v1/prediction/flow-1`);
    expect(curl).toHaveTextContent(`-d '{"question":"Hey, how are you?"}'`);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Form data' }));
    expect(within(dialog).getByLabelText('cURL code')).toHaveTextContent("-F 'question=Hey, how are you?'");
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Python' }));
    expect(within(dialog).getByLabelText('Python code')).toHaveTextContent(
      'requests.post(API_URL, files=form_data)',
    );
  });

  it('starts with form data for a flow with a file input', async () => {
    const withFile = JSON.stringify({
      nodes: [{ id: 'pdf_0', data: { name: 'pdfFile', inputParams: [{ name: 'pdfFile', type: 'file' }] } }],
      edges: [],
    });
    setup({ flow: chatflow({ flowData: withFile }) });
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('tab', { name: 'cURL' }));
    expect(within(dialog).getByRole('button', { name: 'Form data' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(dialog).getByText(/This flow has a file input/)).toBeInTheDocument();
  });

  it('binds the flow to a key: the examples then carry the Authorization header, embedding is refused', async () => {
    const { server, store } = setup();
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('combobox', { name: /^API Key/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Website' }));
    await waitFor(() => expect(server.called('PUT', '/api/v1/chatflows/flow-1')).toHaveLength(1));
    expect(server.called('PUT', '/api/v1/chatflows/flow-1')[0]!.body).toEqual({ apikeyid: 'key-1' });
    expect(store.getState().canvas.chatflow?.apikeyid).toBe('key-1');
    expect(
      await within(dialog).findByText(/You cannot use API key while embedding chatbot/),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('tab', { name: 'cURL' }));
    expect(within(dialog).getByLabelText('cURL code')).toHaveTextContent(
      "-H 'Authorization: Bearer <your-api-key>'",
    );

    await userEvent.click(within(dialog).getByRole('combobox', { name: /^API Key/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'No Authorization' }));
    await waitFor(() => expect(store.getState().canvas.chatflow?.apikeyid).toBeNull());
    expect(server.called('PUT', '/api/v1/chatflows/flow-1')[1]!.body).toEqual({ apikeyid: null });
  });

  it('asks for no key list nor variables without their permissions, and offers no key picker without update', async () => {
    const { server } = setup({ permissions: ['chatflows:view'] });
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('tab', { name: 'cURL' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Show Override Config' }));
    expect(
      await within(dialog).findByRole('switch', { name: 'Enable Override Configuration' }),
    ).toBeDisabled();
    expect(within(dialog).queryByRole('button', { name: 'Save' })).toBeNull();
    expect(within(dialog).queryByRole('combobox', { name: /^API Key/ })).toBeNull();
    expect(server.called('GET', '/api/v1/apikey')).toHaveLength(0);
    expect(server.called('GET', '/api/v1/variables')).toHaveLength(0);
  });

  it('saves the override switches into apiConfig, keeping the rate limit, and the examples send them', async () => {
    const { server } = setup();
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('tab', { name: 'cURL' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Show Override Config' }));
    const enable = await within(dialog).findByRole('switch', { name: 'Enable Override Configuration' });
    await userEvent.click(enable);
    await userEvent.click(within(dialog).getByRole('button', { name: /^ChatOpenAI/ }));
    await userEvent.click(
      within(dialog).getByRole('switch', { name: 'Allow overriding temperature of ChatOpenAI' }),
    );
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Allow overriding variable region' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Override Configuration Saved')).toBeInTheDocument();
    const body = server.called('PUT', '/api/v1/chatflows/flow-1')[0]!.body as { apiConfig: string };
    expect(JSON.parse(body.apiConfig)).toEqual({
      rateLimit: { status: true, limitMax: '5' },
      overrideConfig: {
        status: true,
        nodes: { ChatOpenAI: [{ label: 'Temperature', name: 'temperature', type: 'number', enabled: true }] },
        variables: [{ id: 'v1', name: 'region', type: 'static', enabled: true }],
      },
    });
    expect(within(dialog).getByLabelText('cURL code')).toHaveTextContent(
      '"overrideConfig":{"temperature":1}',
    );
  });

  it('edits the chat look with a live preview and merges it into chatbotConfig', async () => {
    const { server } = setup();
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Share Chatbot' }));
    expect(within(dialog).getByRole('link', { name: 'Chatbot link' })).toHaveAttribute(
      'href',
      `${window.location.origin}/chatbot/flow-1`,
    );
    const preview = within(dialog).getByRole('figure', { name: 'Chatbot preview' });
    expect(within(preview).getByTestId('preview-title')).toHaveTextContent('Old');
    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    await userEvent.clear(title);
    await userEvent.type(title, 'Harbor helper');
    expect(within(preview).getByTestId('preview-title')).toHaveTextContent('Harbor helper');
    const userColor = within(dialog).getAllByRole('textbox', { name: 'Background Color' })[2]!;
    await userEvent.clear(userColor);
    await userEvent.type(userColor, '#00ff00');
    expect(within(preview).getByTestId('preview-user-message')).toHaveStyle({ backgroundColor: '#00ff00' });
    // The flow has session memory: a new session on each load is offered.
    expect(
      within(dialog).getByText('Start new session when chatbot link is opened or refreshed'),
    ).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Chatbot Configuration Saved')).toBeInTheDocument();
    const body = server.called('PUT', '/api/v1/chatflows/flow-1')[0]!.body as { chatbotConfig: string };
    expect(JSON.parse(body.chatbotConfig)).toMatchObject({
      starterPrompts: { 0: { prompt: 'Hi' } },
      title: 'Harbor helper',
      userMessage: { backgroundColor: '#00ff00', showAvatar: false },
      generateNewSession: false,
    });
  });

  it('refuses settings out of bounds with a message, sending nothing', async () => {
    const { server } = setup();
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Share Chatbot' }));
    const size = within(dialog).getByRole('spinbutton', { name: 'Font Size' });
    await userEvent.clear(size);
    await userEvent.type(size, '99');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Font size must be at most 48')).toBeInTheDocument();
    expect(server.called('PUT', '/api/v1/chatflows/flow-1')).toHaveLength(0);
  });

  it('makes the chatbot public at once', async () => {
    const { server } = setup();
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Share Chatbot' }));
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Make Public' }));
    expect(await screen.findByText('Chatbot is public')).toBeInTheDocument();
    expect(server.called('PUT', '/api/v1/chatflows/flow-1')[0]!.body).toEqual({ isPublic: true });
    expect(within(dialog).getByRole('switch', { name: 'Make Public' })).toBeChecked();
  });
});
