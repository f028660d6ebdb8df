import type { NodeType } from '@flowloom/engine';
import { retrieverOf, type RetrieverHandle } from '../../vector-stores/vector-store.js';
import {
  RETRIEVER_CATEGORY,
  requireVectorStore,
  retrieverIcon,
  vectorStoreInput,
} from '../retriever-node.js';

/** A vector store searched as a retriever, with a name and description (Flowise Vector Store Retriever). */
export const vectorStoreRetriever: NodeType = {
  icon: retrieverIcon,
  definition: {
    label: 'Vector Store Retriever',
    name: 'vectorStoreRetriever',
    version: 1,
    type: 'VectorStoreRetriever',
    category: RETRIEVER_CATEGORY,
    baseClasses: ['VectorStoreRetriever', 'BaseRetriever'],
    description: 'Searches a vector store as a retriever, with a name and description',
    inputs: [
      vectorStoreInput,
      { label: 'Retriever Name', name: 'name', type: 'string', placeholder: 'netflix movies' },
      {
        label: 'Retriever Description',
        name: 'description',
        type: 'string',
        description: 'Description of when to use the vector store retriever',
        rows: 3,
        placeholder: 'Good for answering questions about netflix movies',
      },
    ],
  },
  init(ctx): RetrieverHandle & { name: string; description: string } {
    const store = requireVectorStore(ctx.inputs.vectorStore);
    return {
      ...retrieverOf(store, { k: store.k }),
      name: typeof ctx.inputs.name === 'string' ? ctx.inputs.name : '',
      description: typeof ctx.inputs.description === 'string' ? ctx.inputs.description : '',
    };
  },
};
