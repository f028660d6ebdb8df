/**
 * Permission strings (`resource:action`, SPEC §6). The server enforces them on every route;
 * the web app uses the same list to hide controls.
 */
export const PERMISSIONS = {
  chatflows: ['view', 'create', 'update', 'delete', 'config', 'domains', 'duplicate', 'export', 'import'],
  agentflows: ['view', 'create', 'update', 'delete', 'config', 'domains', 'duplicate', 'export', 'import'],
  tools: ['view', 'create', 'update', 'delete', 'export'],
  assistants: ['view', 'create', 'update', 'delete'],
  credentials: ['view', 'create', 'update', 'delete', 'share'],
  variables: ['view', 'create', 'update', 'delete'],
  apikeys: ['view', 'create', 'update', 'delete', 'import'],
  documentStores: [
    'view',
    'create',
    'update',
    'delete',
    'add-loader',
    'delete-loader',
    'preview-process',
    'upsert-config',
  ],
  executions: ['view', 'update', 'delete'],
  templates: ['marketplace', 'custom', 'custom-delete', 'custom-share', 'toolexport', 'flowexport'],
  datasets: ['view', 'create', 'update', 'delete'],
  evaluations: ['view', 'create', 'update', 'delete', 'run'],
  evaluators: ['view', 'create', 'update', 'delete'],
  workspace: ['view', 'create', 'update', 'delete', 'add-user', 'unlink-user', 'export', 'import'],
  users: ['manage'],
  roles: ['manage'],
  sso: ['manage'],
  logs: ['view'],
  auditLogs: ['view'],
  loginActivity: ['view'],
} as const;

type PermissionTable = typeof PERMISSIONS;
export type Permission = {
  [R in keyof PermissionTable]: `${R & string}:${PermissionTable[R][number]}`;
}[keyof PermissionTable];

/** Every permission, in table order. */
export const ALL_PERMISSIONS: readonly Permission[] = Object.entries(PERMISSIONS).flatMap(
  ([resource, actions]) =>
    (actions as readonly string[]).map((action) => `${resource}:${action}` as Permission),
);

const permissionSet = new Set<string>(ALL_PERMISSIONS);
export function isPermission(value: string): value is Permission {
  return permissionSet.has(value);
}

/** Feature flags of SPEC §2 (route and menu gates). */
export const FEATURES = [
  'feat:datasets',
  'feat:evaluations',
  'feat:evaluators',
  'feat:logs',
  'feat:files',
  'feat:account',
  'feat:users',
  'feat:roles',
  'feat:login-activity',
  'feat:workspaces',
  'feat:sso-config',
] as const;
export type Feature = (typeof FEATURES)[number];
