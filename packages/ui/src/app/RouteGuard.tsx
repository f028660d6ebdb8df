import { guardRoute } from '@flowloom/shared';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { accessSubject } from './accessSubject';
import { useAppSelector } from './useAppSelector';

export interface RouteGuardProps {
  permission?: string;
  feature?: string;
  children: ReactNode;
}

/** SPEC §6 route guard: sends visitors to sign-in (or first-run setup) and others to /unauthorized. */
export function RouteGuard({ permission, feature, children }: RouteGuardProps) {
  const platform = useAppSelector((s) => s.settings.platform);
  const auth = useAppSelector((s) => s.auth);
  const resolved = useAppSelector((s) => s.settings.resolvedRedirect);
  const location = useLocation();
  const decision = guardRoute({
    platform,
    user: accessSubject(auth),
    features: auth.features,
    ...(permission ? { permission } : {}),
    ...(feature ? { feature } : {}),
  });
  if (decision.kind === 'allow') return children;
  if (decision.to === '/login') {
    const to = resolved === '/organization-setup' ? '/organization-setup' : '/login';
    return <Navigate to={to} replace state={{ from: location.pathname + location.search }} />;
  }
  return <Navigate to={decision.to} replace />;
}
