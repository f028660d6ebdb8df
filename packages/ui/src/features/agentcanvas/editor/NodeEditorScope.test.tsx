import type { NodeDefinition } from '@flowloom/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSyncExternalStore } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonBodyOf, urlOf } from '../../../test/fetchCalls';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { FlowStore } from '../../canvas/document/flowStore';
import { definition } from '../../canvas/document/fixtures/definitions';
import { connectAgentNodes } from '../document/connect';
import { addAgentNode } from '../document/createAgentNode';
import { setAgentInputs } from '../document/edit';
import type { AgentDocument } from '../document/types';
import { NodeEditorPanel } from './NodeEditorPanel';
import { NodeEditorScope } from './NodeEditorScope';

const def = (name: string, label: string, inputs: NodeDefinition['inputs']): NodeDefinition => ({
  label,
  name,
  version: 1,
  type: label,
  category: 'Agent Flows',
  baseClasses: [label],
  description: '',
  icon: '',
  inputs,
  color: '#123456',
});

const START = def('startAgentflow', 'Start', [
  {
    label: 'Flow State',
    name: 'startState',
    type: 'array',
    optional: true,
    array: [
      { label: 'Key', name: 'key', type: 'string' },
      { label: 'Value', name: 'value', type: 'string' },
    ],
  } as NodeDefinition['inputs'][number],
]);
const LLM = def('llmAgentflow', 'LLM', [
  { label: 'Model', name: 'llmModel', type: 'asyncOptions', loadMethod: 'listModels', loadConfig: true },
  { label: 'Input Message', name: 'llmUserMessage', type: 'string', rows: 4, acceptVariable: true },
]);
const LOOP = def('loopAgentflow', 'Loop', [
  { label: 'Loop Back To', name: 'loopBackToNode', type: 'asyncOptions', loadMethod: 'listPreviousNodes' },
  {
    label: 'Fallback Message',
    name: 'fallbackMessage',
    type: 'string',
    acceptVariable: true,
    optional: true,
  },
]);
const CHAT_OPENAI = definition('chatOpenAI');
const DEFINITIONS = [START, LLM, LOOP, CHAT_OPENAI];

/** Start → LLM 0 → Loop 0, the Start declaring the state key `topic`. */
function flow(): AgentDocument {
  let doc: AgentDocument = { nodes: [], edges: [] };
  for (const [index, item] of [START, LLM, LOOP].entries())
    doc = addAgentNode(doc, item, { x: index * 300, y: 0 }).doc;
  doc = setAgentInputs(doc, 'startAgentflow_0', { startState: [{ key: 'topic', value: 'boats' }] });
  const link = (source: string, target: string) =>
    connectAgentNodes(doc, {
      source,
      sourceHandle: `${source}-output-${source.replace(/_\d+$/, '')}`,
      target,
      targetHandle: target,
    });
  doc = link('startAgentflow_0', 'llmAgentflow_0');
  doc = link('llmAgentflow_0', 'loopAgentflow_0');
  return doc;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type Route = (url: string, body: unknown) => Response | undefined;

function mockServer(route: Route) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = urlOf(input);
    const answer = route(url, jsonBodyOf(init));
    if (answer) return Promise.resolve(answer);
    if (url.endsWith('/api/v1/variables')) return Promise.resolve(json([{ name: 'apiBase' }]));
    return Promise.resolve(json({ message: 'not mocked' }, 500));
  });
}

/** The editor as the canvas mounts it: the panel follows the node in the store. */
function Editor({ store, nodeId }: { store: FlowStore<AgentDocument>; nodeId: string }) {
  const node = useSyncExternalStore(store.subscribe, () =>
    store.getSnapshot().nodes.find((item) => item.id === nodeId),
  );
  return (
    <NodeEditorScope store={store} nodeId={nodeId}>
      <NodeEditorPanel
        node={node!}
        definitions={DEFINITIONS}
        onInputs={(values) => store.update((doc) => setAgentInputs(doc, nodeId, values))}
        onCredential={() => undefined}
        onLabel={() => undefined}
        onClose={() => undefined}
      />
    </NodeEditorScope>
  );
}

function renderEditor(nodeId: string, store = new FlowStore<AgentDocument>(flow())) {
  renderWithProviders(<Editor store={store} nodeId={nodeId} />);
  return store;
}

const loadCalls = (fetch: ReturnType<typeof mockServer>, node: string) =>
  fetch.mock.calls
    .filter(([input]) => urlOf(input).endsWith(`/node-load-method/${node}`))
    .map(([, init]) => jsonBodyOf(init) as Record<string, unknown>);

afterEach(() => vi.restoreAllMocks());

