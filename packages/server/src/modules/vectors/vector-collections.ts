import { randomUUID } from 'node:crypto';
import type SQLite from 'better-sqlite3';
import type { PoolClient } from 'pg';
import type { EmbeddedVectors, VectorRecord } from '@flowloom/engine';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';

/** One collection of the embedded vector store: a name within a workspace, and its tables. */
export interface VectorCollection {
  id: string;
  workspaceId: string;
  name: string;
  dimensions: number;
  tableName: string;
}

/** The embedded store of one workspace, as flows see it plus what only the server does (dropping). */
export interface WorkspaceVectors extends EmbeddedVectors {
  /** Removes a collection and its tables; nothing happens when there is none. */
  drop(name: string): Promise<void>;
}

export function dimensionMismatch(name: string, stored: number, given: number): AppError {
  return new AppError(
    'BAD_REQUEST',
    `The vector collection "${name}" holds vectors of ${stored} dimensions; these have ${given}. Use the embedding model it was filled with, or empty it first`,
  );
}

/** The dimensions of records to write into `name`: those of the first, which every other must have. */
export function dimensionsOf(name: string, records: readonly VectorRecord[]): number | undefined {
  const dimensions = records[0]?.vector.length;
  const wrong = records.find((record) => record.vector.length !== dimensions);
  if (wrong) throw dimensionMismatch(name, dimensions!, wrong.vector.length);
  return dimensions;
}

/** How many results a search answers: the K asked for, from 1 to 1,000. */
export const searchLimit = (asked: number) => Math.min(1000, Math.max(1, Math.floor(asked) || 1));

/**
 * The `vector_collection` rows, cached by workspace and name: every search looks its collection up,
 * and a collection only changes when it is created, emptied to new dimensions or dropped.
 */
export function createCollectionRegistry(db: Db) {
  const cache = new Map<string, VectorCollection | null>();
  const keyOf = (workspaceId: string, name: string) => `${workspaceId}\u0000${name}`;
  const newCollection = (workspaceId: string, name: string, dimensions: number): VectorCollection => {
    const id = randomUUID();
    return { id, workspaceId, name, dimensions, tableName: `vc_${id.replace(/-/g, '')}` };
  };
  const row = (collection: VectorCollection, now: string) => [
    collection.id,
    collection.workspaceId,
    collection.name,
    collection.dimensions,
    collection.tableName,
    now,
  ];
  const INSERT =
    'INSERT INTO vector_collection (id, "workspaceId", name, dimensions, "tableName", "createdDate") VALUES ';

  return {
    async find(workspaceId: string, name: string): Promise<VectorCollection | undefined> {
      const key = keyOf(workspaceId, name);
      const cached = cache.get(key);
      if (cached !== undefined) return cached ?? undefined;
      const found = await db
        .selectFrom('vector_collection')
        .select(['id', 'workspaceId', 'name', 'dimensions', 'tableName'])
        .where('workspaceId', '=', workspaceId)
        .where('name', '=', name)
        .executeTakeFirst();
      cache.set(key, found ?? null);
      return found;
    },
    /**
     * The collection a search for `vector` reads: undefined when nothing was written to it yet, a 400
     * when its vectors have other dimensions (another embedding model).
     */
    async forSearch(
      workspaceId: string,
      name: string,
      vector: readonly number[],
    ): Promise<VectorCollection | undefined> {
      const collection = await this.find(workspaceId, name);
      if (collection && vector.length !== collection.dimensions)
        throw dimensionMismatch(name, collection.dimensions, vector.length);
      return collection;
    },
    /** Every collection of a workspace whose name starts with `prefix`. */
    listByPrefix(workspaceId: string, prefix: string): Promise<VectorCollection[]> {
      return db
        .selectFrom('vector_collection')
        .select(['id', 'workspaceId', 'name', 'dimensions', 'tableName'])
        .where('workspaceId', '=', workspaceId)
        .where('name', '>=', prefix)
        .where('name', '<', `${prefix}\uffff`)
        .execute();
    },
    forget(workspaceId: string, name: string): void {
      cache.delete(keyOf(workspaceId, name));
    },
    /** The collection as the caller's SQLite transaction sees it (no cache: it may be about to change). */
    findSync(sqlite: SQLite.Database, workspaceId: string, name: string): VectorCollection | undefined {
      return sqlite
        .prepare(
          'SELECT id, workspaceId, name, dimensions, tableName FROM vector_collection WHERE workspaceId = ? AND name = ?',
        )
        .get(workspaceId, name) as VectorCollection | undefined;
    },
    /** Registers a new collection inside the caller's SQLite transaction. */
    createSync(
      sqlite: SQLite.Database,
      workspaceId: string,
      name: string,
      dimensions: number,
    ): VectorCollection {
      const collection = newCollection(workspaceId, name, dimensions);
      sqlite.prepare(`${INSERT}(?, ?, ?, ?, ?, ?)`).run(...row(collection, new Date().toISOString()));
      cache.delete(keyOf(workspaceId, name));
      return collection;
    },
    resizeSync(sqlite: SQLite.Database, collection: VectorCollection, dimensions: number): VectorCollection {
      sqlite
        .prepare('UPDATE vector_collection SET dimensions = ? WHERE id = ?')
        .run(dimensions, collection.id);
      cache.delete(keyOf(collection.workspaceId, collection.name));
      return { ...collection, dimensions };
    },
    /** Registers a new collection inside the caller's PostgreSQL transaction. */
    async create(
      client: PoolClient,
      workspaceId: string,
      name: string,
      dimensions: number,
    ): Promise<VectorCollection> {
      const collection = newCollection(workspaceId, name, dimensions);
      await client.query(`${INSERT}($1, $2, $3, $4, $5, $6)`, row(collection, new Date().toISOString()));
      cache.delete(keyOf(workspaceId, name));
      return collection;
    },
    async resize(
      client: PoolClient,
      collection: VectorCollection,
      dimensions: number,
    ): Promise<VectorCollection> {
      await client.query('UPDATE vector_collection SET dimensions = $1 WHERE id = $2', [
        dimensions,
        collection.id,
      ]);
      cache.delete(keyOf(collection.workspaceId, collection.name));
      return { ...collection, dimensions };
    },
  };
}
export type CollectionRegistry = ReturnType<typeof createCollectionRegistry>;
