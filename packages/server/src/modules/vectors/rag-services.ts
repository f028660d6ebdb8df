import type { CheckpointStore, DocumentStoreAccess, FileStore, RecordStore } from '@flowloom/engine';
import type { OpenedDatabase } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { Clock } from '../../runtime.js';
import { parseConfig } from '../document-stores/document-store.dto.js';
import type { DocumentStoreRepository } from '../document-stores/document-store.repository.js';
import { chatFileScope, type FileScope, type FileStorage } from '../storage/file-storage.js';
import { createPostgresVectors } from './postgres-vectors.js';
import { createCheckpointStore } from '../agent-graphs/checkpoint-store.js';
import { createRecordStore } from './record-store.js';
import { createSqliteVectors } from './sqlite-vectors.js';
import { createCollectionRegistry, type WorkspaceVectors } from './vector-collections.js';

/**
 * What flows and document stores read and write besides the model providers: stored files, the
 * embedded vector store, the record manager's table and document stores, each seen from one workspace.
 */
export function createRagServices({
  database,
  storage,
  documentStores,
  clock,
}: {
  database: OpenedDatabase;
  storage: FileStorage;
  documentStores: DocumentStoreRepository;
  clock: Clock;
}) {
  const collections = createCollectionRegistry(database.db);
  const { db } = database;
  return {
    storage,
    vectors(workspaceId: string): WorkspaceVectors {
      if (database.vectorExtensionError) return unavailableVectors(database.vectorExtensionError);
      if (database.sqlite) return createSqliteVectors(db, database.sqlite, collections, workspaceId);
      if (database.pool) return createPostgresVectors(database.pool, collections, workspaceId);
      throw new Error('The embedded vector store needs the SQLite connection or the PostgreSQL pool');
    },
    records: (workspaceId: string): RecordStore => createRecordStore(db, workspaceId, clock),
    /** Agent graph checkpoints (pending approvals, app-database agent memory). */
    checkpoints: (workspaceId: string): CheckpointStore => createCheckpointStore(db, workspaceId, clock),
    /** Files of a flow or document store; a run without one has none. */
    files(workspaceId: string, scope: FileScope | undefined): FileStore {
      const flowId = scope?.startsWith('flow:') ? scope.slice('flow:'.length) : undefined;
      return {
        read: (name) =>
          scope
            ? storage.read(workspaceId, scope, name)
            : Promise.reject(new Error(`There is no stored file ${name} here; upload the file again`)),
        // A flow's runs keep what they produce per chat; document-store processing keeps nothing.
        ...(flowId && {
          saveChatFile: async (chatId, file) =>
            (await storage.save(workspaceId, chatFileScope(flowId, chatId), file)).name,
        }),
      };
    },
    documentStores(workspaceId: string): DocumentStoreAccess {
      return {
        list: () => documentStores.list(workspaceId),
        async get(id) {
          const row = await documentStores.findSettings(workspaceId, id);
          if (!row) return undefined;
          return {
            id: row.id,
            name: row.name,
            description: row.description,
            status: row.status,
            embeddingConfig: parseConfig(row.embeddingConfig),
            vectorStoreConfig: parseConfig(row.vectorStoreConfig),
            recordManagerConfig: parseConfig(row.recordManagerConfig),
          };
        },
        async chunks(id) {
          const row = await documentStores.findSettings(workspaceId, id);
          if (!row) throw new Error(`Document store ${id} not found`);
          return (await documentStores.allChunks(id)).map((chunk) => ({
            pageContent: chunk.pageContent,
            metadata: chunk.metadata ? (JSON.parse(chunk.metadata) as Record<string, unknown>) : {},
          }));
        },
      };
    },
  };
}
export type RagServices = ReturnType<typeof createRagServices>;

/** The embedded store where sqlite-vec could not load: every use says why, nothing else breaks. */
function unavailableVectors(reason: string): WorkspaceVectors {
  const refuse = () =>
    Promise.reject(
      new AppError(
        'BAD_REQUEST',
        `The embedded vector store is not available on this server: sqlite-vec could not be loaded (${reason}). Use PostgreSQL with pgvector (DATABASE_URL), or another vector store`,
      ),
    );
  // Nothing can have been written here, so removing (a store or loader being deleted) has nothing to do.
  return {
    upsert: refuse,
    search: refuse,
    delete: refuse,
    count: refuse,
    deleteWhere: () => Promise.resolve(0),
    drop: () => Promise.resolve(),
  };
}
