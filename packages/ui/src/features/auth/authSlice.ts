import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CurrentUser, Features, LoginResponse } from '@flowloom/shared';
import { readStored } from '../../app/localStore';

/** localStorage key of the persisted auth state (everything except the token). */
export const AUTH_STORAGE_KEY = 'flowloom.auth';

export interface AuthState {
  user: CurrentUser | null;
  isAuthenticated: boolean;
  /** Organization admins pass every permission and workspace check. */
  isGlobal: boolean;
  /** Kept in memory only (the session itself lives in an httpOnly cookie). */
  token: string | null;
  permissions: string[];
  features: Features;
  isSSO: boolean;
}

export type PersistedAuth = Omit<AuthState, 'token'>;

export const signedOut: AuthState = {
  user: null,
  isAuthenticated: false,
  isGlobal: false,
  token: null,
  permissions: [],
  features: {},
  isSSO: false,
};

/** The part of the state that survives a reload. */
export function persistedAuth(state: AuthState): PersistedAuth {
  const { token: _token, ...rest } = state;
  return rest;
}

export function initialAuth(): AuthState {
  const stored = readStored<Partial<PersistedAuth>>(AUTH_STORAGE_KEY);
  if (!stored || typeof stored !== 'object' || !stored.user) return signedOut;
  return {
    user: stored.user,
    isAuthenticated: stored.isAuthenticated === true,
    isGlobal: stored.isGlobal === true,
    token: null,
    permissions: Array.isArray(stored.permissions) ? stored.permissions : [],
    features: stored.features && typeof stored.features === 'object' ? stored.features : {},
    isSSO: stored.isSSO === true,
  };
}

function fromLogin(data: LoginResponse): AuthState {
  const { token, features, ...user } = data;
  return {
    user,
    isAuthenticated: true,
    isGlobal: user.isOrganizationAdmin === true,
    token: token ?? null,
    permissions: [...(user.permissions ?? [])],
    features: features ?? {},
    isSSO: user.isSSO === true,
  };
}

const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuth,
  reducers: {
    /** Stores user, token, permissions and features; global when the user is an organization admin. */
    loginSuccess(_state, action: PayloadAction<LoginResponse>) {
      return fromLogin(action.payload);
    },
    /** Clears local auth (after the server confirmed logout, or when the session is gone). */
    logoutSuccess() {
      return signedOut;
    },
    /** A token refresh: same session, newer token and user. */
    tokenRefreshed(state, action: PayloadAction<LoginResponse>) {
      const next = fromLogin(action.payload);
      return { ...next, features: action.payload.features ?? state.features };
    },
    /** Workspace switch: the server's new auth data replaces the state. */
    workspaceSwitchSuccess(_state, action: PayloadAction<LoginResponse>) {
      return fromLogin(action.payload);
    },
    /** Plan upgrade: the returned user replaces the stored one. */
    upgradePlanSuccess(state, action: PayloadAction<CurrentUser>) {
      state.user = action.payload;
      state.permissions = [...(action.payload.permissions ?? state.permissions)];
      state.isGlobal = action.payload.isOrganizationAdmin === true;
    },
    /** Profile update: name and e-mail. */
    userProfileUpdated(state, action: PayloadAction<{ name?: string; email?: string }>) {
      if (!state.user) return;
      if (action.payload.name !== undefined) state.user.name = action.payload.name;
      if (action.payload.email !== undefined) state.user.email = action.payload.email;
    },
    /** Workspace rename: the name in assignedWorkspaces (and the active name). */
    workspaceNameUpdated(state, action: PayloadAction<{ id: string; name: string }>) {
      if (!state.user) return;
      const { id, name } = action.payload;
      state.user.assignedWorkspaces = state.user.assignedWorkspaces.map((w) =>
        w.id === id ? { ...w, name } : w,
      );
      if (state.user.activeWorkspaceId === id) state.user.activeWorkspace = name;
    },
  },
});

export const {
  loginSuccess,
  logoutSuccess,
  tokenRefreshed,
  workspaceSwitchSuccess,
  upgradePlanSuccess,
  userProfileUpdated,
  workspaceNameUpdated,
} = authSlice.actions;
export const authReducer = authSlice.reducer;
