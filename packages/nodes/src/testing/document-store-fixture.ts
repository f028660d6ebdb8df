import type { DocumentStoreRecord, EngineServices } from '@flowloom/engine';
import type { SourceDocument } from '@flowloom/shared';
import { openStoreParts, upsertDocuments } from '../document-store/components.js';
import { createNodeRegistry } from '../registry.js';
import { testRun } from './node-context.js';

/** The saved settings of a test store: OpenAI embeddings (credential `openai`) into the embedded store. */
export function storeRecord(id: string, name: string, status = 'UPSERTED'): DocumentStoreRecord {
  return {
    id,
    name,
    description: `About ${name}`,
    status,
    embeddingConfig: {
      name: 'openAIEmbeddings',
      config: { modelName: 'text-embedding-3-small', credential: 'openai' },
    },
    vectorStoreConfig: { name: 'embeddedVectorStore', config: { topK: 2 } },
    recordManagerConfig: null,
  };
}

/**
 * Document stores for a test: `records` answered by `services.documentStores`, each filled with
 * `documents` through the real upsert (embeddings from the scripted LLM).
 */
export async function seedStores(
  services: EngineServices,
  stores: { record: DocumentStoreRecord; documents: SourceDocument[] }[],
): Promise<void> {
  services.documentStores = {
    list: () => Promise.resolve(stores.map(({ record }) => ({ ...record }))),
    get: (id) => Promise.resolve(stores.find((s) => s.record.id === id)?.record),
    chunks: (id) => Promise.resolve(stores.find((s) => s.record.id === id)?.documents ?? []),
  };
  for (const { record, documents } of stores) {
    const opened = await openStoreParts(
      createNodeRegistry(),
      testRun(services, { flowId: record.id, chatId: '', sessionId: '' }),
      { embedding: record.embeddingConfig, vectorStore: record.vectorStoreConfig, recordManager: null },
      record.id,
    );
    await upsertDocuments(opened, documents, { replaces: {} });
  }
}
