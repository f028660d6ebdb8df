import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonBodyOf, urlOf } from '../../test/fetchCalls';
import { renderWithProviders } from '../../test/renderWithProviders';
import { signedIn } from '../../test/fixtures';
import { initialSettings } from '../../app/settingsSlice';
import { ViewMessagesDialog } from './ViewMessagesDialog';
import type { ViewerRow } from './messageViewer';

const json = (value: unknown, status = 200) =>
  new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });

const flow = { id: 'flow-1', name: 'Support bot', type: 'CHATFLOW' };

function row(overrides: Partial<ViewerRow> & Pick<ViewerRow, 'id' | 'role' | 'content'>): ViewerRow {
  return {
    chatflowid: 'flow-1',
    chatId: 'chat-a',
    chatType: 'INTERNAL',
    memoryType: null,
    sessionId: 'chat-a',
    createdDate: '2026-03-01T10:00:00.000Z',
    feedback: null,
    ...overrides,
  };
}

/** A page of two sessions, newest first (the server's order). */
const page: ViewerRow[] = [
  row({
    id: 'b2',
    role: 'apiMessage',
    content: 'Newest answer',
    chatId: 'chat-b',
    sessionId: 'chat-b',
    memoryType: 'Buffer Memory',
    createdDate: '2026-03-02T10:00:01.000Z',
  }),
  row({
    id: 'b1',
    role: 'userMessage',
    content: 'Newest question',
    chatId: 'chat-b',
    sessionId: 'chat-b',
    memoryType: 'Buffer Memory',
    createdDate: '2026-03-02T10:00:00.000Z',
  }),
  row({ id: 'a2', role: 'apiMessage', content: 'Older answer', createdDate: '2026-03-01T10:00:01.000Z' }),
  row({ id: 'a1', role: 'userMessage', content: 'Older question' }),
];

/** The newest conversation, oldest first, with what an answer can carry. */
const conversation: ViewerRow[] = [
  row({
    id: 'b1',
    role: 'userMessage',
    content: 'Newest question',
    chatId: 'chat-b',
    sessionId: 'chat-b',
    memoryType: 'Buffer Memory',
    leadEmail: 'grace@example.com',
    fileUploads: [{ type: 'stored-file', name: 'notes.txt', mime: 'text/plain' }],
  }),
  row({
    id: 'b2',
    role: 'apiMessage',
    content: 'Newest **answer**',
    chatId: 'chat-b',
    sessionId: 'chat-b',
    memoryType: 'Buffer Memory',
    usedTools: [{ tool: 'calculator', toolInput: { a: 1 }, toolOutput: '2' }],
    sourceDocuments: [{ pageContent: 'From the manual', metadata: { source: 'manual.pdf' } }],
    agentReasoning: [
      { agentName: 'Researcher', messages: ['Looked it up'], usedTools: [], sourceDocuments: [] },
    ],
    feedback: { rating: 'THUMBS_DOWN', content: 'Too short' },
  }),
];

const stats = { totalMessages: 4, totalSessions: 2, totalFeedback: 3, positiveFeedback: 2 };

function fakeServer(overrides: { export?: () => Response } = {}) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = new URL(urlOf(input));
    if (url.pathname === '/api/v1/stats/flow-1') return Promise.resolve(json(stats));
    if (url.pathname === '/api/v1/chatmessage/flow-1' && init?.method === 'DELETE')
      return Promise.resolve(json({ deleted: 2 }));
    if (url.pathname === '/api/v1/chatmessage/flow-1')
      return Promise.resolve(json(url.searchParams.get('order') === 'ASC' ? conversation : page));
    if (url.pathname === '/api/v1/export-import/chatflow-messages')
      return Promise.resolve(overrides.export?.() ?? json([{ id: 'chat-b', messages: [] }]));
    return Promise.resolve(json({}, 404));
  });
}

const calls = (fetch: ReturnType<typeof fakeServer>, path: string, method = 'GET') =>
  fetch.mock.calls
    .filter(([input, init]) => new URL(urlOf(input)).pathname === path && (init?.method ?? 'GET') === method)
    .map(([input, init]) => ({ url: new URL(urlOf(input)), init }));

let saved: { name: string; text: Promise<string> }[] = [];
beforeEach(() => {
  saved = [];
  const blobs = new Map<string, Blob>();
  URL.createObjectURL = vi.fn((blob: Blob) => {
    const id = `blob:${blobs.size}`;
    blobs.set(id, blob);
    return id;
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, text: blobs.get(this.getAttribute('href')!)!.text() });
  });
});
afterEach(() => vi.restoreAllMocks());

