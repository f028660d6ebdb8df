import type { LoadMethod, NodeType, RunContext } from '@flowloom/engine';
import type { ParamOption } from '@flowloom/shared';
import { stringInput } from '../../llm/chat-model.js';
import { badgeIcon } from '../../utilities/icons.js';
import { openStoreParts, vectorStoreOf } from '../../document-store/components.js';
import { retrieverOf, VECTOR_STORE_CATEGORY, type VectorStoreHandle } from '../vector-store.js';
import { componentRegistry } from '../../agentflow/common/components.js';

/** Stores whose chunks are in their vector store (UPSERTED), for the store pickers. */
export const listUpsertedStores: LoadMethod = async (ctx) =>
  (await ctx.services.listDocumentStores())
    .filter((store) => store.status === 'UPSERTED')
    .map((store): ParamOption => ({
      label: store.name,
      name: store.id,
      ...(store.description && { description: store.description }),
    }));

/**
 * The vector store a document store was upserted into, built from its saved embeddings and vector
 * store settings, seen from a run (the store's id stands in for the flow's, as when it was upserted).
 */
export async function openDocumentStore(run: RunContext, storeId: string): Promise<VectorStoreHandle> {
  const store = await run.services.documentStores.get(storeId);
  if (!store) throw new Error(`Document store ${storeId} not found; pick another store`);
  if (!store.embeddingConfig || !store.vectorStoreConfig)
    throw new Error(
      `Document store "${store.name}" has no embeddings or vector store configured; upsert it first`,
    );
  const opened = await openStoreParts(
    componentRegistry(run),
    { ...run, flowId: store.id },
    { embedding: store.embeddingConfig, vectorStore: store.vectorStoreConfig, recordManager: null },
    store.id,
    { recordManager: false },
  );
  return vectorStoreOf(opened);
}

/** Searches a document store's vector store from a flow (Flowise Document Store (Vector)). */
export const documentStoreVS: NodeType = {
  icon: badgeIcon('DS', '#00897b'),
  definition: {
    label: 'Document Store (Vector)',
    name: 'documentStoreVS',
    version: 1,
    type: 'DocumentStoreVS',
    category: VECTOR_STORE_CATEGORY,
    baseClasses: ['DocumentStoreVS'],
    description: 'Searches the vector store of an upserted document store',
    inputs: [
      { label: 'Select Store', name: 'selectedStore', type: 'asyncOptions', loadMethod: 'listStores' },
    ],
    outputs: [
      { label: 'Retriever', name: 'retriever', baseClasses: ['DocumentStoreVS', 'BaseRetriever'] },
      { label: 'Vector Store', name: 'vectorStore', baseClasses: ['DocumentStoreVS', 'VectorStore'] },
    ],
  },
  loadMethods: { listStores: listUpsertedStores },
  async init(ctx) {
    const storeId = stringInput(ctx.inputs.selectedStore);
    if (!storeId) throw new Error('Select a document store');
    const store = await openDocumentStore(ctx.run, storeId);
    if (ctx.outputName === 'vectorStore') return store;
    return retrieverOf(store, { k: store.k });
  },
};
