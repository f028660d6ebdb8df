import { describe, expect, it } from 'vitest';
import { signedIn } from '../../../test/fixtures';
import { MENU } from './menuItems';
import { visibleMenu } from './visibleMenu';

const titles = (groups: ReturnType<typeof visibleMenu>) =>
  Object.fromEntries(groups.map((g) => [g.title ?? 'primary', g.items.map((i) => i.title)]));

const PRIMARY = [
  'Chatflows',
  'Agentflows',
  'Executions',
  'Assistants',
  'Marketplaces',
  'Tools',
  'Credentials',
  'Variables',
  'API Keys',
  'Document Stores',
];

describe('side menu visibility', () => {
  it('lists the SPEC groups and items in order', () => {
    expect(MENU.map((g) => g.title ?? 'primary')).toEqual([
      'primary',
      'Evaluations',
      'User & Workspace Management',
      'Others',
    ]);
    expect(MENU[0]?.items.map((i) => i.title)).toEqual(PRIMARY);
    expect(MENU[1]?.items.map((i) => i.title)).toEqual(['Datasets', 'Evaluators', 'Evaluations']);
    expect(MENU[2]?.items.map((i) => i.title)).toEqual([
      'SSO Config',
      'Roles',
      'Users',
      'Workspaces',
      'Login Activity',
    ]);
    expect(MENU[3]?.items.map((i) => i.title)).toEqual(['Logs', 'Account Settings']);
  });

  it('open source: every primary item, and flagged groups are hidden (no features)', () => {
    const groups = visibleMenu(MENU, 'open-source', signedIn({ permissions: [] }));
    expect(titles(groups)).toEqual({ primary: PRIMARY });
  });

  it('enterprise: items need the permission and the flag; empty groups disappear', () => {
    const auth = signedIn({
      permissions: ['chatflows:view', 'tools:view', 'datasets:view', 'evaluators:view', 'logs:view'],
      features: { 'feat:datasets': 'true', 'feat:evaluators': false, 'feat:logs': true },
    });
    expect(titles(visibleMenu(MENU, 'enterprise', auth))).toEqual({
      primary: ['Chatflows', 'Tools'],
      Evaluations: ['Datasets'],
      Others: ['Logs'],
    });
  });

  it('marketplaces shows with either template permission', () => {
    const auth = signedIn({ permissions: ['templates:custom'] });
    expect(titles(visibleMenu(MENU, 'cloud', auth))).toEqual({ primary: ['Marketplaces'] });
  });

  it('global users see every item whose flag is on', () => {
    const auth = signedIn({
      isGlobal: true,
      permissions: [],
      features: { 'feat:users': 'true', 'feat:roles': 'true', 'feat:account': 'true' },
    });
    expect(titles(visibleMenu(MENU, 'cloud', auth))).toEqual({
      primary: PRIMARY,
      'User & Workspace Management': ['Roles', 'Users'],
      Others: ['Account Settings'],
    });
  });
});
