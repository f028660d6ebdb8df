import type { NodeType } from '@flowloom/engine';
import { numberInput, stringInput } from '../../llm/chat-model.js';
import { loaderOutputs } from '../../document-loaders/loader.js';
import { searchStore, type RetrieverHandle } from '../../vector-stores/vector-store.js';
import {
  RETRIEVER_CATEGORY,
  requireVectorStore,
  retrieverIcon,
  vectorStoreInput,
} from '../retriever-node.js';

/**
 * Documents at least this similar to the query (a percentage of cosine similarity), up to Max K:
 * a search that keeps only what is close enough rather than a fixed count.
 */
export const similarityThresholdRetriever: NodeType = {
  icon: retrieverIcon,
  definition: {
    label: 'Similarity Score Threshold Retriever',
    name: 'similarityThresholdRetriever',
    version: 2,
    type: 'SimilarityThresholdRetriever',
    category: RETRIEVER_CATEGORY,
    baseClasses: ['SimilarityThresholdRetriever', 'BaseRetriever'],
    description: 'Documents at least as similar to the query as a minimum score',
    inputs: [
      vectorStoreInput,
      {
        label: 'Query',
        name: 'query',
        type: 'string',
        description: 'What to search for (Document and Text outputs); the question when empty',
        optional: true,
        acceptVariable: true,
      },
      {
        label: 'Minimum Similarity Score (%)',
        name: 'minSimilarityScore',
        description: 'Only documents at least this similar',
        type: 'number',
        default: 80,
        step: 1,
      },
      {
        label: 'Max K',
        name: 'maxK',
        description: 'The most documents to return',
        type: 'number',
        default: 20,
        step: 1,
        additionalParams: true,
      },
      {
        label: 'K Increment',
        name: 'kIncrement',
        description: 'Kept for Flowise flows; one search of Max K finds the same documents',
        type: 'number',
        default: 2,
        step: 1,
        additionalParams: true,
      },
    ],
    outputs: [
      {
        label: 'Similarity Threshold Retriever',
        name: 'retriever',
        baseClasses: ['SimilarityThresholdRetriever', 'BaseRetriever'],
      },
      // Its search results, as a loader's documents or their text.
      ...loaderOutputs,
    ],
  },
  async init(ctx) {
    const store = requireVectorStore(ctx.inputs.vectorStore);
    const minimum = (numberInput(ctx.inputs.minSimilarityScore) ?? 90) / 100;
    const maxK = Math.max(1, Math.floor(numberInput(ctx.inputs.maxK) ?? 100));
    const retriever: RetrieverHandle = {
      kind: 'retriever',
      vectorStore: store,
      retrieve: async (query, options) =>
        (await searchStore(store, query, { k: maxK, scoreThreshold: minimum }, options)).map(
          (f) => f.document,
        ),
    };
    if (ctx.outputName !== 'document' && ctx.outputName !== 'text') return retriever;
    const documents = await retriever.retrieve(stringInput(ctx.inputs.query) ?? ctx.run.question);
    return ctx.outputName === 'text' ? documents.map((doc) => `${doc.pageContent}\n`).join('') : documents;
  },
};
