import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EMPTY_FLOW,
  ENGINES,
  moveToAnotherWorkspace,
  ownerSession,
  startTestServer,
  type Session,
  type TestServer,
} from './harness.js';

type Option = { label: string; name: string; description?: string };

/** A node as the Flowise v2 canvas sends it in `previousNodes`: whole node data, extra fields included. */
const canvasNode = (id: string, name: string, label: string, inputs: Record<string, unknown> = {}) => ({
  id,
  name,
  label,
  inputs,
  type: 'agentFlow',
  category: 'Agent Flows',
  inputParams: [],
  outputAnchors: [],
  selected: false,
});
const startNode = canvasNode('startAgentflow_0', 'startAgentflow', 'Start', {
  startInputType: 'chatInput',
  startState: [
    { key: 'topic', value: '' },
    { key: 'draft', value: '' },
  ],
});

describe.each(ENGINES)('POST /api/v1/node-load-method/:name on %s', (engine) => {
  let server: TestServer;
  let owner: Session;
  let toolId: string;
  const flowIds: Record<string, string> = {};

  beforeAll(async () => {
    server = await startTestServer({ engine });
    owner = await ownerSession(server.app);
    const tool = await owner.request('POST', '/api/v1/tools', {
      name: 'weather',
      description: 'Tells the weather',
      color: '#fff',
      schema: JSON.stringify([
        { property: 'city', type: 'string', description: 'City name', required: true },
      ]),
      func: 'return $city',
    });
    expect(tool.statusCode, tool.body).toBe(201);
    toolId = tool.json().id;
    for (const [name, type] of [
      ['Support bot', 'CHATFLOW'],
      ['Research agent', 'AGENTFLOW'],
      ['Elsewhere flow', 'CHATFLOW'],
    ] as const) {
      const created = await owner.request('POST', '/api/v1/chatflows', { name, type, flowData: EMPTY_FLOW });
      expect(created.statusCode, created.body).toBe(201);
      flowIds[name] = created.json().id;
    }
    const otherWorkspace = await moveToAnotherWorkspace(server, owner, flowIds['Elsewhere flow']!);
    const at = new Date().toISOString();
    const store = (id: string, name: string, status: string, workspaceId: string) => ({
      id,
      name,
      description: `${name} docs`,
      loaders: null,
      whereUsed: null,
      status,
      vectorStoreConfig: null,
      embeddingConfig: null,
      recordManagerConfig: null,
      workspaceId,
      createdDate: at,
      updatedDate: at,
    });
    await server.database.db
      .insertInto('document_store')
      .values([
        store('11111111-1111-4111-8111-111111111111', 'ai paper', 'UPSERTED', owner.user.activeWorkspaceId),
        store('22222222-2222-4222-8222-222222222222', 'drafts', 'EMPTY', owner.user.activeWorkspaceId),
        store('33333333-3333-4333-8333-333333333333', 'secret', 'UPSERTED', otherWorkspace),
      ])
      .execute();
  });
  afterAll(async () => {
    await server.close();
  });

  const load = (node: string, body: Record<string, unknown>) =>
    owner.request('POST', `/api/v1/node-load-method/${node}`, body);
  const options = async (node: string, body: Record<string, unknown>): Promise<Option[]> => {
    const response = await load(node, body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it('still serves chatflow nodes: a model list and the workspace’s custom tools', async () => {
    const models = await options('chatOpenAI', { loadMethod: 'listModels', inputs: {} });
    expect(models.map((m) => m.name)).toContain('gpt-4o-mini');
    expect(await options('customTool', { loadMethod: 'listTools', inputs: {} })).toEqual([
      { label: 'weather', name: toolId, description: 'Tells the weather' },
    ]);
  });

  it('lists chat model and tool components for v2 model and tool inputs', async () => {
    const models = await options('llmAgentflow', { loadMethod: 'listModels', inputs: {} });
    expect(models.map((m) => m.name)).toEqual(expect.arrayContaining(['chatOpenAI', 'chatAnthropic']));
    expect(models.find((m) => m.name === 'chatOpenAI')).toMatchObject({ label: 'ChatOpenAI' });
    const tools = await options('agentAgentflow', { loadMethod: 'listTools', inputs: {} });
    expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['customTool', 'calculator']));
  });

  it('lists the Start node’s Flow State keys and the loop-back targets from previousNodes', async () => {
    const previousNodes = [startNode, canvasNode('llmAgentflow_0', 'llmAgentflow', 'Writer')];
    const currentNode = canvasNode('loopAgentflow_0', 'loopAgentflow', 'Loop 0');
    expect(
      await options('llmAgentflow', {
        loadMethod: 'listRuntimeStateKeys',
        inputs: {},
        previousNodes,
        currentNode,
      }),
    ).toEqual([
      { label: 'topic', name: 'topic' },
      { label: 'draft', name: 'draft' },
    ]);
    expect(
      await options('loopAgentflow', {
        loadMethod: 'listPreviousNodes',
        inputs: {},
        previousNodes,
        currentNode,
      }),
    ).toEqual([
      { label: 'Start (startAgentflow_0)', name: 'startAgentflow_0-Start' },
      { label: 'Writer (llmAgentflow_0)', name: 'llmAgentflow_0-Writer' },
    ]);
    // Without previousNodes there is nothing to offer.
    expect(await options('loopAgentflow', { loadMethod: 'listPreviousNodes', inputs: {} })).toEqual([]);
  });

  it('lists the State node’s keys and the earlier nodes’ outputs on the sequential canvas', async () => {
    const state = canvasNode('seqState_0', 'seqState', 'State', {
      stateMemoryUI: JSON.stringify([{ key: 'next', type: 'Replace', defaultValue: '' }]),
    });
    const previousNodes = [
      canvasNode('seqAgent_0', 'seqAgent', 'Agent', { agentName: 'Researcher' }),
      canvasNode('seqStart_0', 'seqStart', 'Start'),
      state,
    ];
    const currentNode = canvasNode('seqLLMNode_0', 'seqLLMNode', 'LLM Node');
    const body = { inputs: {}, previousNodes, currentNode };
    expect(await options('seqLLMNode', { loadMethod: 'loadStateKeys', ...body })).toEqual([
      { label: 'next', name: 'next' },
    ]);
    expect(await options('seqExecuteFlow', { loadMethod: 'getPreviousMessages', ...body })).toEqual([
      { label: 'Researcher', name: 'seqAgent_0', description: 'Latest message of Agent (seqAgent_0)' },
    ]);
  });

  it('lists the flows of the caller’s workspace for Execute Flow', async () => {
    expect(await options('executeFlowAgentflow', { loadMethod: 'listFlows', inputs: {} })).toEqual([
      { label: 'Research agent', name: flowIds['Research agent'], description: 'Agentflow V2' },
      { label: 'Support bot', name: flowIds['Support bot'], description: 'Chatflow' },
    ]);
  });

  it('lists the upserted document stores of the workspace as "<id>:<name>"', async () => {
    const expected = [
      {
        label: 'ai paper',
        name: '11111111-1111-4111-8111-111111111111:ai paper',
        description: 'ai paper docs',
      },
    ];
    expect(await options('retrieverAgentflow', { loadMethod: 'listStores', inputs: {} })).toEqual(expected);
    expect(await options('agentAgentflow', { loadMethod: 'listStores', inputs: {} })).toEqual(expected);
  });

  it('lists the arguments of the custom tool a Tool node picked', async () => {
    expect(
      await options('toolAgentflow', {
        loadMethod: 'listToolInputArgs',
        inputs: {
          toolAgentflowSelectedTool: 'customTool',
          toolAgentflowSelectedToolConfig: { selectedTool: toolId },
        },
      }),
    ).toEqual([{ label: 'city', name: 'city', description: 'City name' }]);
    // A method that fails while loading answers an empty list (no tool picked yet).
    expect(await options('toolAgentflow', { loadMethod: 'listToolInputArgs', inputs: {} })).toEqual([]);
  });

  it('refuses unknown nodes and methods with 404, and wrongly typed bodies with clear 400s', async () => {
    const unknownNode = await load('noSuchNode', { loadMethod: 'listModels', inputs: {} });
    expect([unknownNode.statusCode, unknownNode.json().message]).toEqual([404, 'Node noSuchNode not found']);
    const unknownMethod = await load('loopAgentflow', { loadMethod: 'listModels', inputs: {} });
    expect([unknownMethod.statusCode, unknownMethod.json().message]).toEqual([
      404,
      'Node loopAgentflow has no load method listModels',
    ]);
    const cases: [Record<string, unknown>, string][] = [
      [{ inputs: {} }, 'loadMethod is required'],
      [{ loadMethod: 7 }, 'loadMethod must be a string'],
      [{ loadMethod: 'listFlows', inputs: 'x' }, 'inputs must be an object'],
      [{ loadMethod: 'listFlows', previousNodes: 'x' }, 'previousNodes must be an array'],
      [
        { loadMethod: 'listFlows', previousNodes: [{ name: 'llmAgentflow' }] },
        'previousNodes.0.id is required',
      ],
      [{ loadMethod: 'listFlows', currentNode: { id: 3 } }, 'currentNode.id must be a string'],
    ];
    for (const [body, message] of cases) {
      const response = await load('executeFlowAgentflow', body);
      expect([response.statusCode, response.json().message], JSON.stringify(body)).toEqual([400, message]);
    }
  });

  it('needs a signed-in caller', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/node-load-method/executeFlowAgentflow',
      payload: { loadMethod: 'listFlows' },
    });
    expect(response.statusCode).toBe(401);
  });
});
