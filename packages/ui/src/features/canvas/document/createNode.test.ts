import { describe, expect, it } from 'vitest';
import { createNode, createNodeData } from './createNode';
import { definition } from './fixtures/definitions';
import flowiseFile from './fixtures/flowise-llm-chain.json';

describe('createNodeData', () => {
  it('splits inputs into params and anchors with Flowise handle ids', () => {
    const data = createNodeData(definition('llmChain'), 'llmChain_0');
    expect(data.inputAnchors.map((a) => a.id)).toEqual([
      'llmChain_0-input-model-BaseLanguageModel',
      'llmChain_0-input-prompt-BasePromptTemplate',
      'llmChain_0-input-outputParser-BaseLLMOutputParser',
      'llmChain_0-input-inputModeration-Moderation',
    ]);
    expect(data.inputParams.map((p) => p.id)).toEqual(['llmChain_0-input-chainName-string']);
  });

  it('gives a multi-output node one options anchor and selects the first output', () => {
    const data = createNodeData(definition('llmChain'), 'llmChain_0');
    const saved = flowiseFile.nodes.find((n) => n.id === 'llmChain_0')!.data;
    expect(data.outputAnchors).toMatchObject(saved.outputAnchors);
    expect(data.outputs).toEqual({ output: 'llmChain' });
  });

  it('gives a single-output node the anchor Flowise writes', () => {
    const data = createNodeData(definition('promptTemplate'), 'promptTemplate_0');
    expect(data.outputAnchors).toEqual([
      {
        id: 'promptTemplate_0-output-promptTemplate-PromptTemplate|BaseStringPromptTemplate|BasePromptTemplate|Runnable',
        name: 'promptTemplate',
        label: 'PromptTemplate',
        description: data.description,
        type: 'PromptTemplate | BaseStringPromptTemplate | BasePromptTemplate | Runnable',
      },
    ]);
    expect(data.outputs).toEqual({});
  });

  it('prepends the credential as a param and starts with no credential chosen', () => {
    const data = createNodeData(definition('chatOpenAI'), 'chatOpenAI_0');
    expect(data.inputParams[0]).toMatchObject({
      name: 'credential',
      type: 'credential',
      credentialNames: ['openAIApi'],
      id: 'chatOpenAI_0-input-credential-credential',
    });
    expect(data.credential).toBe('');
    expect(data.inputAnchors.map((a) => a.name)).toEqual(['cache']);
  });

  it('fills inputs with defaults or empty strings', () => {
    const data = createNodeData(definition('chatOpenAI'), 'chatOpenAI_0');
    expect(data.inputs).toMatchObject({
      cache: '',
      modelName: 'gpt-4o-mini',
      temperature: 0.9,
      maxTokens: '',
    });
    expect(data).not.toHaveProperty('icon');
    expect(data).toMatchObject({
      id: 'chatOpenAI_0',
      name: 'chatOpenAI',
      version: 6,
      category: 'Chat Models',
    });
  });

  it('renders sticky notes with the note renderer', () => {
    expect(createNode(definition('stickyNote'), 'stickyNote_0', { x: 1, y: 2 }).type).toBe('stickyNote');
    expect(createNode(definition('llmChain'), 'llmChain_0', { x: 1, y: 2 }).type).toBe('customNode');
  });
});
