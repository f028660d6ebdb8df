import type { NodeContext } from '@flowloom/engine';

/**
 * How long one call to an external vector database or SQL server may take. The values are the
 * defaults of a running server; tests shorten them (each test file has its own module instance).
 */
export const SERVICE_TIMEOUTS = {
  /** One HTTP request, answer and body included; one SQL query. */
  requestMs: 30_000,
  /** Opening a database connection (DNS lookup, TCP, TLS, login). */
  connectMs: 10_000,
};

/** A failure already explained in words for the user (a refusal, a timeout, an unreadable answer). */
export class ServiceCallError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ServiceCallError';
  }
}

const seconds = (ms: number) => `${ms / 1000} s`;

/** The message of an error, or of the first {@link ServiceCallError} among its causes. */
function explained(error: unknown): string {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 8; e = e.cause, depth++)
    if (e instanceof ServiceCallError) return e.message;
  // A client reading an answer that is not JSON (an HTML error page, a proxy's login page…).
  if (error instanceof SyntaxError)
    return `the server answered something that is not JSON (${error.message})`;
  const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
  return `${error instanceof Error ? error.message : String(error)}${cause}`;
}

/**
 * The error a node fails with when a call to its service fails: the service's name first, then
 * what went wrong, the original error kept as the cause. A cancelled run stays a cancellation.
 */
export function serviceFailure(ctx: NodeContext, service: string, error: unknown): unknown {
  if (ctx.run.signal.aborted) return error;
  return new Error(`${service}: ${explained(error)}`, { cause: error });
}

/** Runs one call of a node to its service, failing with {@link serviceFailure}. */
export async function callService<T>(ctx: NodeContext, service: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw serviceFailure(ctx, service, error);
  }
}

/** Largest answer of a service read by default (a page of query results with vectors fits many times). */
export const MAX_SERVICE_ANSWER_BYTES = 64 * 1024 * 1024;

const TOO_LARGE = Symbol('too large');

/** The body, read up to `maxBytes`; past that the download is cancelled and {@link TOO_LARGE} answered. */
async function boundedBody(
  response: Response,
  maxBytes: number,
): Promise<Uint8Array | typeof TOO_LARGE | null> {
  if (!response.body) return null;
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks);
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return TOO_LARGE;
    }
    chunks.push(value);
  }
}

/** Statuses whose answers have no body (a `Response` refuses one). */
const EMPTY = new Set([101, 204, 205, 304]);

export type ServiceFetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/**
 * A `fetch` for a vector database client, over the run's guarded HTTP client (which refuses private
 * addresses unless FLOWLOOM_HTTP_ALLOW allows them). Redirects are refused. Each request, its body
 * included, must finish within {@link SERVICE_TIMEOUTS}.requestMs and ends with the run. The body is
 * read here, so a server that stops halfway fails here too, with a message saying so.
 */
export function serviceFetch(ctx: NodeContext, maxAnswerBytes = MAX_SERVICE_ANSWER_BYTES): ServiceFetch {
  const { http } = ctx.run.services;
  return async (input, init = {}) => {
    let url: string;
    let requestInit: RequestInit = init;
    if (input instanceof Request) {
      url = input.url;
      const body = input.body ? await input.arrayBuffer() : undefined;
      requestInit = { method: input.method, headers: input.headers, body, ...init };
    } else url = String(input);
    const host = new URL(url).host;
    const limit = SERVICE_TIMEOUTS.requestMs;
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new ServiceCallError(`${host} did not answer within ${seconds(limit)}`));
    }, limit);
    const signals = [ctx.run.signal, init.signal].filter((s): s is AbortSignal => !!s);
    const stop = (signal: AbortSignal) => () => controller.abort(signal.reason);
    const listeners = signals.map((signal) => {
      const listener = stop(signal);
      if (signal.aborted) listener();
      else signal.addEventListener('abort', listener, { once: true });
      return [signal, listener] as const;
    });
    try {
      // No redirects: the guard drops only `authorization` and cookies when one leaves the origin,
      // and these services carry their keys in headers of their own (`api-key`, `x-chroma-token`).
      const response = await http(url, { ...requestInit, redirect: 'error', signal: controller.signal });
      const body = EMPTY.has(response.status) ? null : await boundedBody(response, maxAnswerBytes);
      if (body === TOO_LARGE)
        throw new ServiceCallError(
          `the server at ${host} answered more than ${Math.round(maxAnswerBytes / (1024 * 1024))} MB; the answer was not read`,
        );
      return new Response(body, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
    } catch (error) {
      if (timedOut) throw new ServiceCallError(`${host} did not answer within ${seconds(limit)}`);
      if (controller.signal.aborted) throw error;
      throw new ServiceCallError(error instanceof Error ? error.message : String(error), { cause: error });
    } finally {
      clearTimeout(timer);
      for (const [signal, listener] of listeners) signal.removeEventListener('abort', listener);
    }
  };
}

export interface JsonApiOptions {
  /** The node's name, for messages (`Qdrant`). */
  service: string;
  /** Where the API lives (`http://localhost:6333`), without a trailing slash. */
  baseUrl: string;
  headers?: Record<string, string>;
  /** The server's own words from an error body, when it has a known shape. */
  errorText?: (body: unknown) => string | undefined;
  /** Largest answer read, in bytes (default {@link MAX_SERVICE_ANSWER_BYTES}); a larger one fails. */
  maxAnswerBytes?: number;
}

export interface JsonAnswer<T> {
  status: number;
  body: T;
}

/**
 * A small JSON-over-HTTP client on {@link serviceFetch}: for services whose official client cannot
 * take our fetch, so we speak their REST API ourselves.
 */
export function jsonApi(ctx: NodeContext, options: JsonApiOptions) {
  const fetch = serviceFetch(ctx, options.maxAnswerBytes);
  const origin = new URL(options.baseUrl).origin;
  /**
   * Sends one request. Answers with status 2xx, or with a status listed in `accept` (such as 404
   * for "does not exist yet"), are returned; others fail with the server's message.
   */
  async function request<T>(
    method: string,
    path: string,
    body?: unknown,
    accept: readonly number[] = [],
  ): Promise<JsonAnswer<T>> {
    try {
      const response = await fetch(`${options.baseUrl}${path}`, {
        method,
        headers: {
          accept: 'application/json',
          ...(body !== undefined && { 'content-type': 'application/json' }),
          ...options.headers,
        },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      let parsed: unknown;
      try {
        parsed = text === '' ? undefined : (JSON.parse(text) as unknown);
      } catch {
        const ok = response.ok || accept.includes(response.status);
        throw new ServiceCallError(
          ok
            ? `the server at ${origin} answered something that is not JSON (${JSON.stringify(text.slice(0, 60))})`
            : `${method} ${path} failed with status ${response.status} ${response.statusText}`.trim(),
        );
      }
      if (!response.ok && !accept.includes(response.status)) {
        const said = options.errorText?.(parsed);
        throw new ServiceCallError(
          `${method} ${path} failed with status ${response.status}${said ? `: ${said}` : ''}`,
        );
      }
      return { status: response.status, body: parsed as T };
    } catch (error) {
      throw serviceFailure(ctx, options.service, error);
    }
  }
  return { request };
}
