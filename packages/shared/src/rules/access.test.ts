import { describe, expect, it } from 'vitest';
import type { PlatformType } from '../platform.js';
import { checkFeature, checkPermission, checkWorkspace, guardRoute, type AccessSubject } from './access.js';

const member: AccessSubject = {
  isGlobal: false,
  permissions: ['chatflows:view', 'datasets:view', 'templates:custom'],
  activeWorkspaceId: 'ws-1',
};
const admin: AccessSubject = { isGlobal: true, permissions: ['chatflows:view'], activeWorkspaceId: 'ws-1' };

describe('checkPermission', () => {
  it('passes for everyone on open source, even without a user or an id', () => {
    expect(checkPermission('open-source', null, 'users:manage')).toBe(true);
    expect(checkPermission('open-source', undefined, '')).toBe(true);
    expect(checkPermission('open-source', { isGlobal: false, permissions: [] }, 'users:manage')).toBe(true);
  });

  it.each<PlatformType>(['enterprise', 'cloud'])(
    'passes for global users on %s whatever the id',
    (platform) => {
      expect(checkPermission(platform, admin, 'users:manage')).toBe(true);
      expect(checkPermission(platform, admin, '')).toBe(true);
      expect(checkPermission(platform, { ...admin, permissions: [] }, null)).toBe(true);
    },
  );

  it.each<PlatformType>(['enterprise', 'cloud'])(
    'requires the permission of a non-global user on %s',
    (platform) => {
      expect(checkPermission(platform, member, 'chatflows:view')).toBe(true);
      expect(checkPermission(platform, member, 'users:manage')).toBe(false);
    },
  );

  it('passes a comma-separated list when the user has at least one item, trimming items', () => {
    expect(checkPermission('enterprise', member, 'templates:marketplace,templates:custom')).toBe(true);
    expect(checkPermission('enterprise', member, ' templates:marketplace ,  templates:custom ')).toBe(true);
    expect(checkPermission('enterprise', member, 'templates:marketplace,users:manage')).toBe(false);
  });

  it('fails an empty, blank or comma-only id for non-global users', () => {
    for (const id of ['', '   ', ',', ' , ', null, undefined]) {
      expect(checkPermission('cloud', member, id)).toBe(false);
    }
  });

  it('fails without a user outside open source', () => {
    expect(checkPermission('enterprise', null, 'chatflows:view')).toBe(false);
    expect(checkPermission('cloud', undefined, 'chatflows:view')).toBe(false);
  });

  it('matches permission names exactly, not by prefix', () => {
    expect(checkPermission('enterprise', member, 'chatflows:vie')).toBe(false);
    expect(checkPermission('enterprise', member, 'chatflows')).toBe(false);
  });
});

describe('checkWorkspace', () => {
  it('passes on open source for anyone', () => {
    expect(checkWorkspace('open-source', null, 'ws-2')).toBe(true);
    expect(checkWorkspace('open-source', member, undefined)).toBe(true);
  });

  it.each<PlatformType>(['enterprise', 'cloud'])(
    'passes for global users on %s in any workspace',
    (platform) => {
      expect(checkWorkspace(platform, admin, 'ws-2')).toBe(true);
    },
  );

  it.each<PlatformType>(['enterprise', 'cloud'])(
    'passes a non-global user on %s only for the active workspace',
    (platform) => {
      expect(checkWorkspace(platform, member, 'ws-1')).toBe(true);
      expect(checkWorkspace(platform, member, 'ws-2')).toBe(false);
    },
  );

  it('does not treat a missing workspace as matching a missing active workspace', () => {
    const noWorkspace: AccessSubject = { isGlobal: false, permissions: [], activeWorkspaceId: null };
    expect(checkWorkspace('enterprise', noWorkspace, null)).toBe(false);
    expect(checkWorkspace('enterprise', { isGlobal: false, permissions: [] }, undefined)).toBe(false);
    expect(checkWorkspace('enterprise', member, '')).toBe(false);
  });

  it('fails without a user outside open source', () => {
    expect(checkWorkspace('cloud', null, 'ws-1')).toBe(false);
  });
});

