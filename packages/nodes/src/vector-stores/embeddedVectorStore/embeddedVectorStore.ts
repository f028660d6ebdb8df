import type { NodeContext } from '@flowloom/engine';
import { parseMetadataFilter } from '@flowloom/shared';
import { booleanInput, stringInput } from '../../llm/chat-model.js';
import { badgeIcon } from '../../utilities/icons.js';
import type { EmbeddingsHandle } from '../../embeddings/embeddings.js';
import { allOf } from '../filters.js';
import {
  CHAT_ID_KEY,
  fileUploadInput,
  mmrInputs,
  topKInput,
  vectorStoreNode,
  type VectorStoreHandle,
  resultCount,
} from '../vector-store.js';

/** The filter a search of this node applies: the node's own, and the chat's uploads rule. */
function nodeFilter(ctx: NodeContext): Record<string, unknown> | undefined {
  const filter = parseMetadataFilter(ctx.inputs.metadataFilter);
  if (!booleanInput(ctx.inputs.fileUpload, false)) return filter;
  return allOf(filter, {
    $or: [{ [CHAT_ID_KEY]: ctx.run.chatId }, { [CHAT_ID_KEY]: { $exists: false } }],
  });
}

/** The embedded store's handle on one collection of the app database. */
export function embeddedStore(
  ctx: NodeContext,
  embeddings: EmbeddingsHandle,
  collection: string,
  k: number,
): VectorStoreHandle {
  const { vectors } = ctx.run.services;
  const records = (
    vectorList: number[][],
    documents: { pageContent: string; metadata: Record<string, unknown> }[],
    ids: string[],
  ) =>
    documents.map((doc, i) => ({
      id: ids[i]!,
      pageContent: doc.pageContent,
      metadata: doc.metadata,
      vector: vectorList[i]!,
    }));
  return {
    kind: 'vectorStore',
    label: ctx.node.label || 'Embedded Vector Store',
    embeddings,
    k,
    filter: nodeFilter(ctx),
    addVectors: (vectorList, documents, ids) =>
      vectors.upsert(collection, records(vectorList, documents, ids)),
    async searchByVector(vector, count, options = {}) {
      const found = await vectors.search(collection, vector, {
        k: count,
        ...(options.filter && { filter: parseMetadataFilter(options.filter) }),
        ...(options.withVectors && { withVectors: true }),
      });
      return found.map((record) => ({
        document: { pageContent: record.pageContent, metadata: record.metadata },
        score: record.score,
        id: record.id,
        ...(record.vector && { vector: record.vector }),
      }));
    },
    delete: async (ids) => {
      await vectors.delete(collection, ids);
    },
    replaceWhere: async (where, vectorList, documents, ids) => {
      await vectors.upsert(collection, records(vectorList, documents, ids), { replaceWhere: where });
      return documents.length;
    },
    deleteWhere: (where) => vectors.deleteWhere(collection, where),
    combineFilters: (base, extra) => allOf(base, parseMetadataFilter(extra)) ?? {},
  };
}

/**
 * Vectors kept in Flowloom's own database, beside everything else: SQLite with sqlite-vec, or
 * PostgreSQL with pgvector. Nothing to install or run; a collection per flow or document store.
 */
export const embeddedVectorStore = vectorStoreNode({
  label: 'Embedded Vector Store',
  name: 'embeddedVectorStore',
  version: 1,
  type: 'Embedded',
  description:
    "Keeps vectors in Flowloom's own database (SQLite with sqlite-vec, or PostgreSQL with pgvector): nothing else to run",
  icon: badgeIcon('EV', '#3949ab'),
  recordManager: true,
  inputs: [
    {
      label: 'Collection Name',
      name: 'collectionName',
      type: 'string',
      description:
        'Flows (and document stores) that name the same collection share its vectors. Default: one collection for this flow or document store',
      placeholder: 'my-collection',
      additionalParams: true,
      optional: true,
    },
    fileUploadInput,
    {
      label: 'Metadata Filter',
      name: 'metadataFilter',
      type: 'json',
      description: 'Only documents whose metadata matches, e.g. {"source": "a.pdf"} or {"page": {"$gte": 3}}',
      optional: true,
      additionalParams: true,
      acceptVariable: true,
    },
    topKInput(),
    ...mmrInputs,
  ],
  open(ctx, embeddings) {
    const collection = stringInput(ctx.inputs.collectionName) ?? ctx.run.flowId;
    const k = resultCount(ctx.inputs.topK);
    return Promise.resolve(embeddedStore(ctx, embeddings, collection, k));
  },
});
