import { REDACTED_SECRET, type CredentialDefinition } from '@flowloom/shared';

const URL_PASSWORD_MASK = '********';

/** `scheme://user:secret@host` → `scheme://user:********@host`; other text unchanged. */
export function maskUrlPassword(value: string): string {
  try {
    const url = new URL(value);
    if (!url.password) return value;
    url.password = URL_PASSWORD_MASK;
    return url.toString();
  } catch {
    return value;
  }
}

/**
 * The view of stored credential data that may leave the server: password fields become the
 * placeholder, URL passwords are masked. Fields of an unknown type are all treated as secret.
 */
export function redact(
  definition: CredentialDefinition | undefined,
  data: Record<string, unknown>,
): Record<string, unknown> {
  const types = new Map(definition?.inputs.map((i) => [i.name, i.type]));
  return Object.fromEntries(
    Object.entries(data).map(([name, value]) => {
      const type = types.get(name);
      if (value === null || value === undefined || value === '') return [name, value];
      if (type === 'url' && typeof value === 'string') return [name, maskUrlPassword(value)];
      if (type === undefined || type === 'password') return [name, REDACTED_SECRET];
      return [name, value];
    }),
  );
}

/**
 * Merges an update over stored data: a field sent back as the placeholder (or as the masked URL it was
 * shown as) keeps its stored value.
 */
export function mergeUpdate(
  stored: Record<string, unknown>,
  incoming: Record<string, unknown>,
): Record<string, unknown> {
  const merged = { ...stored };
  for (const [name, value] of Object.entries(incoming)) {
    const previous = stored[name];
    if (value === REDACTED_SECRET) continue;
    if (
      typeof value === 'string' &&
      typeof previous === 'string' &&
      value === maskUrlPassword(previous) &&
      value !== previous
    )
      continue;
    merged[name] = value;
  }
  return merged;
}