describe('checkFeature', () => {
  it('allows an empty id whatever the map', () => {
    expect(checkFeature(null, '')).toBe(true);
    expect(checkFeature(undefined, undefined)).toBe(true);
    expect(checkFeature({}, null)).toBe(true);
  });

  it('passes when the flag is true or the string "true"', () => {
    expect(checkFeature({ 'feat:logs': true }, 'feat:logs')).toBe(true);
    expect(checkFeature({ 'feat:logs': 'true' }, 'feat:logs')).toBe(true);
  });

  it('hides the feature when the flag is false, "false", another truthy value or missing', () => {
    expect(checkFeature({ 'feat:logs': false }, 'feat:logs')).toBe(false);
    expect(checkFeature({ 'feat:logs': 'false' }, 'feat:logs')).toBe(false);
    expect(checkFeature({ 'feat:logs': 1 }, 'feat:logs')).toBe(false);
    expect(checkFeature({ 'feat:logs': 'yes' }, 'feat:logs')).toBe(false);
    expect(checkFeature({ 'feat:users': true }, 'feat:logs')).toBe(false);
  });

  it('hides the feature when the map is missing, empty or not a map', () => {
    expect(checkFeature(null, 'feat:logs')).toBe(false);
    expect(checkFeature(undefined, 'feat:logs')).toBe(false);
    expect(checkFeature({}, 'feat:logs')).toBe(false);
    expect(checkFeature(['feat:logs'] as unknown as Record<string, unknown>, 'feat:logs')).toBe(false);
  });

  it('ignores inherited properties of the map', () => {
    const inherited = Object.create({ 'feat:logs': true }) as Record<string, unknown>;
    inherited['feat:users'] = true;
    expect(checkFeature(inherited, 'feat:logs')).toBe(false);
  });
});

