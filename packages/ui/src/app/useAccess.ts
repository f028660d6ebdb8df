import { useMemo } from 'react';
import { checkFeature, checkPermission, checkWorkspace } from '@flowloom/shared';
import { accessSubject } from './accessSubject';
import { useAppSelector } from './useAppSelector';

export interface Access {
  /** SPEC §6 permission check for the signed-in user (comma list = any of them). */
  can(permission: string): boolean;
  hasFeature(feature: string): boolean;
  inWorkspace(workspaceId: string | null | undefined): boolean;
}

/** Access checks for hiding controls ("Controls are hidden when checks fail"). */
export function useAccess(): Access {
  const platform = useAppSelector((s) => s.settings.platform);
  const auth = useAppSelector((s) => s.auth);
  return useMemo(() => {
    const subject = accessSubject(auth);
    return {
      can: (permission) => checkPermission(platform, subject, permission),
      hasFeature: (feature) => checkFeature(auth.features, feature),
      inWorkspace: (workspaceId) => checkWorkspace(platform, subject, workspaceId),
    };
  }, [platform, auth]);
}
