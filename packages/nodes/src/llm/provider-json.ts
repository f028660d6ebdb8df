/**
 * JSON calls to a model provider's own HTTP API (Replicate, Hugging Face inference) for nodes that
 * have no AI SDK provider: one place that turns an error status, an unreadable answer or a dead
 * server into a sentence naming the node.
 */

export interface JsonRequest {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: unknown;
  signal?: AbortSignal;
}

/** Longest provider error text quoted in a message. */
const MAX_DETAIL = 300;

/** The words of a provider's error body: `detail`, `error` (text or `{message}`), `message`, `title`. */
function detailOf(body: unknown, text: string): string {
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    for (const key of ['detail', 'error', 'message', 'title']) {
      const value = record[key];
      if (typeof value === 'string' && value.trim()) return value.trim().slice(0, MAX_DETAIL);
      if (value && typeof value === 'object' && typeof (value as { message?: unknown }).message === 'string')
        return (value as { message: string }).message.slice(0, MAX_DETAIL);
    }
  }
  return text.trim().slice(0, MAX_DETAIL) || '(no details)';
}

/** A failed provider call, with the HTTP status when there was one. */
export class ProviderCallError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ProviderCallError';
  }
}

/**
 * Sends one request and answers its JSON body. `who` names the node and its service for messages
 * (`Replicate`, `HuggingFace Inference`). Aborts pass through as they are.
 */
export async function providerJson(
  fetchFn: typeof fetch,
  who: string,
  request: JsonRequest,
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetchFn(request.url, {
      method: request.method ?? 'GET',
      headers: {
        accept: 'application/json',
        ...(request.body !== undefined && { 'content-type': 'application/json' }),
        ...request.headers,
      },
      ...(request.body !== undefined && { body: JSON.stringify(request.body) }),
      ...(request.signal && { signal: request.signal }),
    });
  } catch (error) {
    if (request.signal?.aborted) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new ProviderCallError(`${who}: could not reach ${new URL(request.url).origin}: ${reason}`);
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    body = undefined;
    if (response.ok)
      throw new ProviderCallError(
        `${who}: the service answered something that is not JSON: ${text.slice(0, 80)}`,
        response.status,
      );
  }
  if (response.ok) return body;
  const detail = detailOf(body, text);
  const status = response.status;
  if (status === 401 || status === 403)
    throw new ProviderCallError(
      `${who}: the API key was refused (${status} ${detail}); check the credential`,
      status,
    );
  if (status === 429) throw new ProviderCallError(`${who}: rate limit reached (429 ${detail})`, status);
  throw new ProviderCallError(`${who}: the service answered ${status}: ${detail}`, status);
}
