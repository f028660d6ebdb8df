import { randomUUID } from 'node:crypto';
import {
  cosine,
  dot,
  json,
  matchesOperators,
  squaredDistance,
  startFakeService,
  type FakeCall,
  type FakeService,
} from './fake-http.js';

export interface FakeChromaOptions {
  /** When set, every request must carry it in `x-chroma-token`. */
  apiKey?: string;
}

export interface ChromaRecord {
  embedding: number[];
  document: string | null;
  metadata: Record<string, unknown> | null;
}

export interface ChromaCollection {
  id: string;
  name: string;
  tenant: string;
  database: string;
  space: 'l2' | 'cosine' | 'ip';
  metadata: Record<string, unknown> | null;
  records: Map<string, ChromaRecord>;
}

export interface FakeChroma extends FakeService {
  /** Collections by id. */
  collections: Map<string, ChromaCollection>;
  /** A collection by name (any tenant and database). */
  collection(name: string): ChromaCollection | undefined;
}

interface RecordsBody {
  ids?: string[];
  embeddings?: number[][];
  documents?: (string | null)[];
  metadatas?: (Record<string, unknown> | null)[];
}
interface QueryBody {
  query_embeddings?: number[][];
  n_results?: number;
  where?: Record<string, unknown>;
  include?: string[];
}

const notFound = (message: string) => json(404, { error: 'NotFoundError', message });

/** Chroma's where: one key per level (several need `$and`), as the server insists. */
function matchesWhere(metadata: Record<string, unknown> | null, where: Record<string, unknown>): boolean {
  if (Object.keys(where).length !== 1) throw new Error('Expected where to have exactly one operator');
  return matchesOperators(metadata ?? {}, where);
}

/**
 * A Chroma stand-in on 127.0.0.1 speaking the v2 REST API the official client uses: heartbeat,
 * identity, pre-flight checks; collections get, create (`get_or_create`); records add, upsert,
 * get, count, query (exact, by the collection's space: l2 by default, cosine or ip) and delete by
 * ids or where (equality, `$eq $ne $gt $gte $lt $lte $in $nin`, `$and`, `$or`).
 */
