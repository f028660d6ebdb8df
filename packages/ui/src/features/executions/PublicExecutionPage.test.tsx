import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonBodyOf, urlOf } from '../../test/fetchCalls';
import { renderRoutes } from '../../test/renderWithProviders';
import type { Execution } from './executionTypes';
import PublicExecutionPage from './PublicExecutionPage';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const shared: Execution = {
  id: 'x1',
  state: 'STOPPED',
  agentflowId: 'flow-1',
  sessionId: 'chat-1',
  isPublic: true,
  createdDate: '2025-03-01T10:00:00.000Z',
  updatedDate: '2025-03-01T10:05:00.000Z',
  agentflow: { id: 'flow-1', name: 'Refunds' },
  executionData: [
    {
      nodeId: 'humanInputAgentflow_0',
      nodeLabel: 'Approve refund',
      previousNodeIds: [],
      status: 'STOPPED',
      data: {
        id: 'humanInputAgentflow_0',
        name: 'humanInputAgentflow',
        input: { humanInputEnableFeedback: false },
        output: { content: 'Approve?' },
      },
    },
  ],
};

const renderPage = () =>
  renderRoutes([{ path: '/execution/:id', element: <PublicExecutionPage /> }], { path: '/execution/x1' });

afterEach(() => vi.restoreAllMocks());

describe('public execution page', () => {
  it('explains a link that is not shared', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json({ message: 'Execution x1 not found' }, 404));
    renderPage();
    expect(
      await screen.findByRole('heading', { name: 'This execution is not shared or does not exist' }),
    ).toBeInTheDocument();
  });

  it('says why an execution ended unfinished when the server stopped during it', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      json({
        ...shared,
        state: 'TERMINATED',
        stoppedReason: 'The server stopped while this execution was running.',
        executionData: [],
      }),
    );
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The server stopped while this execution was running.',
    );
  });

  it('shows the trace read-only, and Reject goes through the public prediction endpoint', async () => {
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation((input) =>
        Promise.resolve(urlOf(input).includes('/prediction/') ? json({ text: 'ok' }) : json(shared)),
      );
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Refunds' })).toBeInTheDocument();
    expect(urlOf(fetch.mock.calls[0]![0])).toMatch(/\/api\/v1\/public-executions\/x1$/);
    expect(screen.queryByRole('switch', { name: 'Share' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Copy ID' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Feedback (optional)' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(fetch.mock.calls.some(([u]) => urlOf(u).includes('/prediction/'))).toBe(true));
    const [url, init] = fetch.mock.calls.find(([u]) => urlOf(u).includes('/prediction/'))!;
    expect(urlOf(url)).toMatch(/\/api\/v1\/prediction\/flow-1$/);
    expect(jsonBodyOf(init)).toEqual({
      question: 'Reject',
      chatId: 'chat-1',
      humanInput: { type: 'reject', startNodeId: 'humanInputAgentflow_0' },
    });
  });
});
