import http from 'node:http';
import https from 'node:https';
import { BufferedResponse, ResponseHeaders, StreamedResponse, webStreamOf } from './lean-response.js';

function headerRecord(init: ConstructorParameters<typeof Headers>[0]): Record<string, string> {
  const out: Record<string, string> = {};
  if (init && typeof init === 'object' && !Array.isArray(init) && !(init instanceof Headers)) {
    // The AI SDK passes a plain record (with undefined for unset headers): no Headers object needed.
    for (const [key, value] of Object.entries(init as Record<string, string | undefined>)) {
      if (value !== undefined) out[key.toLowerCase()] = value;
    }
    return out;
  }
  new Headers(init).forEach((value, key) => {
    out[key] = value;
  });
  return out;
}

/** A per-call header asking `leanFetch` for the request instead of an answer. Never sent. */
export const CAPTURE_HEADER = 'x-flowloom-capture-request';

/** The request a provider built, given back by `leanFetch` when the call carried {@link CAPTURE_HEADER}. */
export class CapturedRequest extends Error {
  constructor(
    readonly url: URL,
    readonly method: string,
    readonly headers: Record<string, string>,
    readonly body: string | Uint8Array | undefined,
  ) {
    super('Request captured for a direct stream');
    this.name = 'CapturedRequest';
  }
}

/** Model calls are long-lived and frequent: keep-alive sockets. */
const keepAliveAgents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: 256 }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 256 }),
};

/**
 * Opens a request to a model provider on the keep-alive agent of its protocol; the caller writes
 * the body and ends it.
 */
export function modelRequest(
  url: URL,
  method: string,
  headers: Record<string, string>,
  onResponse: (response: http.IncomingMessage) => void,
): http.ClientRequest {
  const transport = url.protocol === 'https:' ? https : http;
  const agent = keepAliveAgents[url.protocol as keyof typeof keepAliveAgents];
  return transport.request(url, { method, headers, agent }, onResponse);
}

/** The error an aborted model call fails with: the signal's reason, else an `AbortError`. */
export function abortError(signal: AbortSignal): Error {
  return signal.reason instanceof Error
    ? signal.reason
    : new DOMException('This operation was aborted', 'AbortError');
}

/**
 * A `fetch` for model providers on `node:http` with keep-alive agents. Node's built-in fetch costs
 * several times more CPU per call; at thousands of runs per second that is the largest overhead we add.
 * Streamed answers (SSE, NDJSON) stay streams ({@link StreamedResponse}); other bodies are read
 * whole ({@link BufferedResponse}). Neither is an undici `Response`: building one (with its
 * `Headers` and web stream) costs more than the rest of our side of a model call.
 */
export const leanFetch: typeof fetch = (input, init = {}) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  const signal = init.signal ?? undefined;
  if (signal?.aborted) return Promise.reject(abortError(signal));
  const headers = headerRecord(init.headers);
  if (CAPTURE_HEADER in headers) {
    delete headers[CAPTURE_HEADER];
    const body = init.body;
    if (body !== undefined && body !== null && typeof body !== 'string' && !(body instanceof Uint8Array))
      return Promise.reject(new Error('leanFetch supports string and byte bodies only'));
    return Promise.reject(new CapturedRequest(url, init.method ?? 'GET', headers, body ?? undefined));
  }
  return new Promise<Response>((resolve, reject) => {
    const request = modelRequest(url, init.method ?? 'GET', headers, (response) => {
      // The abort listener stays until the answer has been read (streams are read later).
      response.once('close', settle);
      const status = response.statusCode ?? 500;
      const statusText = response.statusMessage ?? '';
      const answerHeaders = new ResponseHeaders(response.headers);
      // Typed as the Response they stand in for (see lean-response.ts for the parts they have).
      const type = response.headers['content-type'] ?? '';
      if (type.includes('event-stream') || type.includes('ndjson')) {
        const body = webStreamOf(response);
        resolve(
          new StreamedResponse(body, status, statusText, answerHeaders, url.href) as unknown as Response,
        );
        return;
      }
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const bytes = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
        resolve(
          new BufferedResponse(bytes, status, statusText, answerHeaders, url.href) as unknown as Response,
        );
      });
      response.on('error', reject);
    });
    // Aborting destroys the request, which fails the pending answer or its stream.
    const onAbort = () => request.destroy(abortError(signal!));
    const settle = () => signal?.removeEventListener('abort', onAbort);
    signal?.addEventListener('abort', onAbort, { once: true });
    request.on('error', (error) => {
      settle();
      reject(error);
    });
    const body = init.body;
    if (body === undefined || body === null) request.end();
    else if (typeof body === 'string' || body instanceof Uint8Array) request.end(body);
    else reject(new Error('leanFetch supports string and byte bodies only'));
  });
};