describe('v2 node editor', () => {
  it('loads async options from the node’s load method with the upstream nodes', async () => {
    const user = userEvent.setup();
    const fetch = mockServer((url) =>
      url.endsWith('/node-load-method/loopAgentflow')
        ? json([{ label: 'LLM 0', name: 'llmAgentflow_0-LLM 0', description: 'llmAgentflow_0' }])
        : undefined,
    );
    renderEditor('loopAgentflow_0');
    await user.click(screen.getByRole('textbox', { name: 'Loop Back To' }));
    expect(await screen.findByRole('option', { name: /LLM 0/ })).toBeInTheDocument();
    const [body] = loadCalls(fetch, 'loopAgentflow');
    expect(body).toEqual({
      loadMethod: 'listPreviousNodes',
      inputs: { loopBackToNode: '', fallbackMessage: '' },
      previousNodes: [
        { id: 'llmAgentflow_0', name: 'llmAgentflow', label: 'LLM 0', inputs: expect.any(Object) },
        { id: 'startAgentflow_0', name: 'startAgentflow', label: 'Start 0', inputs: expect.any(Object) },
      ],
      currentNode: {
        id: 'loopAgentflow_0',
        name: 'loopAgentflow',
        label: 'Loop 0',
        inputs: expect.any(Object),
      },
    });
  });

  it('says why options could not be loaded and still takes typed text', async () => {
    const user = userEvent.setup();
    mockServer((url) =>
      url.includes('/node-load-method/')
        ? json({ statusCode: 404, message: 'Node loopAgentflow has no load method listPreviousNodes' }, 404)
        : undefined,
    );
    const store = renderEditor('loopAgentflow_0');
    await user.click(screen.getByRole('textbox', { name: 'Loop Back To' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Node loopAgentflow has no load method listPreviousNodes — you can type a value instead.',
    );
    await user.type(screen.getByRole('combobox', { name: 'Loop Back To' }), 'llmAgentflow_0-LLM 0');
    await user.tab();
    await waitFor(() =>
      expect(store.getSnapshot().nodes[2]!.data.inputs.loopBackToNode).toBe('llmAgentflow_0-LLM 0'),
    );
  });

  it('offers upstream outputs, flow state and workspace variables in {{ }} fields', async () => {
    const user = userEvent.setup();
    mockServer(() => undefined);
    renderEditor('loopAgentflow_0');
    const field = screen.getByRole('textbox', { name: 'Fallback Message' });
    await user.type(field, '{{{{');
    const list = screen.getByRole('listbox', { name: 'Variables' });
    await waitFor(() => expect(within(list).getByRole('option', { name: /\$vars\.apiBase/ })).toBeVisible());
    expect(within(list).getByRole('option', { name: /\$flow\.state\.topic/ })).toBeVisible();
    expect(within(list).getByRole('option', { name: /LLM 0/ })).toBeVisible();
    expect(within(list).queryByRole('option', { name: /Loop 0/ })).not.toBeInTheDocument();
  });

  it('lists models from the server, falls back to the catalogue, and loads the model’s own options as on chatflows', async () => {
    const user = userEvent.setup();
    const fetch = mockServer((url) => {
      if (url.endsWith('/node-load-method/llmAgentflow'))
        return json({ message: 'Node llmAgentflow has no load method listModels' }, 404);
      if (url.endsWith('/node-load-method/chatOpenAI')) return json([{ label: 'gpt-4o', name: 'gpt-4o' }]);
      return undefined;
    });
    const store = renderEditor('llmAgentflow_0');
    await waitFor(() => expect(loadCalls(fetch, 'llmAgentflow')).toHaveLength(1));
    expect(loadCalls(fetch, 'llmAgentflow')[0]).toMatchObject({
      loadMethod: 'listModels',
      previousNodes: [{ id: 'startAgentflow_0' }],
      currentNode: { id: 'llmAgentflow_0' },
    });
    // The server could not list them: the installed chat models are offered.
    await user.click(screen.getByRole('combobox', { name: /^Model/ }));
    await user.click(await screen.findByRole('option', { name: 'ChatOpenAI' }));
    expect(store.getSnapshot().nodes[1]!.data.inputs.llmModelConfig).toMatchObject({
      llmModel: 'chatOpenAI',
    });
    const form = await screen.findByTestId('llmModelConfig-form');
    await user.click(within(form).getByRole('textbox', { name: 'Model Name' }));
    expect(await screen.findByRole('option', { name: 'gpt-4o' })).toBeInTheDocument();
    // The chat model's own load method gets the chatflow request, not the v2 one.
    expect(loadCalls(fetch, 'chatOpenAI')[0]).toEqual({
      loadMethod: 'listModels',
      inputs: expect.any(Object),
    });
  });

  it('offers the models the server lists', async () => {
    const user = userEvent.setup();
    mockServer((url) =>
      url.endsWith('/node-load-method/llmAgentflow')
        ? json([{ label: 'ChatOpenAI (server)', name: 'chatOpenAI' }])
        : undefined,
    );
    renderEditor('llmAgentflow_0');
    await user.click(screen.getByRole('combobox', { name: /^Model/ }));
    expect(await screen.findByRole('option', { name: 'ChatOpenAI (server)' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'ChatOpenAI' })).not.toBeInTheDocument();
  });
});
