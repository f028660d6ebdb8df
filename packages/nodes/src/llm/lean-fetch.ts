import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { AddressCheck, EngineServices } from '@flowloom/engine';
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

/** A per-call header asking a model fetch for the request instead of an answer. Never sent. */
export const CAPTURE_HEADER = 'x-flowloom-capture-request';

/** The request a provider built, given back by a model fetch when the call carried {@link CAPTURE_HEADER}. */
export class CapturedRequest extends Error {
  constructor(
    readonly url: URL,
    readonly method: string,
    readonly headers: Record<string, string>,
    readonly body: string | Uint8Array | undefined,
    /** The transport of the fetch that captured it: the request leaves through the same checks. */
    readonly transport: ModelTransport,
  ) {
    super('Request captured for a direct stream');
    this.name = 'CapturedRequest';
  }
}

/**
 * Keep-alive agents for model calls (long-lived and frequent). Connections to the operator's own
 * provider base URLs (`OPENAI_BASE_URL`, …: exact origins) go out as they are; every other one
 * passes the address check, so a base URL typed into a flow or a credential cannot reach loopback,
 * private or link-local addresses unless the operator allowed them (FLOWLOOM_HTTP_ALLOW). The check
 * runs when a socket connects, so a reused keep-alive socket costs nothing.
 */
export interface ModelTransport {
  /** Agents for the operator's origins. */
  trusted: Agents;
  /** Agents whose connections pass {@link check}. */
  checked: Agents;
  trustedOrigins: ReadonlySet<string>;
  check: AddressCheck;
  /** `fetch` on these agents (see {@link modelFetch}). */
  fetch: typeof fetch;
}

interface Agents {
  'http:': http.Agent;
  'https:': https.Agent;
}

/** What a transport is made from: the run services' address rule and operator base URLs. */
export type TransportServices = Pick<EngineServices, 'addressCheck' | 'providerBaseUrls'>;

const transports = new WeakMap<AddressCheck, ModelTransport>();

const agents = (lookup?: LookupFunction): Agents => ({
  'http:': new http.Agent({ keepAlive: true, maxSockets: 256, ...(lookup && { lookup }) }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 256, ...(lookup && { lookup }) }),
});

function originOf(url: string | undefined): string[] {
  try {
    return url ? [new URL(url).origin] : [];
  } catch {
    return [];
  }
}

/** The transport of a server's run services, made once (both parts live as long as the server). */
export function modelTransport(services: TransportServices): ModelTransport {
  const known = transports.get(services.addressCheck);
  if (known) return known;
  const transport: ModelTransport = {
    trusted: agents(),
    checked: agents(checkedLookup(services.addressCheck)),
    trustedOrigins: new Set(Object.values(services.providerBaseUrls).flatMap(originOf)),
    check: services.addressCheck,
    fetch: (input, init) => fetchOn(transport, input, init),
  };
  transports.set(services.addressCheck, transport);
  return transport;
}

/**
 * A `fetch` for model providers on `node:http` with keep-alive agents, connections checked as
 * {@link ModelTransport} says. Node's built-in fetch costs several times more CPU per call; at
 * thousands of runs per second that is the largest overhead we add. Streamed answers (SSE, NDJSON)
 * stay streams ({@link StreamedResponse}); other bodies are read whole ({@link BufferedResponse}).
 * Neither is an undici `Response`: building one (with its `Headers` and web stream) costs more than
 * the rest of our side of a model call.
 */
export function modelFetch(services: TransportServices): typeof fetch {
  return modelTransport(services).fetch;
}

function refusal(host: string, address: string, reason: string): NodeJS.ErrnoException {
  const article = /^[aeiou]/.test(reason) ? 'an' : 'a';
  const what =
    host === address
      ? `${article} ${reason} address`
      : `it resolves to ${address}, ${article} ${reason} address`;
  return new Error(`Refused to connect to ${host}: ${what} (set FLOWLOOM_HTTP_ALLOW to allow it)`);
}

/** A DNS lookup that fails when any address of the host may not be reached. */
function checkedLookup(check: AddressCheck): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      for (const { address } of addresses) {
        const reason = check(hostname, address);
        if (reason) return callback(refusal(hostname, address, reason), '', 0);
      }
      if (options.all) (callback as (e: null, all: LookupAddress[]) => void)(null, addresses);
      else callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

/**
 * Opens a request to a model provider on the keep-alive agent of its protocol; the caller writes
 * the body and ends it. Outside the operator's origins, throws when the URL names an address the
 * transport's check refuses (host names are checked as the socket connects).
 */
export function modelRequest(
  transport: ModelTransport,
  url: URL,
  method: string,
  headers: Record<string, string>,
  onResponse: (response: http.IncomingMessage) => void,
): http.ClientRequest {
  const trusted = transport.trustedOrigins.has(url.origin);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!trusted && isIP(host)) {
    const reason = transport.check(host, host);
    if (reason) throw refusal(host, host, reason);
  }
  const client = url.protocol === 'https:' ? https : http;
  const pool = trusted ? transport.trusted : transport.checked;
  const agent = url.protocol === 'https:' ? pool['https:'] : pool['http:'];
  return client.request(url, { method, headers, agent }, onResponse);
}

/** The error an aborted model call fails with: the signal's reason, else an `AbortError`. */
export function abortError(signal: AbortSignal): Error {
  return signal.reason instanceof Error
    ? signal.reason
    : new DOMException('This operation was aborted', 'AbortError');
}

/** One model call on a transport (see {@link modelFetch}). */
function fetchOn(
  transport: ModelTransport,
  input: Parameters<typeof fetch>[0],
  init: RequestInit = {},
): Promise<Response> {
  const url = new URL(input instanceof Request ? input.url : String(input));
  const signal = init.signal ?? undefined;
  if (signal?.aborted) return Promise.reject(abortError(signal));
  const headers = headerRecord(init.headers);
  if (CAPTURE_HEADER in headers) {
    delete headers[CAPTURE_HEADER];
    const body = init.body;
    if (body !== undefined && body !== null && typeof body !== 'string' && !(body instanceof Uint8Array))
      return Promise.reject(new Error('A model fetch supports string and byte bodies only'));
    return Promise.reject(
      new CapturedRequest(url, init.method ?? 'GET', headers, body ?? undefined, transport),
    );
  }
  return new Promise<Response>((resolve, reject) => {
    const request = modelRequest(transport, url, init.method ?? 'GET', headers, (response) => {
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
    else reject(new Error('A model fetch supports string and byte bodies only'));
  });
}