// Each test drives MUI menus and dialogs through several requests: on a loaded machine that takes
// longer than the default five seconds.
describe('View Messages dialog', { timeout: 20_000 }, () => {
  it('asks for the default filters, shows the stats and the sessions newest first', async () => {
    const fetch = fakeServer();
    renderWithProviders(<ViewMessagesDialog open onClose={() => undefined} flow={flow} />);
    expect(await screen.findByText('User: Newest question')).toBeInTheDocument();
    const [list] = calls(fetch, '/api/v1/chatmessage/flow-1');
    const q = list!.url.searchParams;
    expect(JSON.parse(q.get('chatType')!)).toEqual(['INTERNAL', 'EXTERNAL', 'MCP', 'SCHEDULED', 'WEBHOOK']);
    expect(q.get('feedbackType')).toBeNull();
    expect(q.get('order')).toBe('DESC');
    expect(q.get('feedback')).toBe('true');
    expect(q.get('page')).toBe('1');
    expect(q.get('limit')).toBe('10');
    const days = (Date.parse(q.get('endDate')!) - Date.parse(q.get('startDate')!)) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(28);
    expect(days).toBeLessThanOrEqual(31);
    const [statsCall] = calls(fetch, '/api/v1/stats/flow-1');
    expect(statsCall!.url.searchParams.get('chatType')).toBe(q.get('chatType'));

    expect(within(screen.getByLabelText('Total Sessions')).getByText('2')).toBeInTheDocument();
    expect(within(screen.getByLabelText('Total Messages')).getByText('4')).toBeInTheDocument();
    expect(within(screen.getByLabelText('Total Feedback Received')).getByText('3')).toBeInTheDocument();
    expect(within(screen.getByLabelText('Positive Feedback')).getByText('66.67%')).toBeInTheDocument();
    expect(screen.getByText('Sessions 1 - 2 of 2')).toBeInTheDocument();
    const sessions = within(screen.getByRole('navigation', { name: 'Sessions' })).getAllByRole('button');
    expect(sessions.map((s) => s.textContent)).toEqual([
      expect.stringContaining('User: Newest questionBot: Newest answer'),
      expect.stringContaining('User: Older questionBot: Older answer'),
    ]);
  });

  it('reads the selected conversation oldest first with its tools, sources, reasoning, files and feedback', async () => {
    const fetch = fakeServer();
    renderWithProviders(<ViewMessagesDialog open onClose={() => undefined} flow={flow} />);
    const log = await screen.findByRole('log', { name: 'Conversation messages' });
    await within(log).findByText('Too short');
    const one = calls(fetch, '/api/v1/chatmessage/flow-1').find(
      (c) => c.url.searchParams.get('order') === 'ASC',
    )!;
    expect(Object.fromEntries(one.url.searchParams)).toEqual({
      chatId: 'chat-b',
      memoryType: 'Buffer Memory',
      sessionId: 'chat-b',
      order: 'ASC',
      feedback: 'true',
    });
    const bubbles = within(log).getAllByTestId('viewer-message');
    expect(bubbles.map((b) => b.dataset.role)).toEqual(['user', 'bot']);
    expect(within(bubbles[0]!).getByText('notes.txt')).toBeInTheDocument();
    expect(within(bubbles[1]!).getByText('answer')).toContainHTML('<strong>answer</strong>');
    expect(within(bubbles[1]!).getByRole('button', { name: 'calculator' })).toBeInTheDocument();
    expect(within(bubbles[1]!).getByRole('button', { name: 'manual.pdf' })).toBeInTheDocument();
    expect(within(bubbles[1]!).getByText('Researcher')).toBeInTheDocument();
    expect(within(bubbles[1]!).getByText('Looked it up')).toBeInTheDocument();
    expect(within(bubbles[1]!).getByText('Negative')).toBeInTheDocument();
    const header = screen.getByRole('region', { name: 'Conversation' });
    expect(header).toHaveTextContent('Session Id: chat-b');
    expect(header).toHaveTextContent('Source: UI');
    expect(header).toHaveTextContent('Email: grace@example.com');

    await userEvent.click(screen.getByRole('button', { name: /User: Older question/ }));
    await waitFor(() =>
      expect(
        calls(fetch, '/api/v1/chatmessage/flow-1').some((c) => c.url.searchParams.get('chatId') === 'chat-a'),
      ).toBe(true),
    );
  });

  it('sends the chosen source and feedback filters and starts again at page 1', async () => {
    const fetch = fakeServer();
    renderWithProviders(<ViewMessagesDialog open onClose={() => undefined} flow={flow} />);
    await screen.findByText('User: Newest question');
    await userEvent.click(screen.getByRole('combobox', { name: 'Feedback' }));
    await userEvent.click(screen.getByRole('option', { name: 'Negative' }));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => {
      const last = calls(fetch, '/api/v1/stats/flow-1').at(-1)!;
      expect(last.url.searchParams.get('feedbackType')).toBe('["THUMBS_DOWN"]');
    });
    await userEvent.click(screen.getByRole('combobox', { name: 'Source' }));
    await userEvent.click(screen.getByRole('option', { name: 'API/Embed' }));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => {
      const last = calls(fetch, '/api/v1/chatmessage/flow-1')
        .filter((c) => c.url.searchParams.get('page'))
        .at(-1)!;
      expect(JSON.parse(last.url.searchParams.get('chatType')!)).toEqual([
        'INTERNAL',
        'MCP',
        'SCHEDULED',
        'WEBHOOK',
      ]);
      expect(last.url.searchParams.get('feedbackType')).toBe('["THUMBS_DOWN"]');
      expect(last.url.searchParams.get('page')).toBe('1');
    });
  });

  it('exports the filtered messages as <flow id>-Message.json, pretty-printed', async () => {
    const fetch = fakeServer();
    renderWithProviders(<ViewMessagesDialog open onClose={() => undefined} flow={flow} />);
    await screen.findByText('User: Newest question');
    await userEvent.click(screen.getByRole('button', { name: 'More Actions' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Export to JSON' }));
    expect(await screen.findByText('Messages exported successfully')).toBeInTheDocument();
    const [call] = calls(fetch, '/api/v1/export-import/chatflow-messages', 'POST');
    expect(jsonBodyOf(call!.init)).toEqual({
      chatflowId: 'flow-1',
      chatType: ['INTERNAL', 'EXTERNAL', 'MCP', 'SCHEDULED', 'WEBHOOK'],
      startDate: expect.any(String),
      endDate: expect.any(String),
    });
    expect(saved.map((s) => s.name)).toEqual(['flow-1-Message.json']);
    expect(await saved[0]!.text).toBe(JSON.stringify([{ id: 'chat-b', messages: [] }], null, 2));
  });

  it('says so when the export fails', async () => {
    fakeServer({ export: () => json({ message: 'boom' }, 500) });
    renderWithProviders(<ViewMessagesDialog open onClose={() => undefined} flow={flow} />);
    await screen.findByText('User: Newest question');
    await userEvent.click(screen.getByRole('button', { name: 'More Actions' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Export to JSON' }));
    expect(await screen.findByText('Failed to export messages')).toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  it('clears one session after confirming', async () => {
    const fetch = fakeServer();
    renderWithProviders(<ViewMessagesDialog open onClose={() => undefined} flow={flow} />);
    await screen.findByText('Too short');
    await userEvent.click(screen.getByRole('button', { name: 'Clear Message' }));
    expect(
      await screen.findByText('Are you sure you want to clear session id: chat-b from Buffer Memory?'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(
      await screen.findByText('Successfully cleared session id: chat-b from Buffer Memory'),
    ).toBeInTheDocument();
    const [clear] = calls(fetch, '/api/v1/chatmessage/flow-1', 'DELETE');
    expect(Object.fromEntries(clear!.url.searchParams)).toEqual({
      chatId: 'chat-b',
      memoryType: 'Buffer Memory',
      sessionId: 'chat-b',
      chatType: 'INTERNAL',
      isClearFromViewMessageDialog: 'true',
    });
  });

  it('deletes all in the date range with the hard-delete choice', async () => {
    const fetch = fakeServer();
    renderWithProviders(<ViewMessagesDialog open onClose={() => undefined} flow={flow} />);
    await screen.findByText('Too short');
    await userEvent.click(screen.getByRole('button', { name: 'More Actions' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete All' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Messages' });
    expect(dialog).toHaveTextContent(
      'Are you sure you want to delete messages? This action cannot be undone.',
    );
    await userEvent.click(
      within(dialog).getByRole('checkbox', { name: 'Remove messages from 3rd party Memory Node' }),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Successfully deleted messages')).toBeInTheDocument();
    const [all] = calls(fetch, '/api/v1/chatmessage/flow-1', 'DELETE');
    const q = Object.fromEntries(all!.url.searchParams);
    expect(q).toEqual({
      startDate: expect.any(String),
      endDate: expect.any(String),
      hardDelete: 'true',
      isClearFromViewMessageDialog: 'true',
    });
  });

  it('hides deleting and exporting from a viewer without those permissions, and the hard delete for agentflows', async () => {
    fakeServer();
    const { unmount } = renderWithProviders(
      <ViewMessagesDialog open onClose={() => undefined} flow={flow} />,
      {
        preloadedState: {
          auth: signedIn({ permissions: ['chatflows:view'] }),
          settings: { ...initialSettings, platform: 'enterprise', loaded: true },
        },
      },
    );
    await screen.findByText('Too short');
    expect(screen.queryByRole('button', { name: 'Clear Message' })).toBeNull();
    expect(screen.getByRole('button', { name: 'More Actions' })).toBeDisabled();
    unmount();

    renderWithProviders(
      <ViewMessagesDialog open onClose={() => undefined} flow={{ ...flow, type: 'AGENTFLOW' }} />,
    );
    await screen.findByText('Too short');
    await userEvent.click(screen.getByRole('button', { name: 'More Actions' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete All' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Messages' });
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
  });

  it('shows No Messages for a flow without conversations', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation((input) =>
      Promise.resolve(
        json(
          urlOf(input).includes('/stats/')
            ? { totalMessages: 0, totalSessions: 0, totalFeedback: 0, positiveFeedback: 0 }
            : [],
        ),
      ),
    );
    renderWithProviders(<ViewMessagesDialog open onClose={() => undefined} flow={flow} />);
    expect(await screen.findByText('No Messages')).toBeInTheDocument();
    expect(within(screen.getByLabelText('Positive Feedback')).getByText('0.00%')).toBeInTheDocument();
  });
});
