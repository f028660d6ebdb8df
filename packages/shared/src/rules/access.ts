import type { PlatformType } from '../platform.js';

/** The part of the signed-in user that access checks look at (SPEC §3 auth state). */
export interface AccessSubject {
  /** Organization admins are global: they pass every permission and workspace check. */
  isGlobal: boolean;
  permissions: readonly string[];
  activeWorkspaceId?: string | null;
}

/**
 * Permission check of SPEC §6. Passes for everyone on open source and for global users.
 * Otherwise `permissionId` may be a comma-separated list (`'templates:marketplace,templates:custom'`)
 * and passes if the user holds at least one item; items are trimmed and blank items ignored.
 * An empty id, or a missing user, fails.
 */
export function checkPermission(
  platform: PlatformType,
  subject: AccessSubject | null | undefined,
  permissionId: string | null | undefined,
): boolean {
  if (platform === 'open-source') return true;
  if (!subject) return false;
  if (subject.isGlobal) return true;
  const wanted = splitPermissionList(permissionId);
  if (wanted.length === 0) return false;
  return wanted.some((id) => subject.permissions.includes(id));
}

/**
 * Workspace check of SPEC §6: passes on open source or for global users; otherwise only when
 * `workspaceId` is non-empty and equals the user's active workspace.
 */
export function checkWorkspace(
  platform: PlatformType,
  subject: AccessSubject | null | undefined,
  workspaceId: string | null | undefined,
): boolean {
  if (platform === 'open-source') return true;
  if (!subject) return false;
  if (subject.isGlobal) return true;
  // Two missing ids must not count as "the same workspace".
  if (!workspaceId) return false;
  return workspaceId === subject.activeWorkspaceId;
}

/**
 * Feature check of SPEC §6: an empty id is allowed; otherwise the features map must hold the key
 * with `true` or `'true'`. A missing or empty map (or an array, which is not a map) hides it.
 */
export function checkFeature(
  features: Record<string, unknown> | null | undefined,
  featureId: string | null | undefined,
): boolean {
  if (!featureId) return true;
  if (!features || Array.isArray(features) || Object.keys(features).length === 0) return false;
  if (!Object.hasOwn(features, featureId)) return false;
  const value = features[featureId];
  return value === true || value === 'true';
}

/** Outcome of {@link guardRoute}. */
export type GuardDecision = { kind: 'allow' } | { kind: 'redirect'; to: '/login' | '/unauthorized' };

const ALLOW: GuardDecision = { kind: 'allow' };
const TO_LOGIN: GuardDecision = { kind: 'redirect', to: '/login' };
const TO_UNAUTHORIZED: GuardDecision = { kind: 'redirect', to: '/unauthorized' };

/**
 * Route guard of SPEC §6. `permission` is the route's permission (comma list = any of them) and
 * `feature` its feature flag (SPEC §2 table).
 *
 * 1. No user → `/login`, on every platform.
 * 2. Open source: a route with a feature flag → `/unauthorized`; every other route is allowed
 *    (open source has no permission checks).
 * 3. Cloud or enterprise, flagged route:
 *    - a user whose own permission list is empty → `/unauthorized`. "Empty permission list" is read
 *      as the *user's* list: reading it as the route's would make `/account` and `/files` (flagged,
 *      no permission) unreachable for everyone. The check comes first, so it applies to global users too.
 *    - global users skip the permission check; the flag must still be true.
 *    - other users need the route permission when the route has one; the flag must be true.
 * 4. Cloud or enterprise, unflagged route: "a route with no flag is allowed" is read as "no flag
 *    check applies". SPEC §2 still guards every main-layout route by a permission, so a non-global
 *    user lacking the route's permission goes to `/unauthorized`; a route without a permission
 *    (e.g. `/user-profile`) is allowed.
 */
export function guardRoute(input: {
  platform: PlatformType;
  user: AccessSubject | null | undefined;
  features: Record<string, unknown> | null | undefined;
  permission?: string;
  feature?: string;
}): GuardDecision {
  const { platform, user, features } = input;
  if (!user) return TO_LOGIN;
  const feature = input.feature?.trim() ?? '';
  const hasRoutePermission = splitPermissionList(input.permission).length > 0;

  if (platform === 'open-source') return feature ? TO_UNAUTHORIZED : ALLOW;

  if (!feature) {
    if (!hasRoutePermission) return ALLOW;
    return checkPermission(platform, user, input.permission) ? ALLOW : TO_UNAUTHORIZED;
  }

  if (user.permissions.length === 0) return TO_UNAUTHORIZED;
  const permitted = user.isGlobal || !hasRoutePermission || checkPermission(platform, user, input.permission);
  return permitted && checkFeature(features, feature) ? ALLOW : TO_UNAUTHORIZED;
}

function splitPermissionList(permissionId: string | null | undefined): string[] {
  if (!permissionId) return [];
  return permissionId
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0);
}
