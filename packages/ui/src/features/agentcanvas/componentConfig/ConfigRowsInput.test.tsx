import { CREDENTIAL_ID_KEY, type NodeDefinition } from '@flowloom/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSyncExternalStore } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonBodyOf, urlOf } from '../../../test/fetchCalls';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { FlowStore } from '../../canvas/document/flowStore';
import { connectAgentNodes } from '../document/connect';
import { addAgentNode } from '../document/createAgentNode';
import { agentDocumentFromText } from '../document/flowFile';
import type { AgentDocument } from '../document/types';
import { setAgentInputs } from '../document/edit';
import { NodeEditorPanel } from '../editor/NodeEditorPanel';
import { NodeEditorScope } from '../editor/NodeEditorScope';
import interactingWithApi from './fixtures/flowise-interacting-with-api.json';

type Inputs = NodeDefinition['inputs'];
const def = (name: string, label: string, category: string, inputs: Inputs, extra = {}): NodeDefinition => ({
  label,
  name,
  version: 1,
  type: label,
  category,
  baseClasses: [label],
  description: '',
  icon: '',
  inputs,
  ...extra,
});

const START = def('startAgentflow', 'Start', 'Agent Flows', []);
const AGENT = def('agentAgentflow', 'Agent', 'Agent Flows', [
  {
    label: 'Tools',
    name: 'agentTools',
    type: 'array',
    optional: true,
    array: [
      {
        label: 'Tool',
        name: 'agentSelectedTool',
        type: 'asyncOptions',
        loadMethod: 'listTools',
        loadConfig: true,
      },
      {
        label: 'Require Human Input',
        name: 'agentSelectedToolRequiresHumanInput',
        type: 'boolean',
        optional: true,
      },
    ],
  } as Inputs[number],
]);
const CUSTOM_TOOL = def('customTool', 'Custom Tool', 'Tools', [
  { label: 'Select Tool', name: 'selectedTool', type: 'asyncOptions', loadMethod: 'listTools' },
  { label: 'Return Direct', name: 'returnDirect', type: 'boolean', optional: true },
]);
const CALCULATOR = def('calculator', 'Calculator', 'Tools', []);
const SERP_API = def('serpAPI', 'Serp API', 'Tools', [], {
  credential: {
    label: 'Connect Credential',
    name: 'credential',
    type: 'credential',
    credentialNames: ['serpApi'],
  },
});
/** Flowise's Requests Get as the template below was saved with it (its v2 input names). */
const FLOWISE_REQUESTS_GET = def('requestsGet', 'Requests Get', 'Tools', [
  { label: 'URL', name: 'requestsGetUrl', type: 'string', acceptVariable: true },
  { label: 'Name', name: 'requestsGetName', type: 'string' },
  { label: 'Description', name: 'requestsGetDescription', type: 'string', rows: 4 },
]);
const DEFINITIONS = [START, AGENT, CUSTOM_TOOL, CALCULATOR, SERP_API];

/** Start → Agent 0. */
function flow(): AgentDocument {
  let doc: AgentDocument = { nodes: [], edges: [] };
  for (const [index, item] of [START, AGENT].entries())
    doc = addAgentNode(doc, item, { x: index * 300, y: 0 }).doc;
  return connectAgentNodes(doc, {
    source: 'startAgentflow_0',
    sourceHandle: 'startAgentflow_0-output-startAgentflow',
    target: 'agentAgentflow_0',
    targetHandle: 'agentAgentflow_0',
  });
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function mockServer() {
  return vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
    const url = urlOf(input);
    if (url.endsWith('/node-load-method/agentAgentflow'))
      return Promise.resolve(
        json([
          { label: 'Calculator', name: 'calculator' },
          { label: 'Custom Tool', name: 'customTool' },
          { label: 'Serp API', name: 'serpAPI' },
        ]),
      );
    if (url.endsWith('/node-load-method/customTool'))
      return Promise.resolve(json([{ label: 'tide_lookup', name: 'tool-1', description: 'Tide times' }]));
    if (url.includes('/credentials'))
      return Promise.resolve(json([{ id: 'cred-1', name: 'Serp key', credentialName: 'serpApi' }]));
    if (url.endsWith('/api/v1/variables')) return Promise.resolve(json([]));
    return Promise.resolve(json({ message: 'not mocked' }, 500));
  });
}

const loadCalls = (fetch: ReturnType<typeof mockServer>, node: string) =>
  fetch.mock.calls
    .filter(([input]) => urlOf(input).endsWith(`/node-load-method/${node}`))
    .map(([, init]) => jsonBodyOf(init) as Record<string, unknown>);

function Editor({
  store,
  definitions,
}: {
  store: FlowStore<AgentDocument>;
  definitions: readonly NodeDefinition[];
}) {
  const node = useSyncExternalStore(store.subscribe, () =>
    store.getSnapshot().nodes.find((item) => item.id === 'agentAgentflow_0'),
  );
  return (
    <NodeEditorScope store={store} nodeId="agentAgentflow_0">
      <NodeEditorPanel
        node={node!}
        definitions={definitions}
        onInputs={(values) => store.update((doc) => setAgentInputs(doc, 'agentAgentflow_0', values))}
        onCredential={() => undefined}
        onLabel={() => undefined}
        onClose={() => undefined}
      />
    </NodeEditorScope>
  );
}

function renderAgent(doc = flow(), definitions: readonly NodeDefinition[] = DEFINITIONS) {
  const store = new FlowStore<AgentDocument>(doc);
  renderWithProviders(<Editor store={store} definitions={definitions} />);
  const rows = () =>
    store.getSnapshot().nodes.find((item) => item.id === 'agentAgentflow_0')!.data.inputs
      .agentTools as Record<string, unknown>[];
  return { store, rows };
}

