import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations build schema for any database shape */

/**
 * Document stores and RAG (issue 12): stored files (named by id, never by their uploaded name), the
 * embedded vector store's collections, the app database's record-manager table, and upsert history
 * that may name a document store as well as a flow (Flowise keeps store ids in `chatflowid`).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const s = db.schema;
  await s
    .createTable('stored_file')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspaceId', 'text', (c) => c.notNull().references('workspace.id').onDelete('cascade'))
    // Whose file it is: `docstore:<storeId>` or `flow:<flowId>`.
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('createdDate', 'text', (c) => c.notNull())
    .execute();
  await s
    .createIndex('idx_stored_file_scope')
    .on('stored_file')
    .columns(['workspaceId', 'scope', 'name'])
    .execute();

  await s
    .createTable('vector_collection')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspaceId', 'text', (c) => c.notNull().references('workspace.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('dimensions', 'integer', (c) => c.notNull())
    // Tables holding the collection's records (and, on SQLite, its quantised vectors).
    .addColumn('tableName', 'text', (c) => c.notNull())
    .addColumn('createdDate', 'text', (c) => c.notNull())
    .addUniqueConstraint('uq_vector_collection_name', ['workspaceId', 'name'])
    .execute();

  await s
    .createTable('upsertion_record')
    .addColumn('uuid', 'text', (c) => c.primaryKey())
    .addColumn('workspaceId', 'text', (c) => c.notNull().references('workspace.id').onDelete('cascade'))
    .addColumn('namespace', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('updatedAt', 'double precision', (c) => c.notNull())
    .addColumn('groupId', 'text')
    .addColumn('docId', 'text')
    .addUniqueConstraint('uq_upsertion_record_key', ['workspaceId', 'namespace', 'key'])
    .execute();
  await s
    .createIndex('idx_upsertion_record_time')
    .on('upsertion_record')
    .columns(['workspaceId', 'namespace', 'updatedAt'])
    .execute();

  // upsert_history.chatflowid referenced chat_flow; document-store upserts put a store id there.
  await s
    .createTable('upsert_history_new')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('chatflowid', 'text', (c) => c.notNull())
    .addColumn('result', 'text', (c) => c.notNull())
    .addColumn('flowData', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .execute();
  await sql`INSERT INTO upsert_history_new (id, chatflowid, result, "flowData", date) SELECT id, chatflowid, result, "flowData", date FROM upsert_history`.execute(
    db,
  );
  await s.dropTable('upsert_history').execute();
  await s.alterTable('upsert_history_new').renameTo('upsert_history').execute();
  await s
    .createIndex('idx_upsert_history_chatflowid_date')
    .on('upsert_history')
    .columns(['chatflowid', 'date'])
    .execute();

  await s
    .createIndex('idx_document_store_file_chunk_docId')
    .on('document_store_file_chunk')
    .columns(['docId', 'chunkNo'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('idx_document_store_file_chunk_docId').execute();
  await db.schema.dropTable('upsertion_record').execute();
  await db.schema.dropTable('vector_collection').execute();
  await db.schema.dropTable('stored_file').execute();
}
