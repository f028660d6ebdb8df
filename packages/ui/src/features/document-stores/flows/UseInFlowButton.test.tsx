import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/renderWithProviders';
import { definition } from '../../canvas/document/fixtures/definitions';
import { ALL_PERMISSIONS, documentStore, fakeServer, json, withPermissions } from '../test/fakeServer';
import { UseInFlowButton } from './UseInFlowButton';

const START = {
  name: 'startAgentflow',
  label: 'Start',
  category: 'Agent Flows',
  baseClasses: [],
  inputs: [],
  hideInput: true,
};
const AGENT = {
  name: 'agentAgentflow',
  label: 'Agent',
  category: 'Agent Flows',
  baseClasses: [],
  inputs: [],
};

function renderButton(permissions = ALL_PERMISSIONS) {
  return renderRoutes(
    [
      { path: '/store', element: <UseInFlowButton store={documentStore({ status: 'UPSERTED' })} /> },
      { path: '/v2/agentcanvas/:id', element: <p>agent canvas</p> },
    ],
    { path: '/store', preloadedState: withPermissions(permissions) },
  );
}

afterEach(() => vi.restoreAllMocks());

describe('Use in a flow', () => {
  it('says which node a template lacks, and creates an agentflow with the store', async () => {
    const server = fakeServer({
      'GET /api/v1/nodes': () => json([definition('chatOpenAI'), START, AGENT]),
      'POST /api/v1/chatflows': () => json({ id: 'flow-7', name: 'Handbook Agentflow' }),
    });
    const { router } = renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Use in a flow' }));
    const chatflow = await screen.findByRole('menuitem', { name: /New chatflow with this store/ });
    await waitFor(() =>
      expect(chatflow).toHaveTextContent(
        'This server has no Conversational Retrieval QA Chain (conversationalRetrievalQAChain), Document Store (Vector) (documentStoreVS) nodes',
      ),
    );
    expect(chatflow).toHaveAttribute('aria-disabled', 'true');

    await userEvent.click(screen.getByRole('menuitem', { name: /New agentflow with this store/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/v2/agentcanvas/flow-7'));
    const body = server.called('POST', '/api/v1/chatflows')[0]!.body as {
      name: string;
      type: string;
      flowData: string;
    };
    expect(body).toMatchObject({ name: 'Handbook Agentflow', type: 'AGENTFLOW' });
    expect(JSON.parse(body.flowData).nodes[1].data.inputs.agentKnowledgeDocumentStores[0].documentStore).toBe(
      'store-1:Handbook',
    );
  });

  it('offers only the flows the user may create', async () => {
    fakeServer({ 'GET /api/v1/nodes': () => json([START, AGENT]) });
    renderButton(['documentStores:view', 'agentflows:create']);
    await userEvent.click(screen.getByRole('button', { name: 'Use in a flow' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem')).toHaveLength(1);
    expect(within(menu).getByRole('menuitem')).toHaveTextContent('New agentflow with this store');
  });

  it('is not there for a user who can create no flow', () => {
    fakeServer({});
    renderButton(['documentStores:view']);
    expect(screen.queryByRole('button', { name: 'Use in a flow' })).toBeNull();
  });
});
