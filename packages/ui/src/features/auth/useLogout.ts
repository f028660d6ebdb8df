import { useCallback } from 'react';
import { useAppDispatch } from '../../app/useAppDispatch';
import { useNotify } from '../notifications/useNotify';
import { authApi } from './authApi';
import { logoutSuccess } from './authSlice';
import { clearCookies } from './clearCookies';

/**
 * SPEC §4 logout: call the endpoint; when it answers `logged_out`, clear local auth and cookies and
 * go to the returned address.
 */
export function useLogout(): () => Promise<void> {
  const dispatch = useAppDispatch();
  const notify = useNotify();
  return useCallback(async () => {
    try {
      const result = await authApi.logout();
      if (result?.message === 'logged_out') {
        dispatch(logoutSuccess());
        clearCookies();
        window.location.assign(result.redirectTo || '/login');
      }
    } catch (error) {
      notify.error(error, { prefix: 'Failed to log out: ' });
    }
  }, [dispatch, notify]);
}
