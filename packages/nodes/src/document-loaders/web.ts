import type { GuardedFetch } from '@flowloom/engine';
import { sizeText } from './size.js';

/** How long one request (answer and body) may take. */
export const PAGE_TIMEOUT_MS = 30_000;
/** The largest web page the scraper reads. */
export const MAX_PAGE_BYTES = 10 * 1024 * 1024;

export interface FetchOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** The run's signal: aborting it stops the request. */
  signal?: AbortSignal;
  timeoutMs?: number;
  maxBytes?: number;
}

export interface FetchedBytes {
  /** The URL answered from (after redirects). */
  url: string;
  status: number;
  statusText: string;
  contentType: string;
  bytes: Uint8Array;
}

export interface FetchedText extends Omit<FetchedBytes, 'bytes'> {
  text: string;
}

/** Whether `value` is an absolute http(s) URL. */
export function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Rejects as soon as `signal` aborts, whether or not the promise's own work notices. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason as Error);
    if (signal.aborted) abort();
    signal.addEventListener('abort', abort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

async function readLimited(response: Response, url: string, maxBytes: number): Promise<Uint8Array> {
  const tooLarge = () => new Error(`${url} is larger than ${sizeText(maxBytes)}; it was not loaded`);
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  if (!response.body) return new Uint8Array(0);
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

function decode(bytes: Uint8Array, contentType: string): string {
  const charset = /charset=["']?([\w-]+)/i.exec(contentType)?.[1];
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes); // an unknown charset label
  }
}

/**
 * Fetches `url` through the run's guarded HTTP client and reads its body, within a time limit (for
 * the answer and the whole body) and a size limit. Failures are errors naming the URL: a refusal of
 * the guarded client (a private address…) keeps its own message.
 */
export async function fetchBytes(
  http: GuardedFetch,
  url: string,
  options: FetchOptions = {},
): Promise<FetchedBytes> {
  const timeoutMs = options.timeoutMs ?? PAGE_TIMEOUT_MS;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new Error(`${url} did not answer within ${timeoutMs / 1000} seconds`));
  }, timeoutMs);
  const stop = () => controller.abort(options.signal?.reason);
  if (options.signal?.aborted) stop();
  options.signal?.addEventListener('abort', stop, { once: true });
  try {
    const work = (async () => {
      const response = await http(url, {
        method: options.method ?? 'GET',
        ...(options.headers && { headers: options.headers }),
        ...(options.body !== undefined && { body: options.body }),
        signal: controller.signal,
        redirect: 'follow',
      });
      return {
        url: response.url || url,
        status: response.status,
        statusText: response.statusText,
        contentType: response.headers.get('content-type') ?? '',
        bytes: await readLimited(response, url, options.maxBytes ?? MAX_PAGE_BYTES),
      };
    })();
    return await untilAborted(work, controller.signal);
  } catch (error) {
    if (timedOut) throw controller.signal.reason as Error;
    options.signal?.throwIfAborted();
    const message = error instanceof Error ? error.message : String(error);
    const cause = (error as { cause?: { message?: string } }).cause?.message;
    if (message.includes(url) || message.includes(new URL(url).href)) throw error;
    throw new Error(`Could not fetch ${url}: ${message}${cause ? ` (${cause})` : ''}`, { cause: error });
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', stop);
  }
}

/** {@link fetchBytes} of a text: the body decoded with the charset the answer names (UTF-8 by default). */
export async function fetchText(
  http: GuardedFetch,
  url: string,
  options: FetchOptions = {},
): Promise<FetchedText> {
  const { bytes, ...answer } = await fetchBytes(http, url, options);
  return { ...answer, text: decode(bytes, answer.contentType) };
}

/** {@link fetchText} of a page that must answer: an error status (4xx, 5xx) is an error naming the URL. */
export async function fetchOkText(
  http: GuardedFetch,
  url: string,
  options: FetchOptions = {},
): Promise<FetchedText> {
  const page = await fetchText(http, url, options);
  if (page.status >= 400)
    throw new Error(`${url} answered ${page.status}${page.statusText ? ` ${page.statusText}` : ''}`);
  return page;
}
