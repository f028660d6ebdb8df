import { describe, expect, it } from 'vitest';
import { createNodeRegistry } from '../registry.js';
import { componentType } from './components.js';

describe('document store components', () => {
  const registry = createNodeRegistry();

  it('are built from the node types of their part', () => {
    expect(componentType(registry, 'vectorStore', 'pinecone').definition.name).toBe('pinecone');
    expect(() => componentType(registry, 'vectorStore', 'openAIEmbeddings')).toThrow(
      '"openAIEmbeddings" is not an available vector store',
    );
  });

  it('are never LlamaIndex nodes, which need connections a store’s form cannot give', () => {
    expect(() => componentType(registry, 'vectorStore', 'pineconeLlamaIndex')).toThrow(
      '"pineconeLlamaIndex" is not an available vector store',
    );
    expect(() => componentType(registry, 'embeddings', 'openAIEmbedding_LlamaIndex')).toThrow(
      '"openAIEmbedding_LlamaIndex" is not an available embeddings',
    );
    expect(() => componentType(registry, 'chatModel', 'chatOpenAI_LlamaIndex')).toThrow(
      '"chatOpenAI_LlamaIndex" is not an available chat model',
    );
  });
});
