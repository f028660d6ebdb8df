import { createApiClient, type ApiClientEnvironment } from './client';

/** API host: `VITE_API_BASE_URL`, else the page origin. */
export function apiHost(): string {
  const configured = (import.meta.env.VITE_API_BASE_URL as string | undefined)?.trim();
  if (configured) return configured.replace(/\/+$/, '');
  return typeof window === 'undefined' ? '' : window.location.origin;
}

const environment: ApiClientEnvironment = {
  host: apiHost(),
  fetch: (input, init) => globalThis.fetch(input, init),
  navigate: (to) => window.location.assign(to),
  redirect: (to) => window.location.assign(to),
  currentPath: () => window.location.pathname,
  clearAuth: () => undefined,
};

/**
 * The app-wide client. The app shell plugs in router navigation and the auth store at start-up
 * ({@link configureApi}); until then navigation falls back to full page loads.
 */
export const api = createApiClient(environment);

export function configureApi(parts: Partial<Omit<ApiClientEnvironment, 'host' | 'fetch'>>): void {
  Object.assign(environment, parts);
}
