import type SQLite from 'better-sqlite3';
import type { ScoredRecord, VectorRecord } from '@flowloom/engine';
import { parseMetadataFilter } from '@flowloom/shared';
import type { Db } from '../../db/database.js';
import { metadataFilterSql } from './metadata-sql.js';
import {
  dimensionMismatch,
  dimensionsOf,
  searchLimit,
  type CollectionRegistry,
  type VectorCollection,
  type WorkspaceVectors,
} from './vector-collections.js';

/**
 * Candidates the quantised search hands to the exact rescoring, per result asked for. Binary
 * vectors find the neighbourhood; the float vectors of that neighbourhood then decide the order.
 * Measured on 100,000 × 1536 clustered vectors: 100 candidates give recall@4 = 1.0 at ~17 ms.
 */
const CANDIDATES_PER_RESULT = 25;
const MIN_CANDIDATES = 100;
/** sqlite-vec's largest k. */
const MAX_CANDIDATES = 4096;

interface Row {
  rid: number;
  id: string;
  pageContent: string;
  metadata: string;
  distance: number;
  embedding?: Buffer;
}

const blob = (vector: readonly number[]) => Buffer.from(Float32Array.from(vector).buffer);
const floats = (data: Buffer) =>
  Array.from(new Float32Array(data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength)));

/** Binary quantisation needs whole bytes. */
const quantisable = (dimensions: number) => dimensions % 8 === 0;

/**
 * The embedded vector store on SQLite: each collection is a table of records (text, metadata, float32
 * vector) plus, when its dimensions allow, a sqlite-vec `vec0` table of the same vectors quantised to
 * one bit per dimension. A search without a filter finds candidates by Hamming distance in the
 * quantised table and orders them by exact cosine distance; a filtered search is exact over the
 * records the filter keeps.
 *
 * The raw connection is used inside Kysely's connection lock (`db.connection()`), so these statements
 * never interleave with a transaction Kysely has open on the same connection.
 */
