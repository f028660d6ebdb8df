import type { NodeType } from '@flowloom/engine';
import { badgeIcon } from '../../utilities/icons.js';
import {
  answerQuestion,
  ENGINE_DEFINITION,
  responseSynthesizerInput,
  retrieverQueryEngine,
  returnSourceDocumentsInput,
  type QueryEngineHandle,
} from '../query-engine.js';

/**
 * Answers a question from a LlamaIndex vector store, without memory: the documents found go through
 * the response synthesizer with the store's chat model. Ends a flow, or feeds a QueryEngine Tool.
 */
export const queryEngine: NodeType = {
  icon: badgeIcon('QE', '#6d28d9'),
  streamable: true,
  definition: {
    ...ENGINE_DEFINITION,
    label: 'Query Engine',
    name: 'queryEngine',
    version: 2,
    type: 'QueryEngine',
    baseClasses: ['QueryEngine', 'BaseQueryEngine'],
    description:
      'Answers single questions from the documents of a vector store; remembers nothing between them',
    inputs: [
      { label: 'Vector Store Retriever', name: 'vectorStoreRetriever', type: 'VectorIndexRetriever' },
      responseSynthesizerInput,
      returnSourceDocumentsInput,
    ],
  },
  init: (ctx): QueryEngineHandle => retrieverQueryEngine(ctx),
  run: (ctx) => answerQuestion(ctx, retrieverQueryEngine(ctx)),
};
