import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initialSettings } from '../../app/settingsSlice';
import { jsonBodyOf, urlOf } from '../../test/fetchCalls';
import { signedIn } from '../../test/fixtures';
import { renderRoutes } from '../../test/renderWithProviders';
import ExecutionsPage, { PAGE_SIZE_KEY } from './ExecutionsPage';
import type { ExecutedEntry, Execution } from './executionTypes';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function execution(id: string, overrides: Partial<Execution> = {}): Execution {
  return {
    id,
    executionData: [],
    state: 'FINISHED',
    agentflowId: 'flow-1',
    sessionId: `session-${id}`,
    isPublic: false,
    createdDate: '2025-03-01T10:00:00.000Z',
    updatedDate: '2025-03-01T10:05:00.000Z',
    agentflow: { id: 'flow-1', name: `Flow ${id}`, type: 'AGENTFLOW' },
    ...overrides,
  };
}

const stoppedTrace: ExecutedEntry[] = [
  {
    nodeId: 'startAgentflow_0',
    nodeLabel: 'Start',
    previousNodeIds: [],
    status: 'FINISHED',
    data: { id: 'startAgentflow_0', name: 'startAgentflow', input: { question: 'Refund?' }, output: {} },
  },
  {
    nodeId: 'humanInputAgentflow_0',
    nodeLabel: 'Approve refund',
    previousNodeIds: ['startAgentflow_0'],
    status: 'STOPPED',
    data: {
      id: 'humanInputAgentflow_0',
      name: 'humanInputAgentflow',
      input: { humanInputEnableFeedback: true },
      output: { content: 'Approve the refund?' },
      state: { approved: false },
    },
  },
];

type Call = { method: string; url: URL; body: unknown };

/** A fake server: answers by method and path, records every call. */
function fakeServer(routes: Record<string, (call: Call) => Response>) {
  const calls: Call[] = [];
  const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const call = { method: init?.method ?? 'GET', url: new URL(urlOf(input)), body: jsonBodyOf(init) };
    calls.push(call);
    const handler = routes[`${call.method} ${call.url.pathname}`];
    return Promise.resolve(handler ? handler(call) : json({ message: 'Not found' }, 404));
  });
  return { calls, fetch };
}

const listCalls = (calls: Call[]) =>
  calls.filter((c) => c.method === 'GET' && c.url.pathname === '/api/v1/executions');
const queryOf = (call: Call | undefined) => Object.fromEntries(call?.url.searchParams ?? []);