describe('guardRoute', () => {
  // Users of the matrix. `stranger` holds a permission, just not the routes' ones.
  const users: Record<string, AccessSubject> = {
    global: { isGlobal: true, permissions: ['chatflows:view'] },
    globalEmpty: { isGlobal: true, permissions: [] },
    member: { isGlobal: false, permissions: ['chatflows:view', 'datasets:view'] },
    stranger: { isGlobal: false, permissions: ['tools:view'] },
    empty: { isGlobal: false, permissions: [] },
  };
  // Feature maps, in the column order of the outcome strings below.
  const maps: [string, Record<string, unknown> | null | undefined][] = [
    ['flag true', { 'feat:datasets': true }],
    ["flag 'true'", { 'feat:datasets': 'true' }],
    ['flag false', { 'feat:datasets': false }],
    ["flag 'false'", { 'feat:datasets': 'false' }],
    ['flag missing from the map', { 'feat:logs': true }],
    ['no map', null],
    ['empty map', {}],
  ];
  const routes = {
    open: {},
    permissionOnly: { permission: 'chatflows:view' },
    flaggedWithPermission: { permission: 'datasets:view', feature: 'feat:datasets' },
    flaggedWithoutPermission: { feature: 'feat:datasets' },
  };
  // A = allow, U = /unauthorized, one letter per feature map above.
  const cloudAndEnterprise: Record<keyof typeof routes, Record<keyof typeof users, string>> = {
    open: {
      global: 'AAAAAAA',
      globalEmpty: 'AAAAAAA',
      member: 'AAAAAAA',
      stranger: 'AAAAAAA',
      empty: 'AAAAAAA',
    },
    permissionOnly: {
      global: 'AAAAAAA',
      globalEmpty: 'AAAAAAA',
      member: 'AAAAAAA',
      stranger: 'UUUUUUU',
      empty: 'UUUUUUU',
    },
    flaggedWithPermission: {
      global: 'AAUUUUU',
      globalEmpty: 'UUUUUUU',
      member: 'AAUUUUU',
      stranger: 'UUUUUUU',
      empty: 'UUUUUUU',
    },
    flaggedWithoutPermission: {
      global: 'AAUUUUU',
      globalEmpty: 'UUUUUUU',
      member: 'AAUUUUU',
      stranger: 'AAUUUUU',
      empty: 'UUUUUUU',
    },
  };

  const cases = (['enterprise', 'cloud'] as const).flatMap((platform) =>
    Object.entries(cloudAndEnterprise).flatMap(([routeName, byUser]) =>
      Object.entries(byUser).flatMap(([userName, outcomes]) =>
        maps.map(([mapName, features], column) => ({
          platform,
          routeName,
          userName,
          mapName,
          features,
          expected: outcomes[column] === 'A' ? 'allow' : '/unauthorized',
        })),
      ),
    ),
  );

  it.each(cases)(
    'on $platform, the $routeName route gives $userName with $mapName: $expected',
    ({ platform, routeName, userName, features, expected }) => {
      const decision = guardRoute({
        platform,
        user: users[userName],
        features,
        ...routes[routeName as keyof typeof routes],
      });
      expect(decision.kind === 'allow' ? 'allow' : decision.to).toBe(expected);
    },
  );

  it.each<PlatformType>(['open-source', 'enterprise', 'cloud'])(
    'sends a visitor without a user to /login on %s',
    (platform) => {
      for (const route of Object.values(routes)) {
        expect(guardRoute({ platform, user: null, features: { 'feat:datasets': true }, ...route })).toEqual({
          kind: 'redirect',
          to: '/login',
        });
        expect(guardRoute({ platform, user: undefined, features: null, ...route })).toEqual({
          kind: 'redirect',
          to: '/login',
        });
      }
    },
  );

  it('on open source, refuses every flagged route, even with the flag on and for global users', () => {
    for (const user of Object.values(users)) {
      for (const [, features] of maps) {
        expect(guardRoute({ platform: 'open-source', user, features, feature: 'feat:datasets' })).toEqual({
          kind: 'redirect',
          to: '/unauthorized',
        });
        expect(
          guardRoute({
            platform: 'open-source',
            user,
            features,
            permission: 'datasets:view',
            feature: 'feat:datasets',
          }),
        ).toEqual({ kind: 'redirect', to: '/unauthorized' });
      }
    }
  });

  it('on open source, allows every unflagged route without looking at permissions', () => {
    for (const user of Object.values(users)) {
      expect(guardRoute({ platform: 'open-source', user, features: null })).toEqual({ kind: 'allow' });
      expect(
        guardRoute({ platform: 'open-source', user, features: null, permission: 'users:manage' }),
      ).toEqual({
        kind: 'allow',
      });
    }
  });

  it('accepts any permission of a comma-separated route permission', () => {
    const user: AccessSubject = { isGlobal: false, permissions: ['templates:custom'] };
    const decision = guardRoute({
      platform: 'enterprise',
      user,
      features: null,
      permission: 'templates:marketplace,templates:custom',
    });
    expect(decision).toEqual({ kind: 'allow' });
    expect(
      guardRoute({
        platform: 'cloud',
        user,
        features: null,
        permission: 'templates:marketplace, users:manage',
      }),
    ).toEqual({ kind: 'redirect', to: '/unauthorized' });
  });

  it('treats an empty or blank feature and permission as absent', () => {
    expect(guardRoute({ platform: 'open-source', user: users.member, features: null, feature: '' })).toEqual({
      kind: 'allow',
    });
    expect(
      guardRoute({
        platform: 'enterprise',
        user: users.empty,
        features: null,
        feature: '  ',
        permission: ' , ',
      }),
    ).toEqual({ kind: 'allow' });
    expect(
      guardRoute({
        platform: 'cloud',
        user: users.stranger,
        features: { 'feat:datasets': true },
        feature: 'feat:datasets',
        permission: '',
      }),
    ).toEqual({ kind: 'allow' });
  });
});
