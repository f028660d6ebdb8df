import type { Pool, PoolClient } from 'pg';
import type { ScoredRecord, VectorRecord } from '@flowloom/engine';
import { parseMetadataFilter } from '@flowloom/shared';
import { AppError } from '../../errors.js';
import { metadataFilterSql } from './metadata-sql.js';
import {
  dimensionMismatch,
  dimensionsOf,
  searchLimit,
  type CollectionRegistry,
  type VectorCollection,
  type WorkspaceVectors,
} from './vector-collections.js';

/** Rows per INSERT statement (4 parameters each; PostgreSQL takes up to 65,535). */
const INSERT_BATCH = 200;
/** pgvector indexes `vector` up to 2,000 dimensions and `halfvec` up to 4,000. */
const VECTOR_INDEX_LIMIT = 2000;
const HALFVEC_INDEX_LIMIT = 4000;

const literal = (vector: readonly number[]) => `[${vector.join(',')}]`;

/** The expression searched and indexed: the vector itself, or its half-precision copy past 2,000. */
function indexed(collection: VectorCollection): { column: string; cast: string } {
  if (collection.dimensions <= VECTOR_INDEX_LIMIT) return { column: 'embedding', cast: '::vector' };
  const type = `halfvec(${collection.dimensions})`;
  return { column: `(embedding::${type})`, cast: `::${type}` };
}

