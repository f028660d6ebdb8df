import type { GuardedFetch } from '@flowloom/engine';
import { objectInput } from '../llm/chat-model.js';

/** Largest response text handed to the model; longer pages are cut (with a note) to spare its context. */
export const MAX_RESPONSE_CHARS = 50_000;

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

/** Calls the URL through the run's guarded client and answers the body text (status noted when not OK). */
export async function fetchText(http: GuardedFetch, url: string, init: RequestInit): Promise<string> {
  const response = await http(url, init);
  let text = await response.text();
  if (text.length > MAX_RESPONSE_CHARS)
    text = `${text.slice(0, MAX_RESPONSE_CHARS)}\n[cut: the response was ${text.length} characters long]`;
  return response.ok ? text : `HTTP ${response.status} ${response.statusText}: ${text}`;
}
