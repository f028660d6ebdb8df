import {
  cosine,
  dot,
  json,
  squaredDistance,
  startFakeService,
  type FakeCall,
  type FakeService,
} from './fake-http.js';

export interface FakeQdrantOptions {
  /** When set, every request must carry it in `api-key`. */
  apiKey?: string;
}

export interface QdrantPoint {
  vector: number[];
  payload: Record<string, unknown>;
}

export interface QdrantCollection {
  size: number;
  distance: 'Cosine' | 'Euclid' | 'Dot';
  /** The create request as received. */
  config: Record<string, unknown>;
  points: Map<string, QdrantPoint>;
}

export interface FakeQdrant extends FakeService {
  collections: Map<string, QdrantCollection>;
}

type Condition = Record<string, unknown>;
interface Filter {
  must?: Condition[];
  should?: Condition[];
  must_not?: Condition[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A point id as Qdrant keeps it (unsigned integer, or lower-case UUID), or undefined when invalid. */
function pointId(id: unknown): string | undefined {
  if (typeof id === 'number' && Number.isInteger(id) && id >= 0) return String(id);
  if (typeof id === 'string' && UUID.test(id)) return id.toLowerCase();
  return undefined;
}

/** Values at a dotted payload path; lists are looked into, as Qdrant does. */
function valuesAt(payload: unknown, path: string): unknown[] {
  let values: unknown[] = [payload];
  for (const part of path.split('.')) {
    values = values.flatMap((value) => {
      if (value === null || typeof value !== 'object') return [];
      const next = (value as Record<string, unknown>)[part];
      return Array.isArray(next) ? (next as unknown[]) : next === undefined ? [] : [next];
    });
  }
  return values;
}

function matchesCondition(id: string, point: QdrantPoint, condition: Condition): boolean {
  if ('must' in condition || 'should' in condition || 'must_not' in condition)
    return matchesFilter(id, point, condition);
  if ('has_id' in condition) return (condition.has_id as unknown[]).map(pointId).includes(id);
  if ('is_empty' in condition) {
    const { key } = condition.is_empty as { key: string };
    return valuesAt(point.payload, key).every((v) => v === null);
  }
  if ('is_null' in condition) {
    const { key } = condition.is_null as { key: string };
    return valuesAt(point.payload, key).some((v) => v === null);
  }
  const key = condition.key as string;
  const values = valuesAt(point.payload, key);
  if ('match' in condition) {
    const match = condition.match as { value?: unknown; any?: unknown[]; except?: unknown[] };
    if ('value' in match) return values.some((v) => v === match.value);
    if (match.any) return values.some((v) => match.any!.includes(v));
    if (match.except) return values.every((v) => !match.except!.includes(v));
  }
  if ('range' in condition) {
    const range = condition.range as { gt?: number; gte?: number; lt?: number; lte?: number };
    return values.some(
      (v) =>
        typeof v === 'number' &&
        (range.gt === undefined || v > range.gt) &&
        (range.gte === undefined || v >= range.gte) &&
        (range.lt === undefined || v < range.lt) &&
        (range.lte === undefined || v <= range.lte),
    );
  }
  throw new Error(`unsupported filter condition ${JSON.stringify(condition)}`);
}

/** Qdrant's filter: every `must`, at least one `should` (when any), no `must_not`. */
function matchesFilter(id: string, point: QdrantPoint, filter: Filter): boolean {
  const test = (c: Condition) => matchesCondition(id, point, c);
  return (
    (filter.must ?? []).every(test) &&
    (!filter.should?.length || filter.should.some(test)) &&
    !(filter.must_not ?? []).some(test)
  );
}

const ok = (result: unknown) => json(200, { result, status: 'ok', time: 0.0001 });
const fail = (status: number, error: string) => json(status, { status: { error }, time: 0.0001 });

/**
 * A Qdrant stand-in on 127.0.0.1 speaking the REST API the official client uses: collections
 * (list, get, exists, create), points upsert, search and query (exact, by the collection's
 * distance), delete by ids or filter; the filter subset must/should/must_not, match value/any/
 * except, range, is_empty, is_null, has_id and nested filters.
 */
export async function startFakeQdrant(options: FakeQdrantOptions = {}): Promise<FakeQdrant> {
  const collections = new Map<string, QdrantCollection>();

  function search(collection: QdrantCollection, body: Record<string, unknown>) {
    const raw = body.vector ?? body.query;
    const vector = (
      Array.isArray(raw) ? raw : ((raw as { nearest?: number[] } | undefined)?.nearest ?? [])
    ) as number[];
    const filter = body.filter as Filter | undefined;
    const scored = [...collection.points]
      .filter(([id, point]) => !filter || matchesFilter(id, point, filter))
      .map(([id, point]) => {
        const score =
          collection.distance === 'Euclid'
            ? Math.sqrt(squaredDistance(vector, point.vector))
            : collection.distance === 'Dot'
              ? dot(vector, point.vector)
              : cosine(vector, point.vector);
        return {
          id,
          version: 0,
          score,
          payload: body.with_payload === false ? null : point.payload,
          vector: body.with_vector ? point.vector : null,
        };
      })
      .sort((a, b) => (collection.distance === 'Euclid' ? a.score - b.score : b.score - a.score));
    return scored.slice(0, (body.limit as number | undefined) ?? 10);
  }

  const route = (call: FakeCall) => {
    if (options.apiKey !== undefined && call.headers['api-key'] !== options.apiKey)
      return json(401, 'Must provide an API key or an Authorization bearer token');
    if (call.path === '/' && call.method === 'GET')
      return json(200, { title: 'qdrant - vector search engine', version: '1.18.0' });
    if (call.path === '/collections' && call.method === 'GET')
      return ok({ collections: [...collections.keys()].map((name) => ({ name })) });
    const match = /^\/collections\/([^/]+)(\/.*)?$/.exec(call.path);
    if (!match) return fail(404, `Not found: ${call.path}`);
    const name = decodeURIComponent(match[1]!);
    const rest = match[2] ?? '';
    const collection = collections.get(name);
    const body = (call.body ?? {}) as Record<string, unknown>;
    if (rest === '/exists' && call.method === 'GET') return ok({ exists: !!collection });
    if (rest === '' && call.method === 'PUT') {
      if (collection) return fail(409, `Wrong input: Collection \`${name}\` already exists!`);
      const vectors = body.vectors as { size?: number; distance?: QdrantCollection['distance'] } | undefined;
      if (!vectors?.size || !vectors.distance)
        return fail(400, 'Wrong input: vectors size and distance are required');
      collections.set(name, {
        size: vectors.size,
        distance: vectors.distance,
        config: body,
        points: new Map(),
      });
      return ok(true);
    }
    if (!collection) return fail(404, `Not found: Collection \`${name}\` doesn't exist!`);
    if (rest === '' && call.method === 'GET')
      return ok({
        status: 'green',
        points_count: collection.points.size,
        config: { params: { vectors: { size: collection.size, distance: collection.distance } } },
      });
    if (rest === '/points' && call.method === 'PUT') {
      const points = (body.points ?? []) as {
        id: unknown;
        vector: number[];
        payload?: Record<string, unknown>;
      }[];
      for (const point of points) {
        if (!pointId(point.id))
          return fail(
            400,
            `Format error in JSON body: value ${JSON.stringify(point.id)} is not a valid point ID`,
          );
        if (point.vector.length !== collection.size)
          return fail(
            400,
            `Wrong input: Vector dimension error: expected dim: ${collection.size}, got ${point.vector.length}`,
          );
      }
      for (const point of points)
        collection.points.set(pointId(point.id)!, { vector: point.vector, payload: point.payload ?? {} });
      return ok({ operation_id: 1, status: 'completed' });
    }
    if (rest === '/points/search' && call.method === 'POST') return ok(search(collection, body));
    if (rest === '/points/query' && call.method === 'POST') return ok({ points: search(collection, body) });
    if (rest === '/points/delete' && call.method === 'POST') {
      if (Array.isArray(body.points))
        for (const id of body.points) collection.points.delete(pointId(id) ?? String(id));
      else if (body.filter)
        for (const [id, point] of collection.points)
          if (matchesFilter(id, point, body.filter)) collection.points.delete(id);
      return ok({ operation_id: 2, status: 'completed' });
    }
    return fail(404, `Not found: ${call.method} ${call.path}`);
  };

  const service = await startFakeService(route);
  return Object.assign(service, { collections });
}
