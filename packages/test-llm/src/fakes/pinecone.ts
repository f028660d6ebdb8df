import {
  cosine,
  json,
  matchesOperators,
  startFakeService,
  type FakeCall,
  type FakeService,
} from './fake-http.js';

export interface FakePineconeOptions {
  /** The key every request must carry in `Api-Key` (default `test-pinecone-key`). */
  apiKey?: string;
  /** Index names that exist (default: any name asked for). */
  indexes?: string[];
}

export interface PineconeRecord {
  values: number[];
  metadata: Record<string, unknown>;
}

export interface FakePinecone extends FakeService {
  /** The records of one namespace of an index (`''` is the default namespace), by id. */
  records(index: string, namespace?: string): Map<string, PineconeRecord>;
}

interface UpsertBody {
  vectors?: { id: string; values?: number[]; metadata?: Record<string, unknown> }[];
  namespace?: string;
}
interface QueryBody {
  vector?: number[];
  topK?: number;
  filter?: Record<string, unknown>;
  includeValues?: boolean;
  includeMetadata?: boolean;
  namespace?: string;
}
interface DeleteBody {
  ids?: string[];
  deleteAll?: boolean;
  namespace?: string;
}

/**
 * A Pinecone stand-in on 127.0.0.1 for the official client: the control plane's describe index
 * (`GET /indexes/:name`, whose `host` points back here) and the data plane's upsert, query (exact
 * cosine, Pinecone's filter operators) and delete, under `/data/:index/…`.
 */
export async function startFakePinecone(options: FakePineconeOptions = {}): Promise<FakePinecone> {
  const apiKey = options.apiKey ?? 'test-pinecone-key';
  const data = new Map<string, Map<string, PineconeRecord>>();
  const records = (index: string, namespace = '') => {
    const key = `${index}\u0000${namespace}`;
    return data.get(key) ?? data.set(key, new Map()).get(key)!;
  };
  const exists = (index: string) => !options.indexes || options.indexes.includes(index);
  let base = '';

  const route = (call: FakeCall) => {
    if (call.headers['api-key'] !== apiKey)
      return json(401, { error: { code: 'UNAUTHENTICATED', message: 'Invalid API Key' }, status: 401 });
    const describe = /^\/indexes\/([^/]+)$/.exec(call.path);
    if (describe && call.method === 'GET') {
      const name = decodeURIComponent(describe[1]!);
      if (!exists(name))
        return json(404, {
          error: { code: 'NOT_FOUND', message: `Resource ${name} not found` },
          status: 404,
        });
      return json(200, {
        name,
        dimension: 64,
        metric: 'cosine',
        host: `${base}/data/${encodeURIComponent(name)}`,
        spec: { serverless: { cloud: 'aws', region: 'us-east-1' } },
        status: { ready: true, state: 'Ready' },
        deletion_protection: 'disabled',
        vector_type: 'dense',
      });
    }
    const plane = /^\/data\/([^/]+)\/(vectors\/upsert|query|vectors\/delete)$/.exec(call.path);
    if (!plane || call.method !== 'POST')
      return json(404, { error: { code: 'NOT_FOUND', message: call.path } });
    const index = decodeURIComponent(plane[1]!);
    switch (plane[2]) {
      case 'vectors/upsert': {
        const body = call.body as UpsertBody;
        const space = records(index, body.namespace);
        for (const vector of body.vectors ?? [])
          space.set(vector.id, { values: vector.values ?? [], metadata: vector.metadata ?? {} });
        return json(200, { upsertedCount: body.vectors?.length ?? 0 });
      }
      case 'query': {
        const body = call.body as QueryBody;
        const matches = [...records(index, body.namespace)]
          .filter(([, record]) => !body.filter || matchesOperators(record.metadata, body.filter))
          .map(([id, record]) => ({
            id,
            score: cosine(body.vector ?? [], record.values),
            values: body.includeValues ? record.values : [],
            ...(body.includeMetadata && { metadata: record.metadata }),
          }))
          .sort((a, b) => b.score - a.score)
          .slice(0, body.topK ?? 10);
        return json(200, { matches, namespace: body.namespace ?? '', usage: { readUnits: 1 } });
      }
      default: {
        const body = call.body as DeleteBody;
        const space = records(index, body.namespace);
        if (body.deleteAll) space.clear();
        for (const id of body.ids ?? []) space.delete(id);
        return json(200, {});
      }
    }
  };

  const service = await startFakeService(route);
  base = service.url;
  return Object.assign(service, { records });
}
