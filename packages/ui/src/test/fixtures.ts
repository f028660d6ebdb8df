import type { CurrentUser, LoginResponse } from '@flowloom/shared';
import { signedOut, type AuthState } from '../features/auth/authSlice';

export const user: CurrentUser = {
  id: 'u-1',
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  status: 'active',
  role: 'member',
  isSSO: false,
  activeOrganizationId: 'org-1',
  activeOrganizationSubscriptionId: null,
  activeOrganizationCustomerId: null,
  activeOrganizationProductId: null,
  activeWorkspaceId: 'ws-1',
  activeWorkspace: 'Default Workspace',
  lastLogin: null,
  isOrganizationAdmin: false,
  assignedWorkspaces: [{ id: 'ws-1', name: 'Default Workspace' }],
  permissions: ['chatflows:view'],
};

export function loginResponse(overrides: Partial<LoginResponse> = {}): LoginResponse {
  return { ...user, token: 'jwt-token', features: {}, ...overrides };
}

/** A signed-in auth state with the given permissions and features. */
export function signedIn(
  overrides: Partial<AuthState> & { userOverrides?: Partial<CurrentUser> } = {},
): AuthState {
  const { userOverrides, ...rest } = overrides;
  return {
    ...signedOut,
    user: { ...user, ...userOverrides },
    isAuthenticated: true,
    permissions: ['chatflows:view'],
    ...rest,
  };
}
