import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  createTestEngine,
  type CustomToolRecord,
  type LoadMethodContext,
  type LoadMethodServices,
} from '@flowloom/engine';
import type { FlowData, LoadMethodNode } from '@flowloom/shared';
import { agentflowNodes, createAgentflowRegistry } from '../registry.js';
import { flowNode } from './test-harness.js';
import type { AgentflowParam } from './params.js';

const registry = createAgentflowRegistry();
const TOOLS: CustomToolRecord[] = [
  {
    id: 'tool-1',
    name: 'lookup',
    description: 'Looks things up',
    schema: JSON.stringify([
      { property: 'city', type: 'string', description: 'The city', required: true },
      { property: 'days', type: 'number', description: '', required: false },
    ]),
    func: 'return $city',
  },
];

function loadContext(
  nodeName: string,
  extra: Partial<Omit<LoadMethodContext, 'services'>> & { services?: Partial<LoadMethodServices> } = {},
): LoadMethodContext {
  const type = registry.get(nodeName)!;
  const engine = createTestEngine({ nodes: [], tools: TOOLS });
  const { services, ...rest } = extra;
  return {
    node: flowNode(`${nodeName}_0`, type).data,
    inputs: {},
    credential: () => Promise.resolve({}),
    previousNodes: [],
    currentNode: undefined,
    searchOptions: undefined,
    services: {
      tools: engine.services.tools,
      credentials: engine.services.credentials,
      logger: engine.services.logger,
      listTools: () => Promise.resolve(TOOLS),
      listFlows: () => Promise.resolve([]),
      listDocumentStores: () => Promise.resolve([]),
      ...services,
    },
    ...rest,
  };
}

function load(nodeName: string, method: string, extra: Parameters<typeof loadContext>[1] = {}) {
  const fn = registry.get(nodeName)!.loadMethods?.[method];
  if (!fn) throw new Error(`${nodeName} has no load method ${method}`);
  return fn(loadContext(nodeName, extra));
}

const canvasNode = (id: string, name: string, label: string, inputs = {}): LoadMethodNode => ({
  id,
  name,
  label,
  inputs,
});
const start = canvasNode('startAgentflow_0', 'startAgentflow', 'Start', {
  startState: [
    { key: 'topic', value: '' },
    { key: 'count', value: '0' },
    { key: '', value: 'ignored' },
    { key: 'topic', value: 'twice' },
  ],
});

/** Every `loadMethod` named in a list of params, including the sub-params of `array` inputs. */
function loadMethodNames(params: readonly AgentflowParam[]): string[] {
  return params.flatMap((p) => [...(p.loadMethod ? [p.loadMethod] : []), ...loadMethodNames(p.array ?? [])]);
}

