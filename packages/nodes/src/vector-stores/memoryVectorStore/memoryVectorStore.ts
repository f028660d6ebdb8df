import { cosineSimilarity, type VectorRecord } from '@flowloom/engine';
import { badgeIcon } from '../../utilities/icons.js';
import {
  documentsToWrite,
  topKInput,
  vectorStoreNode,
  type VectorStoreHandle,
  resultCount,
} from '../vector-store.js';

/**
 * Vectors kept in memory for one run: the connected documents are embedded each time the flow is
 * built, and nothing is kept afterwards (Flowise In-Memory Vector Store). For trying a flow; use the
 * Embedded Vector Store to keep them.
 */
export const memoryVectorStore = vectorStoreNode({
  label: 'In-Memory Vector Store',
  name: 'memoryVectorStore',
  version: 1,
  type: 'Memory',
  description: 'Embeds the connected documents for each run and keeps them in memory only',
  icon: badgeIcon('MV', '#5c6bc0'),
  recordManager: false,
  vectorStoreClasses: ['MemoryVectorStore', 'VectorStore'],
  inputs: [topKInput(false)],
  async open(ctx, embeddings) {
    const records = new Map<string, VectorRecord>();
    const store: VectorStoreHandle = {
      kind: 'vectorStore',
      label: ctx.node.label || 'In-Memory Vector Store',
      embeddings,
      k: resultCount(ctx.inputs.topK),
      addVectors(vectors, documents, ids) {
        documents.forEach((doc, i) =>
          records.set(ids[i]!, {
            id: ids[i]!,
            pageContent: doc.pageContent,
            metadata: doc.metadata,
            vector: vectors[i]!,
          }),
        );
        return Promise.resolve();
      },
      searchByVector(vector, k, options = {}) {
        const found = [...records.values()]
          .map((record) => ({
            document: { pageContent: record.pageContent, metadata: record.metadata },
            score: cosineSimilarity(vector, record.vector),
            id: record.id,
            ...(options.withVectors && { vector: record.vector }),
          }))
          .sort((a, b) => b.score - a.score);
        return Promise.resolve(found.slice(0, k));
      },
      delete(ids) {
        for (const id of ids) records.delete(id);
        return Promise.resolve();
      },
    };
    const documents = documentsToWrite(ctx);
    if (documents.length > 0) {
      const vectors = await embeddings.embedDocuments(documents.map((doc) => doc.pageContent));
      await store.addVectors(
        vectors,
        documents,
        documents.map((_, i) => String(i)),
      );
    }
    return store;
  },
});
