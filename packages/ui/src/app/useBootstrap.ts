import { platformFromSettings } from '@flowloom/shared';
import { useEffect, useState } from 'react';
import { api } from '../api/api';
import { authApi } from '../features/auth/authApi';
import { redirectResolved, settingsFailed, settingsLoaded } from './settingsSlice';
import { useAppDispatch } from './useAppDispatch';
import { useAppSelector } from './useAppSelector';

/**
 * App start (SPEC §8): read `/settings` for the platform and, for a visitor who is not signed in,
 * ask the server where to go (first-run setup or sign-in). True once both are known.
 */
export function useBootstrap(): boolean {
  const dispatch = useAppDispatch();
  const isAuthenticated = useAppSelector((s) => s.auth.isAuthenticated);
  const loaded = useAppSelector((s) => s.settings.loaded);
  const [resolved, setResolved] = useState(isAuthenticated);

  useEffect(() => {
    api.get<{ PLATFORM_TYPE?: unknown }>('/settings', { noAuthRedirect: true }).then(
      (data) => dispatch(settingsLoaded(platformFromSettings(data?.PLATFORM_TYPE))),
      (error: unknown) => {
        console.error('Settings fetch failed', error);
        dispatch(settingsFailed());
      },
    );
  }, [dispatch]);

  useEffect(() => {
    if (isAuthenticated) {
      setResolved(true);
      return;
    }
    authApi.resolve().then(
      (data) => {
        if (data?.redirectUrl) dispatch(redirectResolved(data.redirectUrl));
        setResolved(true);
      },
      () => setResolved(true),
    );
  }, [isAuthenticated, dispatch]);

  return loaded && resolved;
}
