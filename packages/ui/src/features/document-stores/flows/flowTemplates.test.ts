import type { NodeDefinition } from '@flowloom/shared';
import { describe, expect, it } from 'vitest';
import { definition } from '../../canvas/document/fixtures/definitions';
import { agentflowForStore, chatflowForStore } from './flowTemplates';

const def = (
  name: string,
  label: string,
  category: string,
  extra: Partial<NodeDefinition>,
): NodeDefinition => ({
  label,
  name,
  version: 1,
  type: label,
  category,
  baseClasses: [label],
  description: '',
  icon: '',
  inputs: [],
  ...extra,
});

/** Flowise's Conversational Retrieval QA Chain and Document Store (Vector), as the server describes them. */
const CHAIN = def('conversationalRetrievalQAChain', 'Conversational Retrieval QA Chain', 'Chains', {
  type: 'ConversationalRetrievalQAChain',
  baseClasses: ['ConversationalRetrievalQAChain', 'BaseChain', 'Runnable'],
  inputs: [
    { label: 'Chat Model', name: 'model', type: 'BaseChatModel' },
    { label: 'Vector Store Retriever', name: 'vectorStoreRetriever', type: 'BaseRetriever' },
    { label: 'Memory', name: 'memory', type: 'BaseMemory', optional: true },
    { label: 'Return Source Documents', name: 'returnSourceDocuments', type: 'boolean', optional: true },
  ],
});
const DOC_STORE_VS = def('documentStoreVS', 'Document Store (Vector)', 'Vector Stores', {
  type: 'DocumentStoreVS',
  baseClasses: ['DocumentStoreVS'],
  inputs: [{ label: 'Select Store', name: 'selectedStore', type: 'asyncOptions', loadMethod: 'listStores' }],
  outputs: [
    { label: 'Retriever', name: 'retriever', baseClasses: ['DocumentStoreVS', 'BaseRetriever'] },
    { label: 'Vector Store', name: 'vectorStore', baseClasses: ['DocumentStoreVS', 'VectorStore'] },
  ],
});
const START = def('startAgentflow', 'Start', 'Agent Flows', { color: '#7EE787', hideInput: true });
const AGENT = def('agentAgentflow', 'Agent', 'Agent Flows', {
  color: '#4DD0E1',
  inputs: [
    { label: 'Model', name: 'agentModel', type: 'asyncOptions', loadMethod: 'listModels', loadConfig: true },
    {
      label: 'Knowledge (Document Stores)',
      name: 'agentKnowledgeDocumentStores',
      type: 'array',
      optional: true,
    } as NodeDefinition['inputs'][number],
  ],
});

const catalogue = (...list: NodeDefinition[]) => new Map(list.map((item) => [item.name, item]));
const store = { id: 'store-1', name: 'Handbook', description: 'How the lighthouse is run' };

describe('chatflowForStore', () => {
  it('wires ChatOpenAI and the store retriever into a retrieval QA chain that returns its sources', () => {
    const template = chatflowForStore(store, catalogue(definition('chatOpenAI'), CHAIN, DOC_STORE_VS));
    if (!template.ok) throw new Error(template.reason);
    expect(template.name).toBe('Handbook Chatflow');
    const flow = JSON.parse(template.flowData);
    expect(flow.nodes.map((node: { id: string }) => node.id)).toEqual([
      'chatOpenAI_0',
      'documentStoreVS_0',
      'conversationalRetrievalQAChain_0',
    ]);
    const [, retriever, chain] = flow.nodes;
    expect(retriever.data.inputs.selectedStore).toBe('store-1');
    expect(retriever.data.outputs.output).toBe('retriever');
    expect(chain.data.inputs).toMatchObject({
      model: '{{chatOpenAI_0.data.instance}}',
      vectorStoreRetriever: '{{documentStoreVS_0.data.instance}}',
      returnSourceDocuments: true,
    });
    expect(
      flow.edges.map((edge: { sourceHandle: string; targetHandle: string }) => [
        edge.sourceHandle,
        edge.targetHandle,
      ]),
    ).toEqual([
      [
        expect.stringMatching(/^chatOpenAI_0-output-chatOpenAI-/),
        'conversationalRetrievalQAChain_0-input-model-BaseChatModel',
      ],
      [
        'documentStoreVS_0-output-retriever-DocumentStoreVS|BaseRetriever',
        'conversationalRetrievalQAChain_0-input-vectorStoreRetriever-BaseRetriever',
      ],
    ]);
  });

  it('names the nodes the server lacks', () => {
    const template = chatflowForStore(store, catalogue(definition('chatOpenAI')));
    expect(template).toEqual({
      ok: false,
      missing: [
        'Conversational Retrieval QA Chain (conversationalRetrievalQAChain)',
        'Document Store (Vector) (documentStoreVS)',
      ],
      reason:
        'This server has no Conversational Retrieval QA Chain (conversationalRetrievalQAChain), Document Store (Vector) (documentStoreVS) nodes',
    });
  });

  it('says so when a node cannot take the connection', () => {
    const chain = { ...CHAIN, inputs: CHAIN.inputs.filter((input) => input.name !== 'vectorStoreRetriever') };
    expect(() => chatflowForStore(store, catalogue(definition('chatOpenAI'), chain, DOC_STORE_VS))).toThrow(
      'Document Store (Vector) cannot be connected to Conversational Retrieval QA Chain',
    );
  });
});

describe('agentflowForStore', () => {
  it('gives an Agent after Start the store as knowledge, returning source documents', () => {
    const template = agentflowForStore(store, catalogue(START, AGENT, definition('chatOpenAI')));
    if (!template.ok) throw new Error(template.reason);
    expect(template.name).toBe('Handbook Agentflow');
    const flow = JSON.parse(template.flowData);
    const agent = flow.nodes.find((node: { id: string }) => node.id === 'agentAgentflow_0');
    expect(agent.data.label).toBe('Agent 0');
    expect(agent.data.inputs.agentKnowledgeDocumentStores).toEqual([
      {
        documentStore: 'store-1:Handbook',
        docStoreDescription: 'How the lighthouse is run',
        returnSourceDocuments: true,
      },
    ]);
    expect(agent.data.inputs.agentModel).toBe('chatOpenAI');
    expect(agent.data.inputs.agentModelConfig).toMatchObject({ agentModel: 'chatOpenAI' });
    expect(flow.edges).toEqual([
      expect.objectContaining({
        source: 'startAgentflow_0',
        sourceHandle: 'startAgentflow_0-output-startAgentflow',
        target: 'agentAgentflow_0',
        targetHandle: 'agentAgentflow_0',
        type: 'agentFlow',
      }),
    ]);
  });

  it('describes a store without a description, and leaves the model to pick without ChatOpenAI', () => {
    const template = agentflowForStore({ ...store, description: null }, catalogue(START, AGENT));
    if (!template.ok) throw new Error(template.reason);
    const agent = JSON.parse(template.flowData).nodes[1];
    expect(agent.data.inputs.agentKnowledgeDocumentStores[0].docStoreDescription).toBe(
      'Search the "Handbook" document store for relevant information',
    );
    expect(agent.data.inputs.agentModel).toBe('');
  });

  it('names a missing agentflow node', () => {
    expect(agentflowForStore(store, catalogue(START))).toMatchObject({
      ok: false,
      missing: ['Agent (agentAgentflow)'],
    });
  });
});
