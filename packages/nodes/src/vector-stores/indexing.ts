import { createHash, randomUUID } from 'node:crypto';
import type { RecordStore, UpsertResult } from '@flowloom/engine';
import type { SourceDocument } from '@flowloom/shared';
import type { RecordManagerHandle } from '../record-managers/record-manager.js';
import type { VectorStoreHandle } from './vector-store.js';

/** Documents embedded and written per round; a failure loses at most one round (the rest is recorded). */
const BATCH_SIZE = 100;

/** JSON with object keys sorted, so equal metadata hashes equally whatever its key order. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${stableJson((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

/**
 * The id of a document's content and metadata: a UUID-shaped SHA-256 prefix (vector databases such as
 * Qdrant take only UUIDs or integers), the same for the same document wherever it is indexed.
 */
export function documentKey(document: SourceDocument): string {
  const hex = createHash('sha256')
    .update(document.pageContent)
    .update('\u0000')
    .update(stableJson(document.metadata))
    .digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 3) | 8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function sourceOf(document: SourceDocument, key: string): string | null {
  const value = document.metadata[key];
  if (value === undefined || value === null) return null;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function docIdOf(document: SourceDocument): string | null {
  const value = document.metadata.docId;
  return typeof value === 'string' ? value : null;
}

/** The record manager's namespace for a store: its own (else the flow's), with the store's suffix. */
function namespaceOf(recordManager: RecordManagerHandle, store: VectorStoreHandle, fallback: string): string {
  return [recordManager.namespace ?? fallback, store.namespaceSuffix].filter(Boolean).join('_');
}

/** Deletes recorded keys from the store and then from the records, in rounds of {@link BATCH_SIZE}. */
async function deleteRecorded(
  store: VectorStoreHandle,
  records: RecordStore,
  namespace: string,
  keys: readonly string[],
): Promise<number> {
  for (let start = 0; start < keys.length; start += BATCH_SIZE) {
    const batch = keys.slice(start, start + BATCH_SIZE);
    await store.delete(batch);
    await records.deleteKeys(namespace, batch);
  }
  return keys.length;
}

/** Embeds documents and writes them in rounds of {@link BATCH_SIZE}. */
async function addAll(store: VectorStoreHandle, documents: SourceDocument[], ids: string[]): Promise<void> {
  for (let start = 0; start < documents.length; start += BATCH_SIZE) {
    const batch = documents.slice(start, start + BATCH_SIZE);
    const vectors = await store.embeddings.embedDocuments(batch.map((doc) => doc.pageContent));
    await store.addVectors(vectors, batch, ids.slice(start, start + BATCH_SIZE));
  }
}

export interface IndexOptions {
  documents: SourceDocument[];
  store: VectorStoreHandle;
  recordManager?: RecordManagerHandle;
  /** Namespace when the record manager names none: the flow or document store id. */
  defaultNamespace: string;
  /** Full cleanup only among the records of this document-store loader. */
  cleanupDocId?: string | undefined;
}

/**
 * Writes documents into a vector store. Without a record manager every document is added. With one,
 * each document is keyed by a hash of its content and metadata: a key already recorded is skipped,
 * new ones are embedded and added, and cleanup then removes what the upsert replaced (incremental: older
 * records of the sources just indexed; full: every older record of the namespace). Rounds are
 * recorded as they finish, so a retried upsert that failed midway only does what is left.
 */
export async function indexDocuments({
  documents,
  store,
  recordManager,
  defaultNamespace,
  cleanupDocId,
}: IndexOptions): Promise<UpsertResult> {
  const docs = documents.filter((doc) => doc.pageContent.trim() !== '');
  if (!recordManager) {
    await addAll(
      store,
      docs,
      docs.map(() => randomUUID()),
    );
    return { numAdded: docs.length, addedDocs: docs };
  }

  const { cleanup, sourceIdKey, store: records } = recordManager;
  const namespace = namespaceOf(recordManager, store, defaultNamespace);
  if (cleanup === 'incremental') {
    const missing = docs.find((doc) => sourceOf(doc, sourceIdKey) === null);
    if (missing)
      throw new Error(
        `Incremental cleanup needs the metadata key "${sourceIdKey}" (SourceId Key) in every document; one starting "${missing.pageContent.slice(0, 40)}" has none`,
      );
  }
  // The same document twice in one upsert is indexed once.
  const unique = new Map<string, SourceDocument>();
  for (const doc of docs) unique.set(documentKey(doc), doc);
  const entries = [...unique];
  const indexStart = await records.now();
  const result: Required<UpsertResult> = {
    numAdded: 0,
    numDeleted: 0,
    numUpdated: 0,
    numSkipped: 0,
    totalKeys: 0,
    addedDocs: [],
  };

  for (let start = 0; start < entries.length; start += BATCH_SIZE) {
    const batch = entries.slice(start, start + BATCH_SIZE);
    const keys = batch.map(([key]) => key);
    const exists = await records.exists(namespace, keys);
    const fresh = batch.filter((_, i) => !exists[i]);
    result.numSkipped += batch.length - fresh.length;
    if (fresh.length > 0) {
      const vectors = await store.embeddings.embedDocuments(fresh.map(([, doc]) => doc.pageContent));
      await store.addVectors(
        vectors,
        fresh.map(([, doc]) => doc),
        fresh.map(([key]) => key),
      );
      result.numAdded += fresh.length;
      result.addedDocs.push(...fresh.map(([, doc]) => doc));
    }
    await records.update(
      namespace,
      batch.map(([key, doc]) => ({ key, groupId: sourceOf(doc, sourceIdKey), docId: docIdOf(doc) })),
      indexStart,
    );
    if (cleanup === 'incremental') {
      const sources = [...new Set(batch.map(([, doc]) => sourceOf(doc, sourceIdKey)))];
      const stale = await records.listKeys(namespace, { before: indexStart, groupIds: sources });
      result.numDeleted += await deleteRecorded(store, records, namespace, stale);
    }
  }
  if (cleanup === 'full') {
    const stale = await records.listKeys(namespace, {
      before: indexStart,
      ...(cleanupDocId !== undefined && { docId: cleanupDocId }),
    });
    result.numDeleted += await deleteRecorded(store, records, namespace, stale);
  }
  result.totalKeys = (await records.listKeys(namespace)).length;
  return result;
}

/**
 * Removes what a record manager says a vector store holds: every record of the namespace, or those of
 * one document-store loader (`docId`).
 */
export async function removeIndexed(
  store: VectorStoreHandle,
  recordManager: RecordManagerHandle,
  defaultNamespace: string,
  docId?: string,
): Promise<number> {
  const namespace = namespaceOf(recordManager, store, defaultNamespace);
  const keys = await recordManager.store.listKeys(namespace, docId === undefined ? {} : { docId });
  return deleteRecorded(store, recordManager.store, namespace, keys);
}