describe('agentflow load methods', () => {
  it('every v2 node has exactly the load methods its inputs name', () => {
    for (const type of agentflowNodes) {
      const named = new Set(loadMethodNames(type.definition.inputs));
      expect(new Set(Object.keys(type.loadMethods ?? {})), type.definition.name).toEqual(named);
    }
  });

  it('has every load method the Flowise v2 templates name, under the same input', () => {
    const dir = new URL('../../../../../../shared/compat/flowise/agentflowsv2/', import.meta.url);
    const seen: string[] = [];
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
      const flow = JSON.parse(readFileSync(new URL(file, dir), 'utf8')) as FlowData;
      for (const node of flow.nodes) {
        const ours = new Map<string, string | undefined>();
        const collect = (params: readonly AgentflowParam[]) => {
          for (const p of params) {
            ours.set(p.name, p.loadMethod);
            collect(p.array ?? []);
          }
        };
        collect(registry.get(node.data.name)!.definition.inputs);
        const walk = (params: readonly AgentflowParam[]) => {
          for (const p of params) {
            if (p.loadMethod) {
              seen.push(`${node.data.name}.${p.loadMethod}`);
              expect(ours.get(p.name), `${file} ${node.data.name}.${p.name}`).toBe(p.loadMethod);
              expect(registry.get(node.data.name)!.loadMethods?.[p.loadMethod]).toBeTypeOf('function');
            }
            walk(p.array ?? []);
          }
        };
        walk(node.data.inputParams as AgentflowParam[]);
      }
    }
    expect(seen).toContain('loopAgentflow.listPreviousNodes');
    expect(seen).toContain('toolAgentflow.listToolInputArgs');
  });

  it('listModels offers the chat model components, listTools the tool components', async () => {
    const models = await load('llmAgentflow', 'listModels');
    expect(models.map((m) => m.name)).toEqual([
      'chatOpenAI',
      'azureChatOpenAI',
      'chatAnthropic',
      'chatGoogleGenerativeAI',
      'chatOllama',
      'chatMistralAI',
      'groqChat',
      'awsChatBedrock',
      'chatDeepseek',
      'chatOpenRouter',
      'chatXAI',
      'chatTogetherAI',
      'chatCerebras',
      'chatLocalAI',
      'chatHuggingFace',
      'chatFireworks',
      'chatSambanova',
      'chatOpenAICustom',
    ]);
    expect(models[0]).toMatchObject({ label: 'ChatOpenAI', name: 'chatOpenAI' });
    expect(models[0]!.description).toBeTruthy();
    expect(await load('agentAgentflow', 'listModels')).toEqual(models);
    expect(await load('conditionAgentAgentflow', 'listModels')).toEqual(models);

    const tools = (await load('agentAgentflow', 'listTools')).map((t) => t.name);
    expect(tools).toEqual([
      'calculator',
      'customTool',
      'requestsGet',
      'requestsPost',
      'requestsPut',
      'requestsDelete',
      'currentDateTime',
      'serpAPI',
      'googleCustomSearch',
      'serper',
      'braveSearchAPI',
      'tavilyAPI',
      'searXNG',
      'webScraperTool',
      'arxiv',
      'gmail',
      'microsoftTeams',
      'openAPIToolkit',
      'customMCP',
      'slackMCP',
    ]);
    expect((await load('toolAgentflow', 'listTools')).map((t) => t.name)).toEqual(tools);
    // Vector stores that stand alone (not the one reading a document store, nor the in-memory one).
    expect((await load('agentAgentflow', 'listVectorStores')).map((v) => v.name)).toEqual([
      'embeddedVectorStore',
      'pinecone',
      'qdrant',
      'chroma',
      'postgres',
    ]);
    expect((await load('agentAgentflow', 'listEmbeddings')).map((e) => e.name)).toEqual([
      'openAIEmbeddings',
      'azureOpenAIEmbeddings',
      'googleGenerativeAiEmbeddings',
      'ollamaEmbedding',
      'mistralAIEmbeddings',
      'cohereEmbeddings',
      'localAIEmbeddings',
      'AWSBedrockEmbeddings',
    ]);
  });

  it('listRuntimeStateKeys lists the Start node’s Flow State keys once each', async () => {
    const previousNodes = [canvasNode('llmAgentflow_0', 'llmAgentflow', 'LLM 0'), start];
    expect(await load('llmAgentflow', 'listRuntimeStateKeys', { previousNodes })).toEqual([
      { label: 'topic', name: 'topic' },
      { label: 'count', name: 'count' },
    ]);
    expect(await load('toolAgentflow', 'listRuntimeStateKeys')).toEqual([]);
  });

  it('listPreviousNodes offers the upstream nodes as "<label> (<id>)", stored as "<id>-<label>"', async () => {
    const previousNodes = [
      start,
      canvasNode('llmAgentflow_0', 'llmAgentflow', 'Draft - first'),
      canvasNode('stickyNoteAgentflow_0', 'stickyNoteAgentflow', 'Note'),
      canvasNode('loopAgentflow_0', 'loopAgentflow', 'Loop 0'),
    ];
    const currentNode = canvasNode('loopAgentflow_0', 'loopAgentflow', 'Loop 0');
    expect(await load('loopAgentflow', 'listPreviousNodes', { previousNodes, currentNode })).toEqual([
      { label: 'Start (startAgentflow_0)', name: 'startAgentflow_0-Start' },
      { label: 'Draft - first (llmAgentflow_0)', name: 'llmAgentflow_0-Draft - first' },
    ]);
  });

  it('listFlows offers the workspace’s chatflows and agentflows, typed', async () => {
    const listFlows = () =>
      Promise.resolve([
        { id: 'a', name: 'Support', type: 'CHATFLOW' },
        { id: 'b', name: 'Research', type: 'AGENTFLOW' },
        { id: 'c', name: 'Team', type: 'MULTIAGENT' },
        { id: 'd', name: 'Helper', type: 'ASSISTANT' },
      ]);
    expect(await load('executeFlowAgentflow', 'listFlows', { services: { listFlows } })).toEqual([
      { label: 'Support', name: 'a', description: 'Chatflow' },
      { label: 'Research', name: 'b', description: 'Agentflow V2' },
      { label: 'Team', name: 'c', description: 'Agentflow V1' },
    ]);
  });

  it('listStores offers upserted document stores as "<id>:<name>"', async () => {
    const listDocumentStores = () =>
      Promise.resolve([
        { id: 's1', name: 'ai paper', description: 'Papers', status: 'UPSERTED' },
        { id: 's2', name: 'empty', description: null, status: 'EMPTY' },
        { id: 's3', name: 'docs', description: null, status: 'UPSERTED' },
      ]);
    const expected = [
      { label: 'ai paper', name: 's1:ai paper', description: 'Papers' },
      { label: 'docs', name: 's3:docs' },
    ];
    expect(await load('retrieverAgentflow', 'listStores', { services: { listDocumentStores } })).toEqual(
      expected,
    );
    expect(await load('agentAgentflow', 'listStores', { services: { listDocumentStores } })).toEqual(
      expected,
    );
  });

  it('listToolInputArgs lists the chosen tool’s arguments (a custom tool’s rows, a built-in’s schema)', async () => {
    expect(
      await load('toolAgentflow', 'listToolInputArgs', {
        inputs: {
          toolAgentflowSelectedTool: 'customTool',
          toolAgentflowSelectedToolConfig: {
            selectedTool: 'tool-1',
            toolAgentflowSelectedTool: 'customTool',
          },
        },
      }),
    ).toEqual([
      { label: 'city', name: 'city', description: 'The city' },
      { label: 'days', name: 'days' },
    ]);
    // The canvas may send the tool only on the current node.
    const currentNode = canvasNode('toolAgentflow_0', 'toolAgentflow', 'Tool 0', {
      toolAgentflowSelectedTool: 'calculator',
    });
    const calculatorArgs = await load('toolAgentflow', 'listToolInputArgs', { currentNode });
    expect(calculatorArgs.map((a) => a.name)).toEqual(['input']);
    // OAuth tools list their arguments before their credential is connected (Human In The Loop's Gmail).
    const gmailArgs = await load('toolAgentflow', 'listToolInputArgs', {
      inputs: {
        toolAgentflowSelectedTool: 'gmail',
        toolAgentflowSelectedToolConfig: { gmailType: 'messages', messageActions: '["sendMessage"]' },
      },
    });
    expect(gmailArgs.map((a) => a.name)).toEqual(['to', 'subject', 'body', 'cc', 'bcc']);
    await expect(load('toolAgentflow', 'listToolInputArgs')).rejects.toThrow('Select a tool');
  });
});