export async function startFakeChroma(options: FakeChromaOptions = {}): Promise<FakeChroma> {
  const collections = new Map<string, ChromaCollection>();
  const collectionJson = (c: ChromaCollection) => ({
    id: c.id,
    name: c.name,
    tenant: c.tenant,
    database: c.database,
    metadata: c.metadata,
    configuration_json: { hnsw: { space: c.space } },
    dimension: c.records.values().next().value?.embedding.length ?? null,
    log_position: 0,
    version: 0,
  });
  const distance = (c: ChromaCollection, a: number[], b: number[]) =>
    c.space === 'cosine' ? 1 - cosine(a, b) : c.space === 'ip' ? 1 - dot(a, b) : squaredDistance(a, b);

  const route = (call: FakeCall) => {
    if (options.apiKey !== undefined && call.headers['x-chroma-token'] !== options.apiKey)
      return json(401, { error: 'AuthError', message: 'Unauthorized' });
    if (call.path === '/api/v2/heartbeat') return json(200, { 'nanosecond heartbeat': Date.now() * 1e6 });
    if (call.path === '/api/v2/version') return json(200, '1.0.0');
    if (call.path === '/api/v2/pre-flight-checks') return json(200, { max_batch_size: 1000 });
    if (call.path === '/api/v2/auth/identity')
      return json(200, { user_id: '', tenant: 'default_tenant', databases: ['default_database'] });
    const match =
      /^\/api\/v2\/tenants\/([^/]+)\/databases\/([^/]+)\/collections(?:\/([^/]+)(?:\/([a-z_]+))?)?$/.exec(
        call.path,
      );
    if (!match) return notFound(`${call.method} ${call.path}`);
    const [tenant, database] = [decodeURIComponent(match[1]!), decodeURIComponent(match[2]!)];
    const target = match[3] ? decodeURIComponent(match[3]) : undefined;
    const action = match[4];
    const inDb = [...collections.values()].filter((c) => c.tenant === tenant && c.database === database);
    const body = (call.body ?? {}) as Record<string, unknown>;

    if (!target && call.method === 'POST') {
      const name = body.name as string;
      const found = inDb.find((c) => c.name === name);
      if (found) {
        if (body.get_or_create) return json(200, collectionJson(found));
        return json(409, { error: 'UniqueConstraintError', message: `Collection [${name}] already exists` });
      }
      const configuration = body.configuration as
        { hnsw?: { space?: ChromaCollection['space'] } } | undefined;
      const metadata = (body.metadata as Record<string, unknown> | null | undefined) ?? null;
      const space =
        configuration?.hnsw?.space ?? (metadata?.['hnsw:space'] as ChromaCollection['space']) ?? 'l2';
      const created: ChromaCollection = {
        id: randomUUID(),
        name,
        tenant,
        database,
        space,
        metadata,
        records: new Map(),
      };
      collections.set(created.id, created);
      return json(200, collectionJson(created));
    }
    if (!target) return json(200, inDb.map(collectionJson));
    if (!action && call.method === 'GET') {
      const found = inDb.find((c) => c.name === target);
      return found ? json(200, collectionJson(found)) : notFound(`Collection [${target}] does not exist`);
    }
    const collection = collections.get(target);
    if (!collection || collection.tenant !== tenant || collection.database !== database)
      return notFound(`Collection [${target}] does not exist`);

    switch (action) {
      case 'add':
      case 'upsert': {
        const records = body as RecordsBody;
        const ids = records.ids ?? [];
        const dimension = collectionJson(collection).dimension;
        for (const [i, id] of ids.entries()) {
          const embedding = records.embeddings?.[i];
          if (!embedding)
            return json(400, { error: 'InvalidArgumentError', message: 'embeddings are required' });
          if (dimension !== null && embedding.length !== dimension)
            return json(400, {
              error: 'InvalidArgumentError',
              message: `Collection expecting embedding with dimension of ${dimension}, got ${embedding.length}`,
            });
          if (action === 'add' && collection.records.has(id)) continue;
          collection.records.set(id, {
            embedding,
            document: records.documents?.[i] ?? null,
            metadata: records.metadatas?.[i] ?? null,
          });
        }
        return json(200, {});
      }
      case 'count':
        return json(200, collection.records.size);
      case 'get': {
        const ids = body.ids as string[] | undefined;
        const where = body.where as Record<string, unknown> | undefined;
        const found = [...collection.records].filter(
          ([id, r]) => (!ids || ids.includes(id)) && (!where || matchesWhere(r.metadata, where)),
        );
        return json(200, {
          ids: found.map(([id]) => id),
          documents: found.map(([, r]) => r.document),
          metadatas: found.map(([, r]) => r.metadata),
          embeddings: null,
          include: ['documents', 'metadatas'],
        });
      }
      case 'query': {
        const query = body as QueryBody;
        const include = query.include ?? ['documents', 'metadatas', 'distances'];
        const results = (query.query_embeddings ?? []).map((vector) =>
          [...collection.records]
            .filter(([, r]) => !query.where || matchesWhere(r.metadata, query.where))
            .map(([id, r]) => ({ id, r, distance: distance(collection, vector, r.embedding) }))
            .sort((a, b) => a.distance - b.distance)
            .slice(0, query.n_results ?? 10),
        );
        const column = <T>(name: string, pick: (hit: (typeof results)[number][number]) => T) =>
          include.includes(name) ? results.map((hits) => hits.map(pick)) : null;
        return json(200, {
          ids: results.map((hits) => hits.map((hit) => hit.id)),
          documents: column('documents', (hit) => hit.r.document),
          metadatas: column('metadatas', (hit) => hit.r.metadata),
          distances: column('distances', (hit) => hit.distance),
          embeddings: column('embeddings', (hit) => hit.r.embedding),
          include,
        });
      }
      case 'delete': {
        const ids = body.ids as string[] | undefined;
        const where = body.where as Record<string, unknown> | undefined;
        for (const [id, r] of collection.records)
          if ((!ids || ids.includes(id)) && (!where || matchesWhere(r.metadata, where)))
            collection.records.delete(id);
        return json(200, {});
      }
      default:
        return notFound(`${call.method} ${call.path}`);
    }
  };

  const service = await startFakeService(route);
  return Object.assign(service, {
    collections,
    collection: (name: string) => [...collections.values()].find((c) => c.name === name),
  });
}
