import { PERMISSIONS, type Feature } from '@flowloom/shared';

export interface PermissionArea {
  resource: string;
  /** `resource:action` strings of the area. */
  ids: string[];
}

/** Areas that exist only where a feature flag turns their screens on. */
const AREA_FEATURE: Partial<Record<string, Feature>> = {
  datasets: 'feat:datasets',
  evaluations: 'feat:evaluations',
  evaluators: 'feat:evaluators',
  users: 'feat:users',
  roles: 'feat:roles',
  sso: 'feat:sso-config',
  logs: 'feat:logs',
  auditLogs: 'feat:logs',
  loginActivity: 'feat:login-activity',
};

/** Workspace actions every edition has (moving a workspace's data); the rest need workspaces. */
const OPEN_WORKSPACE_ACTIONS = new Set(['export', 'import']);

/**
 * The permission areas a key can use in this edition: areas behind a feature flag only when it is on,
 * workspace management only with workspaces (export and import always), and only permissions the
 * key's creator holds (a key cannot grant more).
 */
export function permissionAreas(
  hasFeature: (feature: Feature) => boolean,
  holds: (permission: string) => boolean = () => true,
): PermissionArea[] {
  return Object.entries(PERMISSIONS).flatMap(([resource, actions]) => {
    const feature = AREA_FEATURE[resource];
    if (feature && !hasFeature(feature)) return [];
    const kept = (actions as readonly string[]).filter(
      (action) =>
        (resource !== 'workspace' || hasFeature('feat:workspaces') || OPEN_WORKSPACE_ACTIONS.has(action)) &&
        holds(`${resource}:${action}`),
    );
    return kept.length > 0 ? [{ resource, ids: kept.map((action) => `${resource}:${action}`) }] : [];
  });
}
