import type { GuardedFetch } from '@flowloom/engine';
import { objectInput } from '../llm/chat-model.js';

/** Largest response text handed to the model; longer pages are cut (with a note) to spare its context. */
export const MAX_RESPONSE_CHARS = 50_000;

/**
 * Most bytes of a response body a tool reads: the download stops there, so a huge (or endless)
 * answer cannot fill the server's memory. Far more than {@link MAX_RESPONSE_CHARS} characters need.
 */
export const MAX_RESPONSE_BYTES = 2 * 1024 * 1024;

/** The Headers input (JSON object, or JSON text of one) as string headers. */
export function headersInput(value: unknown): Record<string, string> {
  const object = objectInput(value) ?? {};
  return Object.fromEntries(
    Object.entries(object).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
  );
}

/** The URL the tool calls: the node's fixed URL, else the one the model gave. */
export function targetUrl(fixed: string | undefined, given: unknown): string {
  const url = fixed ?? (typeof given === 'string' ? given.trim() : undefined);
  if (!url) throw new Error('No URL given: pass "url"');
  if (!/^https?:\/\//i.test(url)) throw new Error(`"${url}" is not an http(s) URL`);
  return url;
}

export interface BoundedText {
  text: string;
  /** The body went on past the byte limit; `text` is its beginning. */
  truncated: boolean;
}

function decode(bytes: Uint8Array, contentType: string | null): string {
  const charset = /charset=["']?([\w-]+)/i.exec(contentType ?? '')?.[1];
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes); // an unknown charset label
  }
}

/**
 * Reads a response body up to `maxBytes` and cancels the rest of the download, so only that much is
 * ever buffered whatever the server sends (or claims to send).
 */
export async function readBoundedText(
  response: Response,
  maxBytes: number = MAX_RESPONSE_BYTES,
): Promise<BoundedText> {
  const contentType = response.headers.get('content-type');
  if (!response.body) return { text: '', truncated: false };
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  let truncated = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const room = maxBytes - total;
    if (value.byteLength > room) {
      chunks.push(value.subarray(0, room));
      total = maxBytes;
      truncated = true;
      await reader.cancel().catch(() => undefined);
      break;
    }
    chunks.push(value);
    total += value.byteLength;
  }
  return { text: decode(Buffer.concat(chunks), contentType), truncated };
}

/** `text` cut to `maxChars`, with a note of the cut the model can read. */
export function cutText(text: string, truncated: boolean, maxChars: number = MAX_RESPONSE_CHARS): string {
  if (truncated)
    return `${text.slice(0, maxChars)}\n[cut: the response was larger than ${MAX_RESPONSE_BYTES / (1024 * 1024)} MB]`;
  if (text.length > maxChars)
    return `${text.slice(0, maxChars)}\n[cut: the response was ${text.length} characters long]`;
  return text;
}

/**
 * Calls the URL through the run's guarded client and answers the body text (status noted when not
 * OK), read up to {@link MAX_RESPONSE_BYTES} and cut to `maxChars`.
 */
export async function fetchText(
  http: GuardedFetch,
  url: string,
  init: RequestInit,
  maxChars: number = MAX_RESPONSE_CHARS,
): Promise<string> {
  const response = await http(url, init);
  const { text, truncated } = await readBoundedText(response);
  const body = cutText(text, truncated, maxChars);
  return response.ok ? body : `HTTP ${response.status} ${response.statusText}: ${body}`;
}
