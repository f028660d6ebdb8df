/**
 * SPEC §8: a thrown value's string message is used, otherwise the value is serialized.
 * Server errors arrive as `{statusCode, success:false, message}`; their message wins.
 */
export function errorMessage(value: unknown, fallback?: string): string {
  if (value instanceof ApiError) return value.message || fallback || `Request failed (${value.status})`;
  if (typeof value === 'string') return value || fallback || '';
  if (value && typeof value === 'object') {
    const message = (value as { message?: unknown }).message;
    if (typeof message === 'string' && message !== '') return message;
    if (message !== undefined && message !== null && typeof message !== 'string') return serialize(message);
    if (fallback !== undefined) return fallback;
    return serialize(value);
  }
  if (value === undefined || value === null) return fallback ?? 'Unknown error';
  return fallback ?? serialize(value);
}

function serialize(value: unknown): string {
  try {
    const text = JSON.stringify(value);
    return text === undefined ? String(value) : text;
  } catch {
    return String(value);
  }
}

/** A non-2xx answer of the API; `body` is the parsed JSON body when there was one. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  constructor(status: number, message: string, body: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}