function renderPage(permissions = ['executions:view', 'executions:update', 'executions:delete']) {
  return renderRoutes([{ path: '/executions', element: <ExecutionsPage /> }], {
    path: '/executions',
    preloadedState: {
      auth: signedIn({ permissions }),
      settings: { ...initialSettings, platform: 'enterprise', loaded: true },
    },
  });
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('Agent Executions page', () => {
  it('lists the executions of the first page with the default page size', async () => {
    const server = fakeServer({
      'GET /api/v1/executions': () => json({ data: [execution('a'), execution('b')], total: 2 }),
    });
    renderPage();
    expect(await screen.findByText('Flow a')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Agent Executions' })).toBeInTheDocument();
    expect(queryOf(listCalls(server.calls)[0])).toEqual({ page: '1', limit: '12' });
    expect(screen.getByText('session-b')).toBeInTheDocument();
  });

  it('builds the query string from the applied filters, and Reset clears it', async () => {
    const server = fakeServer({
      'GET /api/v1/executions': () => json({ data: [execution('a')], total: 1 }),
    });
    renderPage();
    await screen.findByText('Flow a');

    await userEvent.click(screen.getByRole('combobox', { name: 'State' }));
    await userEvent.click(await screen.findByRole('option', { name: /Stopped/ }));
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2025-03-01' } });
    fireEvent.change(screen.getByLabelText('End date'), { target: { value: '2025-03-02' } });
    await userEvent.type(screen.getByRole('textbox', { name: 'Agentflow name' }), ' Support ');
    await userEvent.type(screen.getByRole('textbox', { name: 'Session ID' }), 'chat-9');
    // Typing alone does not query.
    expect(listCalls(server.calls)).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(listCalls(server.calls)).toHaveLength(2));
    expect(queryOf(listCalls(server.calls)[1])).toEqual({
      page: '1',
      limit: '12',
      state: 'STOPPED',
      startDate: new Date(2025, 2, 1).toISOString(),
      endDate: new Date(2025, 2, 2, 23, 59, 59, 999).toISOString(),
      agentflowName: 'Support',
      sessionId: 'chat-9',
    });

    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(listCalls(server.calls)).toHaveLength(3));
    expect(queryOf(listCalls(server.calls)[2])).toEqual({ page: '1', limit: '12' });
    expect(screen.getByRole('textbox', { name: 'Session ID' })).toHaveValue('');
  });

  it('uses and remembers the page size', async () => {
    localStorage.setItem(PAGE_SIZE_KEY, '24');
    const server = fakeServer({
      'GET /api/v1/executions': (call) =>
        json({
          data: [execution(`p${call.url.searchParams.get('page')}`)],
          total: 60,
        }),
    });
    renderPage();
    await screen.findByText('Flow p1');
    expect(queryOf(listCalls(server.calls)[0])).toMatchObject({ page: '1', limit: '24' });

    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await screen.findByText('Flow p2')).toBeInTheDocument();
    expect(queryOf(listCalls(server.calls).at(-1))).toMatchObject({ page: '2', limit: '24' });

    await userEvent.click(screen.getByRole('combobox', { name: /Rows per page/ }));
    await userEvent.click(await screen.findByRole('option', { name: '48' }));
    await waitFor(() => expect(queryOf(listCalls(server.calls).at(-1))).toEqual({ page: '1', limit: '48' }));
    expect(localStorage.getItem(PAGE_SIZE_KEY)).toBe('48');
  });

  it('deletes the selected executions after confirmation', async () => {
    let rows = [execution('a'), execution('b'), execution('c')];
    const server = fakeServer({
      'GET /api/v1/executions': () => json({ data: rows, total: rows.length }),
      'DELETE /api/v1/executions': (call) => {
        const ids = (call.body as { executionIds: string[] }).executionIds;
        rows = rows.filter((r) => !ids.includes(r.id));
        return json({ deleted: ids.length });
      },
    });
    renderPage();
    await screen.findByText('Flow a');
    expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Select execution a' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select execution c' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete (2)' }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Delete 2 executions\?/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(screen.queryByText('Flow a')).toBeNull());
    const deletes = server.calls.filter((c) => c.method === 'DELETE');
    expect(deletes).toHaveLength(1);
    expect(deletes[0]!.url.pathname).toBe('/api/v1/executions');
    expect(deletes[0]!.body).toEqual({ executionIds: ['a', 'c'] });
    expect(screen.getByText('Flow b')).toBeInTheDocument();
    expect(await screen.findByText('2 executions deleted')).toBeInTheDocument();
  });

  it('deletes nothing when the confirmation is cancelled', async () => {
    const server = fakeServer({
      'GET /api/v1/executions': () => json({ data: [execution('a')], total: 1 }),
    });
    renderPage();
    await screen.findByText('Flow a');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all executions on this page' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete (1)' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(server.calls.some((c) => c.method === 'DELETE')).toBe(false);
  });

  it('hides selection and delete without executions:delete', async () => {
    fakeServer({ 'GET /api/v1/executions': () => json({ data: [execution('a')], total: 1 }) });
    renderPage(['executions:view']);
    await screen.findByText('Flow a');
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
  });

  it('shows the server message when loading fails', async () => {
    fakeServer({
      'GET /api/v1/executions': () => json({ message: 'startDate must be an ISO date-time' }, 400),
    });
    renderPage();
    expect(
      await screen.findByText('Failed to load executions: startDate must be an ISO date-time'),
    ).toBeInTheDocument();
  });

  it('shows an empty state when there is no execution', async () => {
    fakeServer({ 'GET /api/v1/executions': () => json({ data: [], total: 0 }) });
    renderPage();
    expect(await screen.findByText('No Executions Yet')).toBeInTheDocument();
  });

  it('opens a row in the drawer, selects the paused node and resumes it', async () => {
    let detail = execution('a', { state: 'STOPPED', executionData: stoppedTrace, sessionId: 'chat-1' });
    const server = fakeServer({
      'GET /api/v1/executions': () => json({ data: [detail], total: 1 }),
      'GET /api/v1/executions/a': () => json(detail),
      'POST /api/v1/internal-prediction/flow-1': () => {
        detail = { ...detail, state: 'FINISHED' };
        return json({ text: 'ok' });
      },
    });
    renderPage();
    await userEvent.click(await screen.findByText('Flow a'));

    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByRole('treeitem', { name: /Approve refund/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(within(drawer).getByRole('link', { name: /Flow a/ })).toHaveAttribute(
      'href',
      '/v2/agentcanvas/flow-1',
    );
    expect(within(drawer).getByText('Approve the refund?')).toBeInTheDocument();

    await userEvent.type(within(drawer).getByRole('textbox', { name: 'Feedback (optional)' }), 'Looks fine');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Proceed' }));

    await waitFor(() => expect(server.calls.some((c) => c.method === 'POST')).toBe(true));
    const post = server.calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({
      question: 'Looks fine',
      chatId: 'chat-1',
      humanInput: { type: 'proceed', startNodeId: 'humanInputAgentflow_0', feedback: 'Looks fine' },
    });
    // The drawer and the list reload after the decision.
    await waitFor(() =>
      expect(server.calls.filter((c) => c.url.pathname === '/api/v1/executions/a')).toHaveLength(2),
    );
    await waitFor(() => expect(within(drawer).queryByRole('button', { name: 'Proceed' })).toBeNull());
  });

  it('shares an execution and shows its public link', async () => {
    let detail = execution('a');
    const server = fakeServer({
      'GET /api/v1/executions': () => json({ data: [detail], total: 1 }),
      'GET /api/v1/executions/a': () => json(detail),
      'PUT /api/v1/executions/a': (call) => {
        detail = { ...detail, ...(call.body as { isPublic: boolean }) };
        return json(detail);
      },
    });
    renderPage();
    await userEvent.click(await screen.findByText('Flow a'));
    const drawer = await screen.findByRole('dialog', { name: 'Execution details' });
    await userEvent.click(await within(drawer).findByRole('switch', { name: 'Share' }));
    await waitFor(() => expect(server.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(server.calls.find((c) => c.method === 'PUT')!.body).toEqual({ isPublic: true });
    const link = await screen.findByRole('dialog', { name: 'Public link' });
    expect(within(link).getByRole('textbox', { name: 'Link' })).toHaveValue(
      `${window.location.origin}/execution/a`,
    );
  });
});
