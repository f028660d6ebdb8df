import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a fake received. */
export interface FakeCall {
  method: string;
  /** Path without the query string. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: unknown;
}

/**
 * How a fake answers: `normal`; `hang` (reads the request and never answers, for timeout tests);
 * `garbage` (answers 200 with an HTML page instead of JSON).
 */
export type FakeMode = 'normal' | 'hang' | 'garbage';

/** What a route answers: a status and a JSON body (`undefined` for none), and any other headers. */
export interface FakeAnswer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface FakeService {
  /** e.g. `http://127.0.0.1:41234` */
  url: string;
  /** Every request received, oldest first. */
  readonly calls: FakeCall[];
  mode: FakeMode;
  close(): Promise<void>;
}

export const json = (status: number, body?: unknown): FakeAnswer => ({ status, body });

/** Starts an HTTP server on 127.0.0.1 whose routes `route` answers (Node built-ins only). */
export async function startFakeService(route: (call: FakeCall) => FakeAnswer): Promise<FakeService> {
  const calls: FakeCall[] = [];
  const service = { mode: 'normal' as FakeMode };
  const server = createServer((request, response) => {
    const parts: Buffer[] = [];
    request.on('data', (part: Buffer) => parts.push(part));
    request.on('end', () => {
      const text = Buffer.concat(parts).toString('utf8');
      const url = new URL(request.url ?? '/', 'http://fake');
      let body: unknown;
      try {
        body = text ? (JSON.parse(text) as unknown) : undefined;
      } catch {
        body = text;
      }
      const call = {
        method: request.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: request.headers,
        body,
      };
      calls.push(call);
      if (service.mode === 'hang') return;
      if (service.mode === 'garbage') {
        response.writeHead(200, { 'content-type': 'text/html' });
        response.end('<html><body>Welcome to nginx!</body></html>');
        return;
      }
      let answer: FakeAnswer;
      try {
        answer = route(call);
      } catch (error) {
        answer = json(500, { error: error instanceof Error ? error.message : String(error) });
      }
      if (answer.body === undefined) {
        response.writeHead(answer.status, answer.headers);
        response.end();
        return;
      }
      response.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      response.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    get mode() {
      return service.mode;
    },
    set mode(mode: FakeMode) {
      service.mode = mode;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function cosine(a: readonly number[], b: readonly number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * (b[i] ?? 0);
    na += a[i]! * a[i]!;
    nb += (b[i] ?? 0) * (b[i] ?? 0);
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

export function dot(a: readonly number[], b: readonly number[]): number {
  return a.reduce((sum, x, i) => sum + x * (b[i] ?? 0), 0);
}

export function squaredDistance(a: readonly number[], b: readonly number[]): number {
  return a.reduce((sum, x, i) => sum + (x - (b[i] ?? 0)) ** 2, 0);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Matches metadata against a Mongo-style filter, the subset Pinecone and Chroma share: field
 * equality, `$eq $ne $gt $gte $lt $lte $in $nin $exists`, `$and`, `$or`.
 */
export function matchesOperators(
  metadata: Record<string, unknown>,
  filter: Record<string, unknown>,
): boolean {
  return Object.entries(filter).every(([key, condition]) => {
    if (key === '$and')
      return (condition as Record<string, unknown>[]).every((f) => matchesOperators(metadata, f));
    if (key === '$or')
      return (condition as Record<string, unknown>[]).some((f) => matchesOperators(metadata, f));
    const value = metadata[key];
    if (!isRecord(condition)) return equal(value, condition);
    return Object.entries(condition).every(([op, operand]) => {
      switch (op) {
        case '$eq':
          return equal(value, operand);
        case '$ne':
          return !equal(value, operand);
        case '$gt':
          return typeof value === 'number' && value > (operand as number);
        case '$gte':
          return typeof value === 'number' && value >= (operand as number);
        case '$lt':
          return typeof value === 'number' && value < (operand as number);
        case '$lte':
          return typeof value === 'number' && value <= (operand as number);
        case '$in':
          return (operand as unknown[]).some((o) => equal(value, o));
        case '$nin':
          return !(operand as unknown[]).some((o) => equal(value, o));
        case '$exists':
          return (value !== undefined) === operand;
        default:
          throw new Error(`unsupported filter operator ${op}`);
      }
    });
  });
}

/** Equality as the stores mean it: a list matches a value it contains. */
function equal(value: unknown, operand: unknown): boolean {
  if (Array.isArray(value)) return value.some((item) => item === operand);
  return value === operand;
}
