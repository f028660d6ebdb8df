import Button from '@mui/material/Button';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ReactFlowProvider } from '@xyflow/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AgentflowPreview } from '../../agentcanvas/editor/AgentflowEditor';
import { flowiseFile } from '../../../test/flowiseFiles';
import { renderRoutes } from '../../../test/renderWithProviders';
import { definitions } from '../document/fixtures/definitions';
import { agentGraphKind } from '../agentGraphKind';
import { ChatflowEditor, ChatflowPreview } from '../editor/ChatflowEditor';

const useTemplate = vi.fn();
const back = vi.fn();

beforeEach(() => {
  // The node catalogue is the only call a preview makes.
  vi.spyOn(globalThis, 'fetch').mockImplementation(() =>
    Promise.resolve(
      new Response(JSON.stringify(definitions), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    ),
  );
});
afterEach(() => vi.restoreAllMocks());

function renderPreview(preview: React.ReactElement) {
  return renderRoutes([{ path: '/', element: <ReactFlowProvider>{preview}</ReactFlowProvider> }], {
    path: '/',
  });
}

const templateActions = <Button onClick={useTemplate}>Use template</Button>;

describe('the canvas shell, read-only', () => {
  it('shows a real Flowise chatflow template with nothing to edit, save or delete', async () => {
    const file = flowiseFile('chatflows', 'Conversational Retrieval QA Chain.json') as {
      nodes: { data: { label: string }; type: string }[];
    };
    renderPreview(
      <ChatflowPreview
        flowData={JSON.stringify(file)}
        name="Conversational Retrieval QA Chain"
        actions={templateActions}
        onBack={back}
        backLabel="Back to the marketplace"
      />,
    );

    expect(screen.getByRole('heading', { name: 'Conversational Retrieval QA Chain' })).toBeInTheDocument();
    // Every node of the file is on the canvas.
    const canvas = document.querySelector('.react-flow') as HTMLElement;
    await waitFor(() => expect(canvas.querySelectorAll('.react-flow__node')).toHaveLength(file.nodes.length));
    for (const node of file.nodes.filter((item) => item.type === 'customNode')) {
      expect(within(canvas).getAllByText(node.data.label).length).toBeGreaterThan(0);
    }

    // The preview's own action, and none of an editor's.
    fireEvent.click(screen.getByRole('button', { name: 'Use template' }));
    expect(useTemplate).toHaveBeenCalledOnce();
    for (const name of [
      'Save',
      'Add nodes',
      'Rename flow',
      'Undo',
      'Redo',
      'Load chatflow',
      'Export chatflow',
    ]) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('button', { name: /^Delete / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Duplicate / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete connection' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Snap to grid' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Sticky note' })).toHaveAttribute('readonly');

    // Delete and undo keys change nothing: the nodes stay.
    fireEvent.keyDown(window, { key: 'a', ctrlKey: true });
    fireEvent.keyDown(window, { key: 'Delete' });
    fireEvent.keyDown(window, { key: 'z', ctrlKey: true });
    expect(canvas.querySelectorAll('.react-flow__node')).toHaveLength(file.nodes.length);

    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(back).toHaveBeenCalledOnce();
  });

  it('shows a real Flowise agentflow v2 template without the palette, node editor or chat', async () => {
    const file = flowiseFile('agentflowsv2', 'Human In The Loop.json') as {
      nodes: { data: { label: string } }[];
    };
    renderPreview(
      <AgentflowPreview
        flowData={JSON.stringify(file)}
        name="Human In The Loop"
        actions={templateActions}
        onBack={back}
        backLabel="Back to the marketplace"
      />,
    );

    const canvas = document.querySelector('.react-flow') as HTMLElement;
    await waitFor(() => expect(canvas.querySelectorAll('.react-flow__node')).toHaveLength(file.nodes.length));
    for (const node of file.nodes) expect(within(canvas).getByText(node.data.label)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Use template' })).toBeInTheDocument();
    for (const name of ['Save', 'Add nodes', 'Open chat', 'Rename flow']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    // Double-clicking a node opens no editor in a preview.
    fireEvent.doubleClick(within(canvas).getByText('Email Reply Agent'));
    expect(screen.queryByRole('button', { name: /^Close/ })).not.toBeInTheDocument();
  });
});

describe('the canvas shell, editing V1 agents', () => {
  it('says what Save saves and that Back goes to the agentflows', async () => {
    const { router } = renderRoutes(
      [
        {
          path: '/agentcanvas',
          element: (
            <ReactFlowProvider>
              <ChatflowEditor kind={agentGraphKind} />
            </ReactFlowProvider>
          ),
        },
        { path: '/agentflows', element: <p>Agentflows list</p> },
      ],
      { path: '/agentcanvas' },
    );

    expect(await screen.findByRole('heading', { name: 'Untitled agents' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toHaveAttribute('title', 'Save Agents');
    const back = screen.getByRole('button', { name: 'Back' });
    await userEvent.hover(back);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Back to agentflows');
    await userEvent.click(back);
    expect(router.state.location.pathname).toBe('/agentflows');
  });
});