export function createSqliteVectors(
  db: Db,
  sqlite: SQLite.Database,
  registry: CollectionRegistry,
  workspaceId: string,
): WorkspaceVectors {
  const locked = <T>(work: () => T): Promise<T> =>
    db.connection().execute(() => Promise.resolve().then(work));

  const createTables = (collection: VectorCollection) => {
    const table = collection.tableName;
    sqlite.exec(
      `CREATE TABLE IF NOT EXISTS "${table}" (rid INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, pageContent TEXT NOT NULL, metadata TEXT NOT NULL, embedding BLOB NOT NULL)`,
    );
    if (quantisable(collection.dimensions))
      sqlite.exec(
        `CREATE VIRTUAL TABLE IF NOT EXISTS "${table}_bits" USING vec0(embedding bit[${collection.dimensions}])`,
      );
  };

  const removeRows = (collection: VectorCollection, rids: number[]) => {
    if (rids.length === 0) return;
    const table = collection.tableName;
    const list = JSON.stringify(rids);
    sqlite.prepare(`DELETE FROM "${table}" WHERE rid IN (SELECT value FROM json_each(?))`).run(list);
    if (quantisable(collection.dimensions))
      sqlite.prepare(`DELETE FROM "${table}_bits" WHERE rowid IN (SELECT value FROM json_each(?))`).run(list);
  };

  const matchingRids = (collection: VectorCollection, where: Record<string, unknown>): number[] => {
    const filter = parseMetadataFilter(where);
    const condition = filter ? metadataFilterSql('sqlite', 'metadata', filter) : { sql: '1 = 1', params: [] };
    return sqlite
      .prepare(`SELECT rid FROM "${collection.tableName}" WHERE ${condition.sql}`)
      .pluck()
      .all(...condition.params) as number[];
  };

  const write = (collection: VectorCollection, records: readonly VectorRecord[]) => {
    const table = collection.tableName;
    const upsert = sqlite.prepare(
      `INSERT INTO "${table}" (id, pageContent, metadata, embedding) VALUES (?, ?, ?, ?)
       ON CONFLICT(id) DO UPDATE SET pageContent = excluded.pageContent, metadata = excluded.metadata, embedding = excluded.embedding
       RETURNING rid`,
    );
    const bits = quantisable(collection.dimensions)
      ? {
          remove: sqlite.prepare(`DELETE FROM "${table}_bits" WHERE rowid = ?`),
          insert: sqlite.prepare(
            `INSERT INTO "${table}_bits" (rowid, embedding) VALUES (?, vec_quantize_binary(?))`,
          ),
        }
      : undefined;
    for (const record of records) {
      const vector = blob(record.vector);
      const rid = upsert
        .pluck()
        .get(record.id, record.pageContent, JSON.stringify(record.metadata), vector) as number;
      if (bits) {
        bits.remove.run(BigInt(rid));
        bits.insert.run(BigInt(rid), vector);
      }
    }
  };

  const toScored = (rows: Row[], withVectors: boolean | undefined): ScoredRecord[] =>
    rows.map((row) => ({
      id: row.id,
      pageContent: row.pageContent,
      metadata: JSON.parse(row.metadata) as Record<string, unknown>,
      score: 1 - row.distance,
      ...(withVectors && row.embedding && { vector: floats(row.embedding) }),
    }));

  return {
    async upsert(name, records, options = {}) {
      if (records.length === 0 && !options.replaceWhere) return;
      const dimensions = dimensionsOf(name, records);
      await locked(() =>
        sqlite.transaction(() => {
          let collection = registry.findSync(sqlite, workspaceId, name);
          if (collection && options.replaceWhere)
            removeRows(collection, matchingRids(collection, options.replaceWhere));
          if (records.length === 0) return;
          if (collection && collection.dimensions !== dimensions) {
            // An emptied collection may take the new model's dimensions.
            const left = sqlite
              .prepare(`SELECT count(*) FROM "${collection.tableName}"`)
              .pluck()
              .get() as number;
            if (left > 0) throw dimensionMismatch(name, collection.dimensions, dimensions!);
            sqlite.exec(`DROP TABLE IF EXISTS "${collection.tableName}_bits"`);
            sqlite.exec(`DROP TABLE IF EXISTS "${collection.tableName}"`);
            collection = registry.resizeSync(sqlite, collection, dimensions!);
          }
          collection ??= registry.createSync(sqlite, workspaceId, name, dimensions!);
          createTables(collection);
          write(collection, records);
        })(),
      );
    },

    async search(name, vector, { k: asked, filter, withVectors }) {
      const k = searchLimit(asked);
      const collection = await registry.forSearch(workspaceId, name, vector);
      if (!collection) return [];
      const table = collection.tableName;
      const query = blob(vector);
      const columns = `rid, id, pageContent, metadata, vec_distance_cosine(embedding, ?) AS distance${withVectors ? ', embedding' : ''}`;
      const parsed = parseMetadataFilter(filter);
      return locked(() => {
        if (parsed || !quantisable(collection.dimensions)) {
          const condition = parsed
            ? metadataFilterSql('sqlite', 'metadata', parsed)
            : { sql: '1 = 1', params: [] };
          const rows = sqlite
            .prepare(`SELECT ${columns} FROM "${table}" WHERE ${condition.sql} ORDER BY distance LIMIT ?`)
            .all(query, ...condition.params, k) as Row[];
          return toScored(rows, withVectors);
        }
        const candidates = Math.min(MAX_CANDIDATES, Math.max(MIN_CANDIDATES, k * CANDIDATES_PER_RESULT));
        const rows = sqlite
          .prepare(
            `SELECT ${columns} FROM "${table}" WHERE rid IN (
               SELECT rowid FROM "${table}_bits" WHERE embedding MATCH vec_quantize_binary(?) AND k = ?
             ) ORDER BY distance LIMIT ?`,
          )
          .all(query, query, candidates, k) as Row[];
        return toScored(rows, withVectors);
      });
    },

    async delete(name, ids) {
      const collection = await registry.find(workspaceId, name);
      if (!collection || ids.length === 0) return 0;
      return locked(() =>
        sqlite.transaction(() => {
          const rids = sqlite
            .prepare(`SELECT rid FROM "${collection.tableName}" WHERE id IN (SELECT value FROM json_each(?))`)
            .pluck()
            .all(JSON.stringify(ids)) as number[];
          removeRows(collection, rids);
          return rids.length;
        })(),
      );
    },

    async deleteWhere(name, filter) {
      const collection = await registry.find(workspaceId, name);
      if (!collection) return 0;
      return locked(() =>
        sqlite.transaction(() => {
          const rids = matchingRids(collection, filter ?? {});
          removeRows(collection, rids);
          return rids.length;
        })(),
      );
    },

    async drop(name) {
      await locked(() =>
        sqlite.transaction(() => {
          const collection = registry.findSync(sqlite, workspaceId, name);
          if (!collection) return;
          sqlite.exec(`DROP TABLE IF EXISTS "${collection.tableName}_bits"`);
          sqlite.exec(`DROP TABLE IF EXISTS "${collection.tableName}"`);
          sqlite.prepare('DELETE FROM vector_collection WHERE id = ?').run(collection.id);
          registry.forget(workspaceId, name);
        })(),
      );
    },

    async count(name) {
      const collection = await registry.find(workspaceId, name);
      if (!collection) return 0;
      return locked(
        () => sqlite.prepare(`SELECT count(*) FROM "${collection.tableName}"`).pluck().get() as number,
      );
    },
  };
}
