import { describe, expect, it } from 'vitest';
import { planChatflow } from '@flowloom/engine';
import { createNodeRegistry } from '@flowloom/nodes';
import { buildAssistantFlow, knowledgeToolName } from './assistant-flow.js';

const registry = createNodeRegistry();
const type = (name: string) => registry.get(name)!;

describe('knowledgeToolName', () => {
  it('turns a store name into a function name models accept, unique among the taken ones', () => {
    expect(knowledgeToolName('Rocket Facts', new Set())).toBe('rocket_facts');
    expect(knowledgeToolName('Q&A: 2024 (final)', new Set())).toBe('qa_2024_final');
    expect(knowledgeToolName('Rocket Facts', new Set(['rocket_facts', 'rocket_facts_2']))).toBe(
      'rocket_facts_3',
    );
    expect(knowledgeToolName('Документы', new Set())).toBe('search_knowledge');
    expect(knowledgeToolName('x'.repeat(100), new Set())).toHaveLength(56);
  });
});

describe('buildAssistantFlow', () => {
  it('wires the model, memory, tools and knowledge into a Tool Agent, with canvas handle ids', () => {
    const flow = buildAssistantFlow(
      {
        chatModel: { type: type('chatOpenAI'), inputs: { modelName: 'gpt-4o' }, credential: 'cred-1' },
        instruction: 'Be kind.',
        tools: [
          { type: type('calculator'), inputs: {} },
          { type: type('calculator'), inputs: {} },
        ],
        knowledge: [
          { storeId: 'store-1', toolName: 'facts', description: 'Facts', returnSourceDocuments: true },
        ],
      },
      registry,
    );
    expect(flow.nodes.map((node) => node.id)).toEqual([
      'documentStoreVS_0',
      'retrieverTool_0',
      'calculator_0',
      'calculator_1',
      'chatOpenAI_0',
      'bufferMemory_0',
      'toolAgent_0',
    ]);
    const model = flow.nodes.find((node) => node.id === 'chatOpenAI_0')!.data;
    expect(model.credential).toBe('cred-1');
    expect(model.inputs).toMatchObject({ modelName: 'gpt-4o', temperature: 0.9 });
    expect(model.inputParams[0]).toMatchObject({
      name: 'credential',
      id: 'chatOpenAI_0-input-credential-credential',
    });
    expect(flow.edges).toContainEqual(
      expect.objectContaining({
        source: 'documentStoreVS_0',
        sourceHandle: 'documentStoreVS_0-output-retriever-DocumentStoreVS|BaseRetriever',
        target: 'retrieverTool_0',
        targetHandle: 'retrieverTool_0-input-retriever-BaseRetriever',
      }),
    );
    expect(flow.edges.filter((edge) => edge.targetHandle === 'toolAgent_0-input-tools-Tool')).toHaveLength(3);
    expect(flow.nodes.at(-1)!.data.inputs).toMatchObject({
      systemMessage: 'Be kind.',
      tools: [
        '{{retrieverTool_0.data.instance}}',
        '{{calculator_0.data.instance}}',
        '{{calculator_1.data.instance}}',
      ],
    });
    expect(planChatflow(flow, registry).endingNodeId).toBe('toolAgent_0');
  });

  it('answers through a Conversation Chain when there is no tool (a Tool Agent needs one)', () => {
    const flow = buildAssistantFlow(
      {
        chatModel: { type: type('chatOpenAI'), inputs: {}, credential: 'cred-1' },
        instruction: '',
        tools: [],
        knowledge: [],
      },
      registry,
    );
    const plan = planChatflow(flow, registry);
    expect(plan.endingNodeId).toBe('conversationChain_0');
    expect(plan.memoryType).toBe('Buffer Memory');
  });
});
