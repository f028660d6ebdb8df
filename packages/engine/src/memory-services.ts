import { matchesMetadataFilter } from '@flowloom/shared';
import type { EmbeddedVectors, RecordEntry, RecordStore, ScoredRecord, VectorRecord } from './node-type.js';
import type { CheckpointStore, GraphCheckpoint } from './sequential/types.js';

/** Cosine similarity of two vectors of the same length (0 when either is all zeros). */
export function cosineSimilarity(a: readonly number[], b: readonly number[]): number {
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i] ?? 0;
    dot += x * y;
    normA += x * x;
    normB += y * y;
  }
  return normA === 0 || normB === 0 ? 0 : dot / Math.sqrt(normA * normB);
}

/**
 * {@link EmbeddedVectors} kept in memory with exact search, for tests and for the engine harness.
 * Same rules as the database stores: a collection takes the dimensions of its first vectors.
 */
export function createMemoryVectors(): EmbeddedVectors & {
  collections: Map<string, Map<string, VectorRecord>>;
} {
  const collections = new Map<string, Map<string, VectorRecord>>();
  const collection = (name: string) => collections.get(name) ?? collections.set(name, new Map()).get(name)!;
  return {
    collections,
    upsert(name, records, options = {}) {
      const target = collection(name);
      const where = options.replaceWhere;
      const replaced = where
        ? [...target].filter(
            ([, r]) => Object.keys(where).length === 0 || matchesMetadataFilter(r.metadata, where),
          )
        : [];
      for (const [id] of replaced) target.delete(id);
      const dimensions = target.values().next().value?.vector.length ?? records[0]?.vector.length;
      const wrong = records.find((record) => record.vector.length !== dimensions);
      if (wrong) {
        for (const [id, record] of replaced) target.set(id, record);
        return Promise.reject(
          new Error(
            `The vector store holds vectors of ${dimensions} dimensions; this embedding has ${wrong.vector.length}. Use the same embedding model, or another collection`,
          ),
        );
      }
      for (const record of records) target.set(record.id, { ...record, metadata: { ...record.metadata } });
      return Promise.resolve();
    },
    search(name, vector, { k, filter, withVectors }) {
      const found: ScoredRecord[] = [];
      for (const record of collections.get(name)?.values() ?? []) {
        if (filter && !matchesMetadataFilter(record.metadata, filter)) continue;
        found.push({
          id: record.id,
          pageContent: record.pageContent,
          metadata: record.metadata,
          score: cosineSimilarity(vector, record.vector),
          ...(withVectors && { vector: record.vector }),
        });
      }
      return Promise.resolve(found.sort((a, b) => b.score - a.score).slice(0, k));
    },
    delete(name, ids) {
      const target = collections.get(name);
      let removed = 0;
      for (const id of ids) if (target?.delete(id)) removed++;
      return Promise.resolve(removed);
    },
    deleteWhere(name, filter) {
      const target = collections.get(name);
      let removed = 0;
      for (const [id, record] of target ?? []) {
        if (filter && !matchesMetadataFilter(record.metadata, filter)) continue;
        target!.delete(id);
        removed++;
      }
      return Promise.resolve(removed);
    },
    count: (name) => Promise.resolve(collections.get(name)?.size ?? 0),
  };
}

/** {@link RecordStore} kept in memory, for tests; its clock moves one second per call of `now`. */
export function createMemoryRecords(start = 1_000): RecordStore & {
  namespaces: Map<string, Map<string, RecordEntry & { updatedAt: number }>>;
} {
  const namespaces = new Map<string, Map<string, RecordEntry & { updatedAt: number }>>();
  const space = (name: string) => namespaces.get(name) ?? namespaces.set(name, new Map()).get(name)!;
  let clock = start;
  return {
    namespaces,
    now: () => Promise.resolve(++clock),
    exists: (name, keys) => Promise.resolve(keys.map((key) => space(name).has(key))),
    update(name, entries, time) {
      for (const entry of entries) space(name).set(entry.key, { ...entry, updatedAt: time });
      return Promise.resolve();
    },
    listKeys(name, options = {}) {
      const keys: string[] = [];
      for (const entry of space(name).values()) {
        if (options.before !== undefined && !(entry.updatedAt < options.before)) continue;
        if (options.groupIds && !options.groupIds.includes(entry.groupId)) continue;
        if (options.docId !== undefined && entry.docId !== options.docId) continue;
        keys.push(entry.key);
      }
      return Promise.resolve(keys);
    },
    deleteKeys(name, keys) {
      for (const key of keys) space(name).delete(key);
      return Promise.resolve();
    },
  };
}

/** Checkpoints in memory (tests; kept as JSON so a test sees what a database would store). */
export function createMemoryCheckpoints(): CheckpointStore & { threads: Map<string, string> } {
  const threads = new Map<string, string>();
  return {
    threads,
    load: (threadId) => {
      const text = threads.get(threadId);
      return Promise.resolve(text === undefined ? undefined : (JSON.parse(text) as GraphCheckpoint));
    },
    save(threadId, checkpoint) {
      threads.set(threadId, JSON.stringify(checkpoint));
      return Promise.resolve();
    },
    clear(threadId) {
      threads.delete(threadId);
      return Promise.resolve();
    },
  };
}
