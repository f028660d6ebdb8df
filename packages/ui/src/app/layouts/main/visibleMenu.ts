import { checkFeature, checkPermission, type PlatformType } from '@flowloom/shared';
import type { AuthState } from '../../../features/auth/authSlice';
import type { MenuGroup } from './menuItems';
import { accessSubject } from '../../accessSubject';

/**
 * SPEC §2: an item shows only if the user has its permission and its feature flag is enabled;
 * a group with no visible item is hidden.
 */
export function visibleMenu(
  groups: readonly MenuGroup[],
  platform: PlatformType,
  auth: AuthState,
): MenuGroup[] {
  const subject = accessSubject(auth);
  return groups
    .map((group) => ({
      ...group,
      items: group.items.filter(
        (item) =>
          (item.permission === undefined || checkPermission(platform, subject, item.permission)) &&
          checkFeature(auth.features, item.feature),
      ),
    }))
    .filter((group) => group.items.length > 0);
}
