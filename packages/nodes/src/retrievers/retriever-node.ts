import type { NodeParam } from '@flowloom/shared';
import { badgeIcon } from '../utilities/icons.js';
import { isVectorStore, type VectorStoreHandle } from '../vector-stores/vector-store.js';

export const RETRIEVER_CATEGORY = 'Retrievers';
export const retrieverIcon = badgeIcon('R', '#00796b');

export const vectorStoreInput: NodeParam = {
  label: 'Vector Store',
  name: 'vectorStore',
  type: 'VectorStore',
};

/** The vector store a retriever node was connected to (its Vector Store output), or a readable error. */
export function requireVectorStore(value: unknown): VectorStoreHandle {
  if (!isVectorStore(value))
    throw new Error('Vector Store must be a connected vector store, with its output set to "Vector Store"');
  return value;
}
