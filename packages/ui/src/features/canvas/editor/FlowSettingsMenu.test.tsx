import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Chatflow } from '@flowloom/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initialSettings } from '../../../app/settingsSlice';
import { signedIn } from '../../../test/fixtures';
import { urlOf } from '../../../test/fetchCalls';
import { renderRoutes } from '../../../test/renderWithProviders';
import { agentflowKind } from '../../agentcanvas/agentflowKind';
import { chatflowKind } from '../chatflowKind';
import { FlowStore } from '../document/flowStore';
import type { FlowEditorState } from '../shell/useFlowEditor';
import { FlowSettingsMenu, type FlowSettingsExtras } from './FlowSettingsMenu';
import { DUPLICATED_FLOW_KEY, takeDuplicatedFlow } from './duplicatedFlow';

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

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the two kinds' documents differ; the menu reads neither
function editorOf(kind: any, chatflow: Chatflow | null, isDirty = false): FlowEditorState<any> {
  return {
    kind,
    store: new FlowStore(kind.fromText(null)),
    load: { status: 'ready', viewport: undefined, key: 'k' },
    name: chatflow?.name ?? 'Untitled',
    chatflow,
    isDirty,
  };
}

function renderMenu(
  editor: ReturnType<typeof editorOf>,
  { permissions, extras }: { permissions: string[]; extras?: FlowSettingsExtras },
) {
  const onExport = vi.fn();
  const view = renderRoutes(
    [
      {
        path: '/canvas/:id',
        element: (
          <FlowSettingsMenu
            editor={editor}
            onLoadFile={vi.fn()}
            onExport={onExport}
            {...(extras && { extras })}
          />
        ),
      },
      { path: '/chatflows', element: <p>Chatflow list</p> },
    ],
    {
      path: '/canvas/flow-1',
      preloadedState: {
        auth: signedIn({ permissions }),
        settings: { ...initialSettings, platform: 'enterprise', loaded: true },
      },
    },
  );
  return { ...view, onExport };
}

async function openMenu() {
  await userEvent.click(screen.getByRole('button', { name: 'Settings' }));
  return within(await screen.findByRole('menu'));
}

const ALL = ['config', 'duplicate', 'import', 'export', 'delete'];

beforeEach(() => {
  vi.spyOn(globalThis, 'fetch').mockImplementation(() =>
    Promise.resolve(
      new Response(JSON.stringify({ message: 'deleted' }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    ),
  );
});
afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('the canvas settings menu', { timeout: 20_000 }, () => {
  it('lists the chatflow items in Flowise order', async () => {
    renderMenu(editorOf(chatflowKind, flow), {
      permissions: [...ALL.map((a) => `chatflows:${a}`), 'templates:flowexport'],
      extras: { upsertHistory: true },
    });
    const menu = await openMenu();
    expect(menu.getAllByRole('menuitem').map((i) => i.textContent)).toEqual([
      'View Messages',
      'View Leads',
      'Upsert History',
      'Configuration',
      'Save As Template',
      'Duplicate Chatflow',
      'Load Chatflow',
      'Export Chatflow',
      'Delete Chatflow',
    ]);
  });

  it('hides items without permission; agent canvases use agentflows:* and have no upsert history', async () => {
    renderMenu(editorOf(agentflowKind, { ...flow, type: 'AGENTFLOW' }), {
      permissions: ['agentflows:export', 'agentflows:config', 'chatflows:delete'],
      extras: { upsertHistory: true },
    });
    const menu = await openMenu();
    expect(menu.getAllByRole('menuitem').map((i) => i.textContent)).toEqual([
      'View Messages',
      'View Leads',
      'Configuration',
      'Export Agents',
    ]);
  });

  it('offers only Load on a canvas not saved yet', async () => {
    renderMenu(editorOf(chatflowKind, null), { permissions: ALL.map((a) => `chatflows:${a}`) });
    const menu = await openMenu();
    expect(menu.getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Load Chatflow']);
  });

  it('opens View Messages, View Leads and Save As Template on the saved flow', async () => {
    vi.mocked(fetch).mockImplementation((input) => {
      const path = new URL(urlOf(input), 'http://localhost').pathname;
      const body = path.startsWith('/api/v1/stats/')
        ? { totalMessages: 0, totalFeedback: 0, positiveFeedback: 0, totalSessions: 0 }
        : [];
      return Promise.resolve(
        new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }),
      );
    });
    renderMenu(editorOf(chatflowKind, flow), { permissions: ['templates:flowexport'] });
    await userEvent.click((await openMenu()).getByRole('menuitem', { name: 'View Messages' }));
    expect(await screen.findByRole('dialog', { name: /View Messages/ })).toHaveTextContent('Support bot');
    await userEvent.keyboard('{Escape}');
    await userEvent.click((await openMenu()).getByRole('menuitem', { name: 'View Leads' }));
    expect(await screen.findByRole('dialog', { name: /Leads/ })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await userEvent.click((await openMenu()).getByRole('menuitem', { name: 'Save As Template' }));
    const dialog = await screen.findByRole('dialog', { name: /Template/ });
    expect(within(dialog).getByRole('textbox', { name: /Name/ })).toHaveValue('Support bot');
  });

  it('refuses Save As Template while there are unsaved changes', async () => {
    renderMenu(editorOf(chatflowKind, flow, true), { permissions: ['templates:flowexport'] });
    await userEvent.click((await openMenu()).getByRole('menuitem', { name: 'Save As Template' }));
    expect(await screen.findByText('Please save the flow before exporting as template')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('Delete asks "Delete Chatflow <name>?", deletes and goes back to the list', async () => {
    localStorage.setItem('flow-1_INTERNAL', '{}');
    const { router } = renderMenu(editorOf(chatflowKind, flow), { permissions: ['chatflows:delete'] });
    await userEvent.click((await openMenu()).getByRole('menuitem', { name: 'Delete Chatflow' }));
    expect(await screen.findByText('Delete Chatflow Support bot?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chatflows'));
    const call = vi.mocked(fetch).mock.calls.find(([, init]) => init?.method === 'DELETE')!;
    expect(urlOf(call[0])).toContain('/api/v1/chatflows/flow-1');
    expect(localStorage.getItem('flow-1_INTERNAL')).toBeNull();
  });

  it('Duplicate hands the saved flow to a new canvas tab, which takes it once', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderMenu(editorOf(chatflowKind, flow), { permissions: ['chatflows:duplicate'] });
    await userEvent.click((await openMenu()).getByRole('menuitem', { name: 'Duplicate Chatflow' }));
    expect(open).toHaveBeenCalledWith('/canvas', '_blank');
    expect(localStorage.getItem(DUPLICATED_FLOW_KEY)).toBe(flow.flowData);
    expect(takeDuplicatedFlow()).toBe(flow.flowData);
    expect(takeDuplicatedFlow()).toBeNull();
  });

  it('opens the Configuration dialog titled by the kind', async () => {
    renderMenu(editorOf(chatflowKind, flow), { permissions: ['chatflows:config'] });
    await userEvent.click((await openMenu()).getByRole('menuitem', { name: 'Configuration' }));
    expect(await screen.findByRole('heading', { name: 'Chatflow Configuration' })).toBeInTheDocument();
  });
});