/** Adds a tools row and picks `label` in it. */
async function addTool(user: ReturnType<typeof userEvent.setup>, label: string) {
  await user.click(screen.getByRole('button', { name: 'Add Tools' }));
  const tools = screen.getAllByRole('combobox', { name: 'Tool' });
  await user.click(tools.at(-1)!);
  await user.click(await screen.findByRole('option', { name: label }));
}

afterEach(() => vi.restoreAllMocks());

describe('component sub-forms in array rows', () => {
  it('shows the Custom Tool’s own form in an Agent tools row, with the workspace tools from its load method', async () => {
    const user = userEvent.setup();
    const fetch = mockServer();
    const { rows } = renderAgent();
    await addTool(user, 'Custom Tool');
    expect(rows()).toEqual([
      {
        agentSelectedTool: 'customTool',
        agentSelectedToolRequiresHumanInput: '',
        agentSelectedToolConfig: { selectedTool: '', returnDirect: '', agentSelectedTool: 'customTool' },
      },
    ]);
    // The row's choices come from the Agent's load method, with its place in the flow.
    expect(loadCalls(fetch, 'agentAgentflow')[0]).toMatchObject({
      loadMethod: 'listTools',
      previousNodes: [{ id: 'startAgentflow_0' }],
      currentNode: { id: 'agentAgentflow_0' },
    });

    const form = screen.getByTestId('agentSelectedToolConfig-form');
    await user.click(within(form).getByRole('textbox', { name: 'Select Tool' }));
    await user.click(await screen.findByRole('option', { name: /tide_lookup/ }));
    await waitFor(() => expect(rows()[0]!.agentSelectedToolConfig).toMatchObject({ selectedTool: 'tool-1' }));
    // The custom tools are listed by the chatflow node's own load method, as on chatflows.
    expect(loadCalls(fetch, 'customTool')[0]).toEqual({
      loadMethod: 'listTools',
      inputs: { selectedTool: '', returnDirect: '', agentSelectedTool: 'customTool' },
    });

    // The row's other fields keep working and keep the form.
    await user.click(screen.getByRole('switch', { name: 'Require Human Input' }));
    expect(rows()[0]).toEqual({
      agentSelectedTool: 'customTool',
      agentSelectedToolRequiresHumanInput: true,
      agentSelectedToolConfig: { selectedTool: 'tool-1', returnDirect: '', agentSelectedTool: 'customTool' },
    });
  });

  it('shows nothing more for a tool without inputs, and offers the credentials of one that needs them', async () => {
    const user = userEvent.setup();
    mockServer();
    const { rows } = renderAgent();
    await addTool(user, 'Calculator');
    expect(screen.queryByTestId('agentSelectedToolConfig-form')).not.toBeInTheDocument();
    expect(rows()[0]!.agentSelectedToolConfig).toEqual({ agentSelectedTool: 'calculator' });

    await addTool(user, 'Serp API');
    const form = screen.getByTestId('agentSelectedToolConfig-form');
    await user.click(within(form).getByRole('combobox', { name: 'Connect Credential' }));
    await user.click(await screen.findByRole('option', { name: 'Serp key' }));
    expect(rows()[1]!.agentSelectedToolConfig).toEqual({
      agentSelectedTool: 'serpAPI',
      [CREDENTIAL_ID_KEY]: 'cred-1',
    });
    // Another choice in a row starts that row's form afresh and leaves the other rows alone.
    await user.click(screen.getAllByRole('combobox', { name: 'Tool' })[0]!);
    await user.click(await screen.findByRole('option', { name: 'Custom Tool' }));
    expect(rows().map((row) => row.agentSelectedToolConfig)).toEqual([
      { selectedTool: '', returnDirect: '', agentSelectedTool: 'customTool' },
      { agentSelectedTool: 'serpAPI', [CREDENTIAL_ID_KEY]: 'cred-1' },
    ]);
  });

  it('shows the stored form values of a Flowise flow’s tool rows and keeps them on edits', async () => {
    const user = userEvent.setup();
    mockServer();
    const doc = agentDocumentFromText(JSON.stringify(interactingWithApi));
    const stored = doc.nodes.find((item) => item.id === 'agentAgentflow_0')!.data.inputs.agentTools;
    const { rows } = renderAgent(doc, [...DEFINITIONS, FLOWISE_REQUESTS_GET]);

    const tools = screen.getAllByRole('combobox', { name: 'Tool' });
    expect(tools).toHaveLength(4);
    expect(tools[0]).toHaveTextContent('Requests Get');
    // A tool this install lacks is still shown by name, without a form.
    expect(tools[1]).toHaveTextContent('requestsPost');
    const [form] = screen.getAllByTestId('agentSelectedToolConfig-form');
    expect(within(form!).getByRole('textbox', { name: 'URL' })).toHaveValue(
      '<p>http://localhost:5566/events</p>',
    );
    expect(within(form!).getByRole('textbox', { name: 'Name' })).toHaveValue('get_events');

    const name = within(form!).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'list_events');
    await user.tab();
    await waitFor(() =>
      expect(rows()[0]!.agentSelectedToolConfig).toMatchObject({ requestsGetName: 'list_events' }),
    );
    const [first, ...others] = rows();
    const [storedFirst, ...storedOthers] = stored as Record<string, unknown>[];
    expect(others).toEqual(storedOthers);
    expect(first).toEqual({
      ...storedFirst,
      agentSelectedToolConfig: {
        ...(storedFirst!.agentSelectedToolConfig as object),
        requestsGetName: 'list_events',
      },
    });
  });
});
