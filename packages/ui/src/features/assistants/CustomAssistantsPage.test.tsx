import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/renderWithProviders';
import { fakeServer, json, withPermissions } from '../document-stores/test/fakeServer';
import CustomAssistantsPage from './CustomAssistantsPage';

const row = (id: string, details: object) => ({
  id,
  details: JSON.stringify(details),
  credential: null,
  iconSrc: null,
  type: 'CUSTOM',
  workspaceId: 'ws-1',
  createdDate: '2026-01-01T00:00:00.000Z',
  updatedDate: '2026-01-02T00:00:00.000Z',
});

const renderPage = (permissions = ['assistants:view', 'assistants:create', 'assistants:delete']) =>
  renderRoutes(
    [
      { path: '/assistants/custom', element: <CustomAssistantsPage /> },
      { path: '/assistants/custom/:id', element: <p>builder</p> },
    ],
    { path: '/assistants/custom', preloadedState: withPermissions(permissions) },
  );

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('the custom assistants list', () => {
  it('lists the custom assistants with their model, tools and knowledge, and searches them', async () => {
    const server = fakeServer({
      'GET /api/v1/assistants': () =>
        json([
          row('a-1', {
            name: 'Space guide',
            instruction: 'Answer questions about space.',
            chatModel: { name: 'chatOpenAI', label: 'ChatOpenAI' },
            tools: [{ name: 'calculator' }],
            documentStores: [{ id: 's-1' }, { id: 's-2' }],
          }),
          row('a-2', { name: 'Draft' }),
        ]),
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Table view' }));
    const table = await screen.findByRole('table');
    const guide = within(table).getByRole('row', { name: /Space guide/ });
    expect(guide).toHaveTextContent('ChatOpenAI');
    expect(guide).toHaveTextContent('Answer questions about space.');
    expect(within(table).getByRole('row', { name: /Draft/ })).toHaveTextContent('Not chosen yet');
    expect(server.calls[0]!.url.searchParams.get('type')).toBe('CUSTOM');
    await userEvent.type(screen.getByRole('textbox', { name: 'Search Assistants' }), 'space');
    expect(within(table).queryByRole('row', { name: /Draft/ })).not.toBeInTheDocument();
  });

  it('adds an assistant by name and opens its builder', async () => {
    const server = fakeServer({
      'GET /api/v1/assistants': () => json([]),
      'POST /api/v1/assistants': () => json(row('a-9', { name: 'Helper' }), 201),
    });
    const { router } = renderPage();
    expect(await screen.findByText('No Custom Assistants Added Yet')).toBeInTheDocument();
    // The header's Add (the empty state offers the same button).
    await userEvent.click(screen.getAllByRole('button', { name: 'Add' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Add New Custom Assistant' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(within(dialog).getByText('Name is required')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Helper');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/assistants/custom/a-9'));
    expect(server.called('POST', '/api/v1/assistants')[0]!.body).toEqual({
      type: 'CUSTOM',
      details: JSON.stringify({ name: 'Helper' }),
    });
  });

  it('offers no Add button without assistants:create', async () => {
    fakeServer({ 'GET /api/v1/assistants': () => json([]) });
    renderPage(['assistants:view']);
    expect(await screen.findByText('No Custom Assistants Added Yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add' })).not.toBeInTheDocument();
  });
});
