import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MarketplaceTemplate } from '@flowloom/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initialSettings } from '../../app/settingsSlice';
import { renderRoutes } from '../../test/renderWithProviders';
import { signedIn } from '../../test/fixtures';
import { fakeServer, json } from '../document-stores/test/fakeServer';
import MarketplacePage from './MarketplacePage';

const flowData = JSON.stringify({
  nodes: [{ id: 'chatOpenAI_0', data: { name: 'chatOpenAI', label: 'ChatOpenAI', category: 'Chat Models' } }],
  edges: [],
});
const template = (over: Partial<MarketplaceTemplate>): MarketplaceTemplate => ({
  id: over.templateName ?? over.name ?? 'x',
  badge: '',
  framework: ['Langchain'],
  usecases: ['Basic'],
  categories: ['Chat Models'],
  type: 'Chatflow',
  description: '',
  flowData,
  ...over,
});
const COMMUNITY = [
  template({ templateName: 'Quick Answer', type: 'AgentflowV2', framework: [], badge: 'NEW' }),
  template({ templateName: 'Everyday Assistant', badge: 'POPULAR', usecases: ['Basic'] }),
  template({ templateName: 'Keyword Lister', usecases: ['Extraction'], description: 'Pulls key terms' }),
  {
    ...template({ templateName: 'Word Counter', type: 'Tool', categories: [], description: 'Counts words' }),
    flowData: undefined,
    name: 'word_counter',
    schema: '[{"id":0,"property":"text","type":"string","description":"the text","required":true}]',
    func: 'return $text.length;',
    color: '#333',
  },
];
const CUSTOM = [
  template({ id: 'c1', name: 'My support flow', usecases: ['Customer Support'], framework: '' }),
];

const ALL = [
  'templates:marketplace',
  'templates:custom',
  'templates:custom-delete',
  'chatflows:create',
  'tools:create',
];

function renderPage(permissions = ALL) {
  return renderRoutes(
    [
      { path: '/marketplaces', element: <MarketplacePage /> },
      { path: '/marketplace/:id', element: <p>chatflow preview</p> },
      { path: '/v2/marketplace/:id', element: <p>agentflow preview</p> },
    ],
    {
      path: '/marketplaces',
      preloadedState: {
        auth: signedIn({ permissions }),
        settings: { ...initialSettings, platform: 'enterprise' as const, loaded: true },
      },
    },
  );
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('flowloom.marketplace.view', JSON.stringify('list'));
});
afterEach(() => vi.restoreAllMocks());

const rowNames = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.querySelector('p')?.textContent);

describe('Marketplace page', () => {
  it('lists the community templates, filters them by type and searches names, descriptions and nodes', async () => {
    fakeServer({ 'GET /api/v1/marketplaces/templates': () => json(COMMUNITY) });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Marketplace' })).toBeInTheDocument();
    await screen.findByText('Everyday Assistant');
    expect(rowNames()).toEqual(['Quick Answer', 'Everyday Assistant', 'Keyword Lister', 'Word Counter']);

    await userEvent.click(screen.getByRole('combobox', { name: 'Type' }));
    await userEvent.click(screen.getByRole('option', { name: 'Tool' }));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(rowNames()).toEqual(['Word Counter']));
    await userEvent.click(screen.getByRole('combobox', { name: 'Type' }));
    await userEvent.click(screen.getByRole('option', { name: 'Tool' }));
    await userEvent.keyboard('{Escape}');

    await userEvent.type(screen.getByRole('textbox', { name: 'Search Name/Description/Node' }), 'key terms');
    await waitFor(() => expect(rowNames()).toEqual(['Keyword Lister']));
  });

  it('filters by tag and shows a way out when nothing matches', async () => {
    fakeServer({ 'GET /api/v1/marketplaces/templates': () => json(COMMUNITY) });
    renderPage();
    await screen.findByText('Everyday Assistant');
    await userEvent.click(screen.getByRole('combobox', { name: 'Tag' }));
    await userEvent.click(screen.getByRole('option', { name: 'POPULAR' }));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(rowNames()).toEqual(['Everyday Assistant']));
    await userEvent.click(screen.getByRole('combobox', { name: 'Framework' }));
    await userEvent.click(screen.getByRole('option', { name: 'LlamaIndex' }));
    await userEvent.keyboard('{Escape}');
    expect(await screen.findByText('No templates match these filters')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(rowNames()).toHaveLength(4));
  });

  it('opens a v2 template’s preview with the template in the router state', async () => {
    fakeServer({ 'GET /api/v1/marketplaces/templates': () => json(COMMUNITY) });
    const { router } = renderPage();
    await userEvent.click(await screen.findByRole('row', { name: 'Open template Quick Answer' }));
    expect(await screen.findByText('agentflow preview')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/v2/marketplace/Quick Answer');
    expect((router.state.location.state as MarketplaceTemplate).templateName).toBe('Quick Answer');
  });

  it('shows a tool template read-only, then "Use Template" opens Add New Tool pre-filled', async () => {
    const server = fakeServer({
      'GET /api/v1/marketplaces/templates': () => json(COMMUNITY),
      'POST /api/v1/tools': () => json({ id: 't1' }),
    });
    renderPage();
    await userEvent.click(await screen.findByRole('row', { name: 'Open template Word Counter' }));
    const preview = await screen.findByRole('dialog', { name: 'Word Counter' });
    expect(within(preview).getByRole('textbox', { name: /Tool Name/ })).toHaveAttribute('readonly');
    expect(within(preview).queryByRole('button', { name: 'Add Argument' })).not.toBeInTheDocument();
    await userEvent.click(within(preview).getByRole('button', { name: 'Use Template' }));
    const add = await screen.findByRole('dialog', { name: 'Add New Tool' });
    expect(within(add).getByRole('textbox', { name: /Tool Name/ })).toHaveValue('word_counter');
    await userEvent.click(within(add).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(server.called('POST', '/api/v1/tools')).toHaveLength(1));
    expect(server.called('POST', '/api/v1/tools')[0]!.body).toMatchObject({
      name: 'word_counter',
      func: 'return $text.length;',
    });
  });

  it('shows My Templates on its tab, and deletes one after a confirmation', async () => {
    let custom = CUSTOM;
    const server = fakeServer({
      'GET /api/v1/marketplaces/templates': () => json(COMMUNITY),
      'GET /api/v1/marketplaces/custom': () => json(custom),
      'DELETE /api/v1/marketplaces/custom/c1': () => {
        custom = [];
        return json({ raw: [], affected: 1 });
      },
    });
    renderPage();
    await screen.findByText('Everyday Assistant');
    expect(server.called('GET', '/api/v1/marketplaces/custom')).toHaveLength(0);
    await userEvent.click(screen.getByRole('tab', { name: 'My Templates' }));
    expect(await screen.findByText('My support flow')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete My support flow' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('Delete Custom Template My support flow?');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Custom Template deleted')).toBeInTheDocument();
    expect(await screen.findByText('No Saved Custom Templates', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('opens on My Templates, without tabs, for a user who may only see custom templates', async () => {
    const server = fakeServer({ 'GET /api/v1/marketplaces/custom': () => json(CUSTOM) });
    renderPage(['templates:custom']);
    expect(await screen.findByText('My support flow')).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(server.called('GET', '/api/v1/marketplaces/templates')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
  });
});
