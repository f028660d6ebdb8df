import type { GuardedFetch } from '@flowloom/engine';
import { MAX_RESPONSE_BYTES, MAX_RESPONSE_CHARS, cutText, readBoundedText } from './http-tools.js';

/** How long a search service may take to answer (and send its answer) before the call fails. */
export const SEARCH_TIMEOUT_MS = 30_000;
/** Results a search tool hands the model: enough to answer from, few enough to spare its context. */
export const MAX_SEARCH_RESULTS = 10;
/** Longest snippet of one result the model reads. */
const MAX_SNIPPET_CHARS = 1_000;

/** What the model answers with when a service found nothing (the LangChain tools' words). */
export const NO_RESULTS = 'No good search result found';

/** One search result as the model reads it. */
export interface SearchResult {
  title?: string;
  link?: string;
  snippet?: string;
}

/**
 * The service's endpoint: `path` under the base URL, keeping a path the base has (an operator's
 * proxy at `https://proxy.example/brave` reaches `https://proxy.example/brave/res/v1/web/search`).
 */
export function endpointUrl(base: string, path: string): URL {
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    throw new Error(`"${base}" is not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`"${base}" is not an http(s) URL`);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}${path}`;
  return url;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** A snippet as plain text: services mark matches with tags (`<strong>`) and escape characters. */
export function plainSnippet(text: string | undefined): string | undefined {
  if (!text) return undefined;
  const plain = text
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_m, name: string) => ENTITIES[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  if (!plain) return undefined;
  return plain.length > MAX_SNIPPET_CHARS ? `${plain.slice(0, MAX_SNIPPET_CHARS)}…` : plain;
}

/**
 * Results as lines a model reads quickly: leading lines (a direct answer, a knowledge panel), then
 * `- title — snippet — (link)` for each of the first {@link MAX_SEARCH_RESULTS} results.
 */
export function resultsText(
  results: readonly SearchResult[],
  leading: readonly (string | undefined)[] = [],
): string {
  const lines = leading.filter((line): line is string => Boolean(line));
  for (const result of results.slice(0, MAX_SEARCH_RESULTS)) {
    const parts = [
      plainSnippet(result.title),
      plainSnippet(result.snippet),
      result.link && `(${result.link})`,
    ];
    const line = parts.filter(Boolean).join(' — ');
    if (line) lines.push(`- ${line}`);
  }
  return lines.length > 0 ? cutText(lines.join('\n'), false, MAX_RESPONSE_CHARS) : NO_RESULTS;
}

/** The message a service put in its error answer (`{error: {message}}`, `{message}`, `{detail}`…). */
export function errorDetail(text: string): string | undefined {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    const plain = plainSnippet(text);
    return plain && plain.length > 200 ? `${plain.slice(0, 200)}…` : plain;
  }
  if (typeof body !== 'object' || body === null) return undefined;
  const { error, message, detail } = body as Record<string, unknown>;
  const pick = (...values: unknown[]): string | undefined => {
    for (const value of values) {
      if (typeof value === 'string' && value.trim()) return value.trim();
      if (value && typeof value === 'object') {
        const { message: text, error: inner, detail: more } = value as Record<string, unknown>;
        const nested = pick(text, inner, more);
        if (nested) return nested;
      }
    }
    return undefined;
  };
  return pick(error, message, detail);
}

/** A failed status as a sentence naming the service, with what it said and what may help. */
function statusError(
  service: string,
  response: Response,
  detail: string | undefined,
  refusedHint = 'Check the API key in its credential.',
): Error {
  const status = `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
  const said = detail ? `: ${detail.replace(/[\s.]+$/, '')}` : '';
  if (response.status === 401 || response.status === 403)
    return new Error(`${service} refused the request (${status})${said}. ${refusedHint}`);
  if (response.status === 429)
    return new Error(
      `${service} is limiting requests (${status})${said}. Try again later or check your plan's quota.`,
    );
  if (response.status >= 500)
    return new Error(`${service} failed to answer (${status})${said}. Try again later.`);
  return new Error(`${service} answered ${status}${said}`);
}

export interface SearchCall {
  /** The service's name as the user knows it, for error messages. */
  service: string;
  http: GuardedFetch;
  url: URL;
  init: RequestInit;
  /** The run's signal: aborting it stops the request. */
  signal: AbortSignal;
  /** The API key sent, never repeated in an error message. */
  secret?: string;
  /** What may help when the service answers 401 or 403 (default: check the credential's key). */
  refusedHint?: string;
}

/** What a service answered: its body text (within the size limit) and content type. */
export interface SearchAnswer {
  text: string;
  contentType: string;
}

const redactor = (secret: string | undefined) => (message: string) =>
  secret ? message.split(secret).join('***') : message;

/**
 * Calls a search service through the run's guarded client and answers its body text. Everything
 * that can go wrong becomes an error naming the service: no connection, a refusal of the guard, a
 * timeout, an error status (401, 429, 5xx…) or an answer over {@link MAX_RESPONSE_BYTES}.
 */
export async function searchText(call: SearchCall): Promise<SearchAnswer> {
  const { service } = call;
  const redact = redactor(call.secret);
  const timeout = AbortSignal.timeout(SEARCH_TIMEOUT_MS);
  const signal = AbortSignal.any([call.signal, timeout]);
  let response: Response;
  let body: { text: string; truncated: boolean };
  try {
    response = await call.http(call.url.toString(), { ...call.init, signal });
    body = await readBoundedText(response);
  } catch (error) {
    call.signal.throwIfAborted();
    if (timeout.aborted)
      throw new Error(`${service} did not answer within ${SEARCH_TIMEOUT_MS / 1000} seconds`);
    const cause = (error as { cause?: { message?: string } }).cause?.message;
    const message = `${(error as Error).message}${cause ? ` (${cause})` : ''}`;
    throw new Error(redact(`${service} could not be reached: ${message}`), { cause: error });
  }
  if (!response.ok)
    throw new Error(redact(statusError(service, response, errorDetail(body.text), call.refusedHint).message));
  if (body.truncated)
    throw new Error(
      `${service} answered more than ${MAX_RESPONSE_BYTES / (1024 * 1024)} MB; the answer was not read`,
    );
  return { text: body.text, contentType: response.headers.get('content-type') ?? '' };
}

/** {@link searchText} of a JSON API: an answer that is not JSON is an error naming the service. */
export async function searchJson(call: SearchCall): Promise<unknown> {
  const answer = await searchText(call);
  try {
    return JSON.parse(answer.text) as unknown;
  } catch {
    const start = plainSnippet(answer.text.slice(0, 400))?.slice(0, 120);
    throw new Error(
      redactor(call.secret)(
        `${call.service} did not answer with JSON (${answer.contentType || 'no content type'})${start ? `: ${start}` : ''}`,
      ),
    );
  }
}

/** A JSON value's property as a list (absent or not a list: empty). */
export function listOf<T>(value: unknown): T[] {
  return Array.isArray(value) ? (value as T[]) : [];
}

/** A JSON value's property as an object (absent or not an object: empty). */
export function objectOf(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** A JSON value as a string, when it is one. */
export function textOf(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}
