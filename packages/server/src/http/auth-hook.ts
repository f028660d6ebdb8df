import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import type { AuthContext, AuthService } from '../modules/auth/auth.service.js';
import type { ApiKeyService } from '../modules/apikeys/apikey.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth hook on every non-public `/api/v1` route (and on public ones when a session is present). */
    auth: AuthContext | null;
  }
}

export const ACCESS_COOKIE = 'token';
export const REFRESH_COOKIE = 'refreshToken';

const UNAUTHORIZED_ACCESS = new AppError('UNAUTHORIZED', 'Unauthorized Access', {
  extra: { error: 'Unauthorized Access' },
});

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  // Like Flowise: the text after the last "Bearer " (a bare key is used whole).
  const index = header.lastIndexOf('Bearer ');
  return (index >= 0 ? header.slice(index + 7) : header).trim() || undefined;
}

/** The request comes from our web app: cookie session auth (the custom header also blocks cross-site forgery). */
export function isInternal(request: FastifyRequest): boolean {
  return request.headers['x-request-from'] === 'internal';
}

/** The session token a UI request carries: the httpOnly cookie, else a bearer JWT. */
export function sessionToken(request: FastifyRequest): string | undefined {
  return request.cookies[ACCESS_COOKIE] || bearer(request);
}

/**
 * Authenticates and authorizes every `/api/v1` route from the access it declares, before the body is
 * read. UI requests (`x-request-from: internal`) use the session; others an API key.
 */
export function registerAuthHook(app: FastifyInstance, auth: AuthService, apiKeys: ApiKeyService) {
  app.decorateRequest('auth', null);

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access) return; // not an API route (static files, 404)

    if (access.kind === 'public') {
      const token = isInternal(request) ? sessionToken(request) : undefined;
      if (token) {
        const result = await auth.authenticate(token);
        if (result.ok) request.auth = result.context;
      }
      return;
    }

    let context: AuthContext;
    if (isInternal(request)) {
      const token = sessionToken(request);
      if (!token) throw new AppError('UNAUTHORIZED', 'Invalid or Missing token');
      const result = await auth.authenticate(token);
      if (!result.ok) {
        throw result.reason === 'expired'
          ? new AppError('UNAUTHORIZED', 'Token Expired', { extra: { retry: true } })
          : new AppError('UNAUTHORIZED', 'Invalid or Missing token');
      }
      context = result.context;
    } else {
      if (access.kind === 'user') throw UNAUTHORIZED_ACCESS; // account routes never accept API keys
      const key = bearer(request);
      const verified = key ? await apiKeys.verify(key) : undefined;
      if (!verified) throw UNAUTHORIZED_ACCESS;
      context = verified;
    }
    request.auth = context;

    if (access.kind === 'permission' && !context.isOrganizationAdmin) {
      if (!access.anyOf.some((permission) => context.permissions.has(permission))) {
        throw new AppError('FORBIDDEN', 'Forbidden');
      }
    }
  });
}

/** The caller of a non-public route (the auth hook guarantees it is set). */
export function caller(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('UNAUTHORIZED', 'Invalid or Missing token');
  return request.auth;
}
