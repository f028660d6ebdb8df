import type { Permission } from '@flowloom/shared';

/**
 * Every `/api/v1` route declares who may call it. The auth hook enforces it, and start-up fails
 * for a route that declares nothing (see `assertRouteAccess`).
 *
 * - `public`: anyone (the caller is still identified when a session cookie is present).
 * - `user`: a signed-in person (UI session); API keys are refused. For identity/account routes.
 * - `permission`: a signed-in person or an API key holding at least one of the permissions.
 */
export type Access =
  { kind: 'public' } | { kind: 'user' } | { kind: 'permission'; anyOf: readonly Permission[] };

export const PUBLIC: Access = { kind: 'public' };
export const USER: Access = { kind: 'user' };
export const can = (...anyOf: Permission[]): Access => ({ kind: 'permission', anyOf });

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
}
