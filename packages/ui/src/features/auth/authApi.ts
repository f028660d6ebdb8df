import type { CurrentUser, LoginResponse } from '@flowloom/shared';
import { api } from '../../api/api';

/** Account and session calls (SPEC §7). Form calls leave 401/403 answers to the form. */
export const authApi = {
  resolve: () => api.post<{ redirectUrl: string }>('/auth/resolve', {}, { noAuthRedirect: true }),
  login: (body: { email: string; password: string }) =>
    api.post<LoginResponse>('/auth/login', body, { noAuthRedirect: true }),
  register: (user: { name: string; email: string; credential: string }) =>
    api.post<Omit<CurrentUser, 'permissions'>>('/account/register', { user }, { noAuthRedirect: true }),
  forgotPassword: (email: string) =>
    api.post<{ message: string }>('/account/forgot-password', { user: { email } }, { noAuthRedirect: true }),
  resetPassword: (user: { email: string; tempToken: string; password: string }) =>
    api.post<{ message: string }>('/account/reset-password', { user }, { noAuthRedirect: true }),
  verify: (tempToken: string) =>
    api.post<{ message?: string }>('/account/verify', { user: { tempToken } }, { noAuthRedirect: true }),
  resendVerification: (email: string) =>
    api.post<{ message?: string }>(
      '/account/resend-verification',
      { user: { email } },
      { noAuthRedirect: true },
    ),
  logout: () =>
    api.post<{ message: string; redirectTo?: string }>('/account/logout', {}, { noAuthRedirect: true }),
  refresh: () => api.post<LoginResponse>('/auth/refreshToken', {}, { noAuthRedirect: true }),
  updateUser: (body: {
    id?: string;
    name?: string;
    email?: string;
    oldPassword?: string;
    newPassword?: string;
    confirmPassword?: string;
  }) => api.put<{ id: string; name: string; email: string }>('/user', body, { noAuthRedirect: true }),
};
