import { platformFromSettings } from '@flowloom/shared';
import { useEffect, useState } from 'react';
import { api } from '../api/api';
import { authApi } from '../features/auth/authApi';
import { isVisitorPage, preloadPage } from './routes';
import { redirectResolved, settingsFailed, settingsLoaded } from './settingsSlice';
import { useAppDispatch } from './useAppDispatch';
import { useAppSelector } from './useAppSelector';

/** Waits for page chunks to load; a failed load is retried (and reported) when the page renders. */
const settle = (loads: Promise<unknown>[]) => Promise.allSettled(loads).then(() => undefined);

/**
 * App start (SPEC §8): read `/settings` for the platform and, for a visitor who is not signed in,
 * ask the server where to go (first-run setup or sign-in). Meanwhile the first page's chunk loads, so
 * it appears without a loading bar. True once all of that is known.
 */
export function useBootstrap(): boolean {
  const dispatch = useAppDispatch();
  const isAuthenticated = useAppSelector((s) => s.auth.isAuthenticated);
  const loaded = useAppSelector((s) => s.settings.loaded);
  const [resolved, setResolved] = useState(false);

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
    const path = window.location.pathname;
    if (isAuthenticated) {
      void settle([preloadPage(path)]).then(() => setResolved(true));
      return;
    }
    // A visitor sees the page asked for if it is public, else sign-in (or the first-run page).
    const pages = [preloadPage(isVisitorPage(path) ? path : '/login')];
    authApi
      .resolve()
      .then(
        (data) => {
          if (data?.redirectUrl) dispatch(redirectResolved(data.redirectUrl));
          if (data?.redirectUrl === '/organization-setup') pages.push(preloadPage('/organization-setup'));
        },
        () => undefined,
      )
      .then(() => settle(pages))
      .then(
        () => setResolved(true),
        () => setResolved(true),
      );
  }, [isAuthenticated, dispatch]);

  return loaded && resolved;
}
