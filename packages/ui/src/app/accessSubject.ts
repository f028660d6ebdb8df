import type { AccessSubject } from '@flowloom/shared';
import type { AuthState } from '../features/auth/authSlice';

/** The signed-in user as the shared access rules see it; null when nobody is signed in. */
export function accessSubject(auth: AuthState): AccessSubject | null {
  if (!auth.isAuthenticated || !auth.user) return null;
  return {
    isGlobal: auth.isGlobal,
    permissions: auth.permissions,
    activeWorkspaceId: auth.user.activeWorkspaceId,
  };
}
