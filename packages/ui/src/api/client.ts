import { ApiError, errorMessage } from './errorMessage';

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  /** Sent as JSON; a `FormData` goes as multipart/form-data. */
  body?: unknown;
  signal?: AbortSignal;
  /**
   * Leave 401/403 answers to the caller (sign-in and first-run forms show the message instead of
   * being sent elsewhere).
   */
  noAuthRedirect?: boolean;
  /** Leave 403 answers to the caller (it shows the server's reason instead of the Unauthorized page). */
  keepForbidden?: boolean;
}

/** What the client needs from the app around it; tests pass fakes. */
export interface ApiClientEnvironment {
  /** Origin of the API host, e.g. `http://localhost:3000` (no trailing slash). */
  host: string;
  fetch: typeof fetch;
  /** In-app navigation (router). */
  navigate: (to: string) => void;
  /** Full-page navigation to any address (SPEC §8 redirect helper). */
  redirect: (url: string) => void;
  currentPath: () => string;
  /** Clears the signed-in user and session (auth slice + stored credentials). */
  clearAuth: () => void;
  /** Called with the refresh answer after a successful token refresh. */
  onRefreshed?: (data: Record<string, unknown>) => void;
}

export const API_PREFIX = '/api/v1';

const SIGN_IN_PATHS = ['/login', '/signin'];

export interface ApiClient {
  request<T>(method: string, path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: Omit<RequestOptions, 'body'>): Promise<T>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  delete<T>(path: string, options?: Omit<RequestOptions, 'body'>): Promise<T>;
}

/** Adds `error=<code>` to an address, keeping any query it already has. */
export function withErrorParam(url: string, error: string): string {
  const [beforeHash, hash] = url.split('#', 2) as [string, string | undefined];
  const separator = beforeHash.includes('?') ? '&' : '?';
  return `${beforeHash}${separator}error=${encodeURIComponent(error)}${hash === undefined ? '' : `#${hash}`}`;
}

/**
 * The one HTTP client of the web app: JSON (or a multipart form) to `/api/v1` with the internal
 * request header and cookies, and the SPEC §8 handling of 401 and 403 answers.
 */
export function createApiClient(env: ApiClientEnvironment): ApiClient {
  function url(path: string, query?: Record<string, QueryValue>): string {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined && value !== null) search.set(key, String(value));
    }
    const qs = search.toString();
    return `${env.host}${API_PREFIX}${path}${qs ? `?${qs}` : ''}`;
  }

  async function send(method: string, path: string, options: RequestOptions): Promise<Response> {
    const headers: Record<string, string> = { 'x-request-from': 'internal', Accept: 'application/json' };
    const init: RequestInit = { method, headers, credentials: 'include' };
    if (options.body instanceof FormData) {
      // No Content-Type: the browser writes the multipart boundary.
      init.body = options.body;
    } else if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(options.body);
    }
    if (options.signal) init.signal = options.signal;
    return env.fetch(url(path, options.query), init);
  }

  async function readBody(response: Response): Promise<unknown> {
    const text = await response.text();
    if (text === '') return undefined;
    const type = response.headers.get('content-type') ?? '';
    if (type.includes('json')) {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return text;
      }
    }
    return text;
  }

  async function refreshToken(): Promise<boolean> {
    try {
      const response = await send('POST', '/auth/refreshToken', { body: {} });
      if (!response.ok) return false;
      const data = await readBody(response);
      if (data && typeof data === 'object' && 'id' in data && (data as { id?: unknown }).id) {
        env.onRefreshed?.(data);
        return true;
      }
      return false;
    } catch {
      return false;
    }
  }

  function toError(status: number, body: unknown): ApiError {
    // An empty message lets callers apply their own default (e.g. "Internal Server Error").
    return new ApiError(status, errorMessage(body, ''), body);
  }

  async function request<T>(
    method: string,
    path: string,
    options: RequestOptions = {},
    retried = false,
  ): Promise<T> {
    const response = await send(method, path, options);
    const body = await readBody(response);
    if (response.ok) return body as T;

    const error = toError(response.status, body);
    if (options.noAuthRedirect) throw error;

    if (response.status === 403) {
      if (options.keepForbidden) throw error;
      env.navigate('/unauthorized');
      throw error;
    }
    if (response.status === 401) {
      const data = (body && typeof body === 'object' ? body : {}) as {
        message?: unknown;
        retry?: unknown;
        redirectTo?: unknown;
        error?: unknown;
      };
      if (data.message === 'Token Expired') {
        if (data.retry && !retried && (await refreshToken())) {
          return request<T>(method, path, options, true);
        }
        env.clearAuth();
        throw error;
      }
      if (data.message === 'Invalid or Missing token') {
        env.clearAuth();
        env.navigate('/login');
        throw error;
      }
      if (typeof data.redirectTo === 'string' && data.redirectTo !== '' && data.error !== undefined) {
        env.redirect(
          data.error === 'subscription_canceled'
            ? withErrorParam(data.redirectTo, 'subscription_canceled')
            : data.redirectTo,
        );
        throw error;
      }
      env.clearAuth();
      if (!SIGN_IN_PATHS.includes(env.currentPath())) env.navigate('/login');
      throw error;
    }
    throw error;
  }

  return {
    request: (method, path, options) => request(method, path, options),
    get: (path, options) => request('GET', path, options),
    post: (path, body, options) => request('POST', path, { ...options, body: body ?? {} }),
    put: (path, body, options) => request('PUT', path, { ...options, body: body ?? {} }),
    delete: (path, options) => request('DELETE', path, options),
  };
}
