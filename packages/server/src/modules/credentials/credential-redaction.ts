import { REDACTED_SECRET, type CredentialDefinition } from '@flowloom/shared';

const URL_SECRET_MASK = '********';

/**
 * Query parameter names that carry secrets in connection strings and signed addresses
 * (`password`, `sslpassword`, `api_key`, `access_token`, `X-Amz-Signature`, `sig`, `auth`…).
 */
const SECRET_PARAMETER = /pass|pwd|secret|token|key|auth|sig|credential|session/i;

function maskQuery(query: string): string {
  return query
    .split('&')
    .map((part) => {
      const equals = part.indexOf('=');
      if (equals < 0) return part;
      let name = part.slice(0, equals);
      try {
        name = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // an undecodable name is judged as written
      }
      return SECRET_PARAMETER.test(name) && equals < part.length - 1
        ? `${part.slice(0, equals)}=${URL_SECRET_MASK}`
        : part;
    })
    .join('&');
}

/**
 * `scheme://user:secret@host/db?password=secret&sslmode=require` →
 * `scheme://user:********@host/db?password=********&sslmode=require`: the password and every
 * secret-looking query parameter are masked, the rest of the address is left as written. Text that is
 * not an absolute URL is unchanged.
 */
export function maskUrlSecrets(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return value;
  }
  let masked = value;
  if (url.password) {
    url.password = URL_SECRET_MASK;
    masked = url.toString();
  }
  const queryStart = masked.indexOf('?');
  if (queryStart < 0) return masked;
  const hashStart = masked.indexOf('#', queryStart);
  const queryEnd = hashStart < 0 ? masked.length : hashStart;
  return (
    masked.slice(0, queryStart + 1) +
    maskQuery(masked.slice(queryStart + 1, queryEnd)) +
    masked.slice(queryEnd)
  );
}

/**
 * The view of stored credential data that may leave the server: password fields become the
 * placeholder, URL passwords and secret query parameters are masked. Fields of an unknown type are all treated as secret.
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
      if (type === 'url' && typeof value === 'string') return [name, maskUrlSecrets(value)];
      if (type === undefined || type === 'password') return [name, REDACTED_SECRET];
      return [name, value];
    }),
  );
}

/** The raw value of each query parameter of an address, by its name as written. */
function queryValues(value: string): Map<string, string> {
  const values = new Map<string, string>();
  const queryStart = value.indexOf('?');
  if (queryStart < 0) return values;
  const hashStart = value.indexOf('#', queryStart);
  for (const part of value.slice(queryStart + 1, hashStart < 0 ? undefined : hashStart).split('&')) {
    const equals = part.indexOf('=');
    if (equals > 0 && !values.has(part.slice(0, equals)))
      values.set(part.slice(0, equals), part.slice(equals + 1));
  }
  return values;
}

/**
 * An address sent back with masked parts (the user changed the host but kept the shown
 * `********` password) gets the stored secrets back in those places; anything else is taken as sent.
 */
export function restoreUrlSecrets(incoming: string, stored: string): string {
  if (!incoming.includes(URL_SECRET_MASK)) return incoming;
  let storedUrl: URL;
  let url: URL;
  try {
    storedUrl = new URL(stored);
    url = new URL(incoming);
  } catch {
    return incoming;
  }
  let restored = incoming;
  if (url.password === URL_SECRET_MASK && storedUrl.password) {
    url.password = storedUrl.password;
    restored = url.toString();
  }
  const previous = queryValues(stored);
  const queryStart = restored.indexOf('?');
  if (queryStart < 0 || previous.size === 0) return restored;
  const hashStart = restored.indexOf('#', queryStart);
  const queryEnd = hashStart < 0 ? restored.length : hashStart;
  const query = restored
    .slice(queryStart + 1, queryEnd)
    .split('&')
    .map((part) => {
      const equals = part.indexOf('=');
      if (equals < 0 || part.slice(equals + 1) !== URL_SECRET_MASK) return part;
      const name = part.slice(0, equals);
      const value = previous.get(name);
      return value === undefined ? part : `${name}=${value}`;
    })
    .join('&');
  return restored.slice(0, queryStart + 1) + query + restored.slice(queryEnd);
}

/**
 * Merges an update over stored data: a field sent back as the placeholder keeps its stored value, and
 * an address sent back with the masked parts it was shown with gets its stored secrets back there.
 */
export function mergeUpdate(
  stored: Record<string, unknown>,
  incoming: Record<string, unknown>,
): Record<string, unknown> {
  const merged = { ...stored };
  for (const [name, value] of Object.entries(incoming)) {
    const previous = stored[name];
    if (value === REDACTED_SECRET) continue;
    merged[name] =
      typeof value === 'string' && typeof previous === 'string' ? restoreUrlSecrets(value, previous) : value;
  }
  return merged;
}
