import type { LoginResponse } from '@flowloom/shared';
import { api } from '../../api/api';

export const workspaceApi = {
  /** POST /workspace/switch?id — answers the new auth data. */
  switchWorkspace: (id: string) =>
    api.post<LoginResponse>('/workspace/switch', {}, { query: { id }, noAuthRedirect: true }),
};
