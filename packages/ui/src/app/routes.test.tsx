import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Outlet } from 'react-router';
import { renderRoutes } from '../test/renderWithProviders';
import { signedIn } from '../test/fixtures';
import { initialSettings } from './settingsSlice';
import { RouteGuard } from './RouteGuard';
import { authRoutes, canvasRoutes, mainRoutes, publicRoutes } from './routes';

const guardOf = (path: string) => {
  const route = [...mainRoutes, ...canvasRoutes].find((r) => r.path === path);
  return route && { permission: route.permission, feature: route.feature };
};

describe('route table', () => {
  it('guards main-layout routes with the SPEC §2 permission and flag', () => {
    expect(guardOf('/')).toEqual({ permission: 'chatflows:view', feature: undefined });
    expect(guardOf('/chatflows')).toEqual({ permission: 'chatflows:view', feature: undefined });
    expect(guardOf('/marketplaces')).toEqual({
      permission: 'templates:marketplace,templates:custom',
      feature: undefined,
    });
    expect(guardOf('/assistants/custom/:id')).toEqual({ permission: 'assistants:view', feature: undefined });
    expect(guardOf('/dataset_rows/:id')).toEqual({ permission: 'datasets:view', feature: 'feat:datasets' });
    expect(guardOf('/evaluation_results/:id')).toEqual({
      permission: 'evaluations:view',
      feature: 'feat:evaluations',
    });
    expect(guardOf('/login-activity')).toEqual({
      permission: 'loginActivity:view',
      feature: 'feat:login-activity',
    });
    expect(guardOf('/workspace-users/:id')).toEqual({
      permission: 'workspace:view',
      feature: 'feat:workspaces',
    });
    expect(guardOf('/sso-config')).toEqual({ permission: 'sso:manage', feature: 'feat:sso-config' });
    expect(guardOf('/files')).toEqual({ permission: undefined, feature: 'feat:files' });
    expect(guardOf('/account')).toEqual({ permission: undefined, feature: 'feat:account' });
    expect(guardOf('/user-profile')).toEqual({ permission: undefined, feature: undefined });
  });

  it('guards canvas routes', () => {
    expect(guardOf('/canvas/:id')?.permission).toBe('chatflows:view');
    expect(guardOf('/agentcanvas')?.permission).toBe('agentflows:view');
    expect(guardOf('/v2/agentcanvas/:id')?.permission).toBe('agentflows:view');
    expect(guardOf('/v2/marketplace/:id')?.permission).toBe('templates:marketplace,templates:custom');
  });

  it('has every SPEC route', () => {
    const paths = [...mainRoutes, ...canvasRoutes, ...publicRoutes, ...authRoutes].map((r) => r.path);
    for (const path of [
      '/agentflows',
      '/executions',
      '/apikey',
      '/tools',
      '/assistants',
      '/assistants/custom',
      '/assistants/openai',
      '/credentials',
      '/variables',
      '/document-stores',
      '/document-stores/:storeId',
      '/document-stores/chunks/:storeId/:fileId',
      '/document-stores/:storeId/:name',
      '/document-stores/vector/:storeId',
      '/document-stores/vector/:storeId/:docId',
      '/document-stores/query/:storeId',
      '/datasets',
      '/evaluations',
      '/evaluators',
      '/logs',
      '/users',
      '/roles',
      '/workspaces',
      '/canvas',
      '/agentcanvas/:id',
      '/v2/agentcanvas',
      '/marketplace/:id',
      '/chatbot/:id',
      '/execution/:id',
      '/login',
      '/signin',
      '/register',
      '/verify',
      '/forgot-password',
      '/reset-password',
      '/unauthorized',
      '/organization-setup',
      '/license-expired',
      '/sso-success',
    ]) {
      expect(paths).toContain(path);
    }
  });
});

describe('RouteGuard wiring', () => {
  const routes = (permission?: string, feature?: string) => [
    {
      path: '/area',
      element: (
        <RouteGuard permission={permission} feature={feature}>
          <p>area content</p>
        </RouteGuard>
      ),
    },
    { path: '/login', element: <p>login page</p> },
    { path: '/organization-setup', element: <p>setup page</p> },
    { path: '/unauthorized', element: <p>unauthorized page</p> },
    { element: <Outlet /> },
  ];

  it('sends visitors to /login', async () => {
    renderRoutes(routes('tools:view'), { path: '/area' });
    expect(await screen.findByText('login page')).toBeInTheDocument();
  });

  it('sends visitors to first-run setup when no account exists', async () => {
    renderRoutes(routes('tools:view'), {
      path: '/area',
      preloadedState: {
        settings: { ...initialSettings, loaded: true, resolvedRedirect: '/organization-setup' },
      },
    });
    expect(await screen.findByText('setup page')).toBeInTheDocument();
  });

  it('allows any signed-in user on open source, but not flagged routes', async () => {
    const settings = { ...initialSettings, loaded: true };
    renderRoutes(routes('tools:view'), {
      path: '/area',
      preloadedState: { auth: signedIn({ permissions: [] }), settings },
    });
    expect(await screen.findByText('area content')).toBeInTheDocument();
  });

  it('sends open-source users away from flagged routes', async () => {
    renderRoutes(routes('logs:view', 'feat:logs'), {
      path: '/area',
      preloadedState: {
        auth: signedIn({ features: { 'feat:logs': true } }),
        settings: { ...initialSettings, loaded: true },
      },
    });
    expect(await screen.findByText('unauthorized page')).toBeInTheDocument();
  });

  it('checks the permission on enterprise', async () => {
    const settings = { ...initialSettings, platform: 'enterprise' as const, loaded: true };
    renderRoutes(routes('tools:view'), {
      path: '/area',
      preloadedState: { auth: signedIn({ permissions: ['chatflows:view'] }), settings },
    });
    expect(await screen.findByText('unauthorized page')).toBeInTheDocument();
  });

  it('lets enterprise users with the permission and flag in', async () => {
    const settings = { ...initialSettings, platform: 'enterprise' as const, loaded: true };
    renderRoutes(routes('logs:view', 'feat:logs'), {
      path: '/area',
      preloadedState: {
        auth: signedIn({ permissions: ['logs:view'], features: { 'feat:logs': 'true' } }),
        settings,
      },
    });
    expect(await screen.findByText('area content')).toBeInTheDocument();
  });
});
