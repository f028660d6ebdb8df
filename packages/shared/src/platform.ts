/** Deployment mode. The server's `/settings` reports it; SPEC §4 maps any other value to open source. */
export type PlatformType = 'open-source' | 'enterprise' | 'cloud';

/** Value of `PLATFORM_TYPE` in `GET /api/v1/settings`, as Flowise clients expect it. */
export const PLATFORM_TYPE_LABEL: Record<PlatformType, string> = {
  'open-source': 'open source',
  enterprise: 'enterprise',
  cloud: 'cloud',
};

/** SPEC §4: 'enterprise' marks enterprise-licensed, 'cloud' marks cloud, any other value open source. */
export function platformFromSettings(value: unknown): PlatformType {
  if (value === 'enterprise') return 'enterprise';
  if (value === 'cloud') return 'cloud';
  return 'open-source';
}