async function inTransaction<T>(pool: Pool, work: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

const extensionReady = new WeakMap<Pool, Promise<void>>();

/** `CREATE EXTENSION vector`, once per database pool, with a message saying what to install when it fails. */
function ensureExtension(pool: Pool): Promise<void> {
  let ready = extensionReady.get(pool);
  if (!ready) {
    ready = pool
      .query('CREATE EXTENSION IF NOT EXISTS vector')
      .then(() => undefined)
      .catch((error: unknown) => {
        extensionReady.delete(pool);
        throw new AppError(
          'BAD_REQUEST',
          `The embedded vector store needs the pgvector extension in this PostgreSQL database (CREATE EXTENSION vector failed: ${error instanceof Error ? error.message : String(error)}). Install pgvector on the database server, or let a superuser create the extension`,
        );
      });
    extensionReady.set(pool, ready);
  }
  return ready;
}

/**
 * The embedded vector store on PostgreSQL with pgvector: a table per collection with an HNSW index
 * (cosine). A filtered search lets the index keep scanning until enough rows pass the filter
 * (`hnsw.iterative_scan`), so a selective filter still finds its top K.
 */
export function createPostgresVectors(
  pool: Pool,
  registry: CollectionRegistry,
  workspaceId: string,
): WorkspaceVectors {
  const createTables = async (client: PoolClient, collection: VectorCollection) => {
    const table = collection.tableName;
    await client.query(
      `CREATE TABLE IF NOT EXISTS "${table}" (id text PRIMARY KEY, "pageContent" text NOT NULL, metadata jsonb NOT NULL, embedding vector(${collection.dimensions}) NOT NULL)`,
    );
    if (collection.dimensions <= HALFVEC_INDEX_LIMIT) {
      const { column } = indexed(collection);
      const ops = collection.dimensions <= VECTOR_INDEX_LIMIT ? 'vector_cosine_ops' : 'halfvec_cosine_ops';
      await client.query(
        `CREATE INDEX IF NOT EXISTS "${table}_hnsw" ON "${table}" USING hnsw (${column} ${ops})`,
      );
    }
  };

  const deleteMatching = async (
    client: PoolClient,
    collection: VectorCollection,
    where: Record<string, unknown>,
  ) => {
    const filter = parseMetadataFilter(where);
    const condition = filter
      ? metadataFilterSql('postgres', 'metadata', filter)
      : { sql: 'true', params: [] };
    const result = await client.query(
      `DELETE FROM "${collection.tableName}" WHERE ${condition.sql}`,
      condition.params,
    );
    return result.rowCount ?? 0;
  };

  const write = async (
    client: PoolClient,
    collection: VectorCollection,
    records: readonly VectorRecord[],
  ) => {
    for (let start = 0; start < records.length; start += INSERT_BATCH) {
      const batch = records.slice(start, start + INSERT_BATCH);
      const params: unknown[] = [];
      const rows = batch.map((record) => {
        params.push(record.id, record.pageContent, JSON.stringify(record.metadata), literal(record.vector));
        const n = params.length;
        return `($${n - 3}, $${n - 2}, $${n - 1}::jsonb, $${n}::vector)`;
      });
      await client.query(
        `INSERT INTO "${collection.tableName}" (id, "pageContent", metadata, embedding) VALUES ${rows.join(', ')}
         ON CONFLICT (id) DO UPDATE SET "pageContent" = excluded."pageContent", metadata = excluded.metadata, embedding = excluded.embedding`,
        params,
      );
    }
  };

  const findForUpdate = async (client: PoolClient, name: string): Promise<VectorCollection | undefined> => {
    // Serialises writers creating the same collection: the row lock, or the name's advisory lock.
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`${workspaceId}/${name}`]);
    const { rows } = await client.query<VectorCollection>(
      'SELECT id, "workspaceId", name, dimensions, "tableName" FROM vector_collection WHERE "workspaceId" = $1 AND name = $2',
      [workspaceId, name],
    );
    return rows[0];
  };

  return {
    async upsert(name, records, options = {}) {
      if (records.length === 0 && !options.replaceWhere) return;
      const dimensions = dimensionsOf(name, records);
      if (records.length > 0) await ensureExtension(pool);
      await inTransaction(pool, async (client) => {
        let collection = await findForUpdate(client, name);
        if (collection && options.replaceWhere)
          await deleteMatching(client, collection, options.replaceWhere);
        if (records.length === 0) return;
        if (collection && collection.dimensions !== dimensions) {
          const { rows } = await client.query<{ n: string }>(
            `SELECT count(*) AS n FROM "${collection.tableName}"`,
          );
          if (Number(rows[0]!.n) > 0) throw dimensionMismatch(name, collection.dimensions, dimensions!);
          await client.query(`DROP TABLE IF EXISTS "${collection.tableName}"`);
          collection = await registry.resize(client, collection, dimensions!);
        }
        collection ??= await registry.create(client, workspaceId, name, dimensions!);
        await createTables(client, collection);
        await write(client, collection, records);
      }).finally(() => registry.forget(workspaceId, name));
    },

    async search(name, vector, { k: asked, filter, withVectors }) {
      const k = searchLimit(asked);
      const collection = await registry.forSearch(workspaceId, name, vector);
      if (!collection) return [];
      const { column, cast } = indexed(collection);
      const parsed = parseMetadataFilter(filter);
      const condition = parsed ? metadataFilterSql('postgres', 'metadata', parsed, 3) : undefined;
      const sqlText = `SELECT id, "pageContent", metadata, ${column} <=> $1${cast} AS distance${withVectors ? ', embedding::text AS vector' : ''}
        FROM "${collection.tableName}" ${condition ? `WHERE ${condition.sql}` : ''}
        ORDER BY ${column} <=> $1${cast} LIMIT $2`;
      const params = [literal(vector), k, ...(condition?.params ?? [])];
      const rows = await inTransaction(pool, async (client) => {
        // More candidates than K, and with a filter the scan goes on until K rows pass it.
        await client.query(`SET LOCAL hnsw.ef_search = ${Math.min(1000, Math.max(100, Math.floor(k) * 10))}`);
        if (condition) await client.query(`SET LOCAL hnsw.iterative_scan = relaxed_order`);
        return (
          await client.query<{
            id: string;
            pageContent: string;
            metadata: Record<string, unknown>;
            distance: number;
            vector?: string;
          }>(sqlText, params)
        ).rows;
      });
      // relaxed_order may return neighbours slightly out of order.
      return rows
        .map((row): ScoredRecord => ({
          id: row.id,
          pageContent: row.pageContent,
          metadata: row.metadata,
          score: 1 - Number(row.distance),
          ...(withVectors && row.vector && { vector: JSON.parse(row.vector) as number[] }),
        }))
        .sort((a, b) => b.score - a.score);
    },

    async delete(name, ids) {
      const collection = await registry.find(workspaceId, name);
      if (!collection || ids.length === 0) return 0;
      const result = await pool.query(`DELETE FROM "${collection.tableName}" WHERE id = ANY($1::text[])`, [
        ids,
      ]);
      return result.rowCount ?? 0;
    },

    async deleteWhere(name, filter) {
      const collection = await registry.find(workspaceId, name);
      if (!collection) return 0;
      return inTransaction(pool, (client) => deleteMatching(client, collection, filter ?? {}));
    },

    async drop(name) {
      await inTransaction(pool, async (client) => {
        const collection = await findForUpdate(client, name);
        if (!collection) return;
        await client.query(`DROP TABLE IF EXISTS "${collection.tableName}"`);
        await client.query('DELETE FROM vector_collection WHERE id = $1', [collection.id]);
      }).finally(() => registry.forget(workspaceId, name));
    },

    async count(name) {
      const collection = await registry.find(workspaceId, name);
      if (!collection) return 0;
      const { rows } = await pool.query<{ n: string }>(`SELECT count(*) AS n FROM "${collection.tableName}"`);
      return Number(rows[0]!.n);
    },
  };
}
