import { afterEach, describe, expect, it } from 'vitest';
import { setupStore } from '../../app/store';
import { loginResponse, user } from '../../test/fixtures';
import {
  AUTH_STORAGE_KEY,
  authReducer,
  initialAuth,
  loginSuccess,
  logoutSuccess,
  signedOut,
  tokenRefreshed,
  upgradePlanSuccess,
  userProfileUpdated,
  workspaceNameUpdated,
  workspaceSwitchSuccess,
} from './authSlice';

afterEach(() => localStorage.clear());

describe('auth slice', () => {
  it('starts signed out', () => {
    expect(initialAuth()).toEqual(signedOut);
  });

  it('stores user, token, permissions and features on login', () => {
    const state = authReducer(
      signedOut,
      loginSuccess(loginResponse({ permissions: ['tools:view'], features: { 'feat:logs': 'true' } })),
    );
    expect(state.isAuthenticated).toBe(true);
    expect(state.token).toBe('jwt-token');
    expect(state.permissions).toEqual(['tools:view']);
    expect(state.features).toEqual({ 'feat:logs': 'true' });
    expect(state.user?.email).toBe(user.email);
    expect(state.user).not.toHaveProperty('token');
    expect(state.isGlobal).toBe(false);
    expect(state.isSSO).toBe(false);
  });

  it('is global when the user is an organization admin', () => {
    const state = authReducer(signedOut, loginSuccess(loginResponse({ isOrganizationAdmin: true })));
    expect(state.isGlobal).toBe(true);
  });

  it('clears everything on logout', () => {
    const state = authReducer(authReducer(signedOut, loginSuccess(loginResponse())), logoutSuccess());
    expect(state).toEqual(signedOut);
  });

  it('replaces the state on workspace switch and token refresh', () => {
    const first = authReducer(signedOut, loginSuccess(loginResponse()));
    const switched = authReducer(
      first,
      workspaceSwitchSuccess(
        loginResponse({ activeWorkspaceId: 'ws-2', activeWorkspace: 'Team', token: 't2' }),
      ),
    );
    expect(switched.user?.activeWorkspaceId).toBe('ws-2');
    expect(switched.token).toBe('t2');
    const refreshed = authReducer(switched, tokenRefreshed(loginResponse({ token: 't3' })));
    expect(refreshed.token).toBe('t3');
  });

  it('updates the profile, the plan user and workspace names', () => {
    let state = authReducer(signedOut, loginSuccess(loginResponse()));
    state = authReducer(state, userProfileUpdated({ name: 'Ada L.', email: 'ada@new.example' }));
    expect(state.user).toMatchObject({ name: 'Ada L.', email: 'ada@new.example' });
    state = authReducer(state, workspaceNameUpdated({ id: 'ws-1', name: 'Research' }));
    expect(state.user?.assignedWorkspaces).toEqual([{ id: 'ws-1', name: 'Research' }]);
    expect(state.user?.activeWorkspace).toBe('Research');
    state = authReducer(state, upgradePlanSuccess({ ...user, activeOrganizationProductId: 'prod_pro' }));
    expect(state.user?.activeOrganizationProductId).toBe('prod_pro');
  });

  it('persists everything but the token and restores it on reload', () => {
    const store = setupStore();
    store.dispatch(loginSuccess(loginResponse({ features: { 'feat:users': true } })));
    const stored = JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY) ?? '{}') as Record<string, unknown>;
    expect(stored).not.toHaveProperty('token');
    expect(JSON.stringify(stored)).not.toContain('jwt-token');
    expect(stored).toMatchObject({
      isAuthenticated: true,
      permissions: ['chatflows:view'],
      features: { 'feat:users': true },
    });
    const restored = initialAuth();
    expect(restored.isAuthenticated).toBe(true);
    expect(restored.token).toBeNull();
    expect(restored.user?.id).toBe(user.id);
    store.dispatch(logoutSuccess());
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
  });
});
