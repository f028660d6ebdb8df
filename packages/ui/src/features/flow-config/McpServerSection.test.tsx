import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Chatflow, McpServerConfig } from '@flowloom/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonBodyOf, urlOf } from '../../test/fetchCalls';
import { renderWithProviders } from '../../test/renderWithProviders';
import { FlowConfigDialog } from './FlowConfigDialog';

const flow: Chatflow = {
  id: 'flow-1',
  name: 'Support bot',
  flowData: '{"nodes":[],"edges":[]}',
  deployed: false,
  isPublic: false,
  apikeyid: null,
  chatbotConfig: null,
  apiConfig: null,
  analytic: null,
  speechToText: null,
  textToSpeech: null,
  followUpPrompts: null,
  category: null,
  type: 'CHATFLOW',
  workspaceId: 'ws-1',
  createdDate: '2026-01-01T00:00:00.000Z',
  updatedDate: '2026-01-01T00:00:00.000Z',
};

const FULL_TOKEN = '0123456789abcdef0123456789abcdef';
const json = (body: unknown, status = 200) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );

let stored: McpServerConfig;
let calls: { method: string; url: string; body: unknown }[];

beforeEach(() => {
  stored = { enabled: false, token: '', toolName: '', description: '' };
  calls = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = urlOf(input);
    const method = init?.method ?? 'GET';
    calls.push({ method, url, body: jsonBodyOf(init) });
    if (!url.includes('/mcp-server/flow-1')) return json({});
    const body = jsonBodyOf(init) as Partial<McpServerConfig> | undefined;
    if (url.endsWith('/refresh')) return json({ ...stored, token: 'fedcba9876543210fedcba9876543210' });
    switch (method) {
      case 'POST':
        stored = { ...stored, ...body, enabled: true, token: '0123…cdef' };
        return json({ ...stored, token: FULL_TOKEN }, 201);
      case 'PUT':
        stored = { ...stored, ...body };
        return json(stored);
      case 'DELETE':
        stored = { ...stored, enabled: false };
        return json({ message: 'MCP server config disabled' });
      default:
        return json(stored);
    }
  });
});
afterEach(() => vi.restoreAllMocks());

const open = () =>
  renderWithProviders(
    <FlowConfigDialog flow={flow} isAgent={false} onClose={vi.fn()} initialSection="mcpServer" />,
  );
const save = () => userEvent.click(screen.getByRole('button', { name: 'Save' }));
const sent = (method: string) => calls.filter((c) => c.method === method && c.url.includes('/mcp-server/'));

describe('the MCP Server section', { timeout: 30_000 }, () => {
  it('switches serving on with a valid tool name, then shows the endpoint and the token once', async () => {
    open();
    const toggle = await screen.findByRole('switch', { name: 'Expose as MCP Server' });
    expect(toggle).not.toBeChecked();
    expect(screen.queryByRole('status', { name: 'MCP Server is on' })).not.toBeInTheDocument();
    await userEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();

    await userEvent.type(screen.getByRole('textbox', { name: 'Tool Name' }), 'product qa');
    expect(screen.getByText('Only letters, numbers, underscores, and hyphens allowed')).toBeInTheDocument();
    await userEvent.clear(screen.getByRole('textbox', { name: 'Tool Name' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Tool Name' }), 'product_qa');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: 'Description' }), 'Answers product questions');
    await save();

    await waitFor(() => expect(sent('POST')).toHaveLength(1));
    expect(sent('POST')[0]!.body).toEqual({
      toolName: 'product_qa',
      description: 'Answers product questions',
    });
    expect(await screen.findByText('MCP Server settings saved')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Streamable HTTP Endpoint' })).toHaveValue(
      `${window.location.origin}/api/v1/mcp/flow-1`,
    );
    expect(screen.getByRole('textbox', { name: 'Token (Bearer Token)' })).toHaveValue(FULL_TOKEN);
    expect(screen.getByRole('button', { name: 'Copy token' })).toBeInTheDocument();
    expect(screen.getByText('Copy the token now: it is shown only this once.')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'MCP Server is on' })).toBeInTheDocument();
  });

  it('shows a served flow’s masked token, and a rotated one in full after confirming', async () => {
    stored = { enabled: true, token: '0123…cdef', toolName: 'product_qa', description: 'Answers' };
    open();
    const token = await screen.findByRole('textbox', { name: 'Token (Bearer Token)' });
    expect(token).toHaveValue('0123…cdef');
    expect(screen.queryByRole('button', { name: 'Copy token' })).not.toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'MCP Server is on' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Rotate token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rotate Token' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rotate' }));
    await waitFor(() => expect(token).toHaveValue('fedcba9876543210fedcba9876543210'));
    expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/mcp-server/flow-1/refresh'))).toBe(true);
    // The page is hidden from assistive technology until the closing confirm dialog has gone.
    expect(await screen.findByRole('button', { name: 'Copy token' })).toBeInTheDocument();
  });

  it('switches serving off with the DELETE route', async () => {
    stored = { enabled: true, token: '0123…cdef', toolName: 'product_qa', description: 'Answers' };
    open();
    await userEvent.click(await screen.findByRole('switch', { name: 'Expose as MCP Server' }));
    await save();
    await waitFor(() => expect(sent('DELETE')).toHaveLength(1));
    expect(await screen.findByText('MCP Server disabled')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'MCP Server is on' })).not.toBeInTheDocument();
  });

  it('keeps the token when a served flow is renamed', async () => {
    stored = { enabled: false, token: '0123…cdef', toolName: 'product_qa', description: 'Answers' };
    open();
    await userEvent.click(await screen.findByRole('switch', { name: 'Expose as MCP Server' }));
    await userEvent.clear(screen.getByRole('textbox', { name: 'Tool Name' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Tool Name' }), 'catalog');
    await save();
    await waitFor(() => expect(sent('PUT')).toHaveLength(1));
    expect(sent('PUT')[0]!.body).toEqual({ toolName: 'catalog', description: 'Answers', enabled: true });
    expect(sent('POST')).toHaveLength(0);
  });
});
