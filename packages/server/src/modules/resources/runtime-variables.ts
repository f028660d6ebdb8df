/**
 * Runtime variables (`$vars.NAME` read from the server environment at run time, as in Flowise) are
 * readable only for names the operator lists in `FLOWLOOM_RUNTIME_VARIABLES`: exact names or
 * prefixes ending in `*` (`APP_REGION, TENANT_*`). The server's own settings and anything named like a
 * secret stay unreadable even when listed, so a flow author cannot read `FLOWLOOM_SECRET_KEY`,
 * `DATABASE_URL` or `SMTP_PASSWORD` through a flow.
 */
export const RUNTIME_VARIABLES_ENV = 'FLOWLOOM_RUNTIME_VARIABLES';

const SERVER_SETTING = /^(FLOWLOOM_|SMTP_|JWT_|DATABASE_|PG|NODE_|npm_)/i;
const SERVER_SETTING_NAMES = new Set([
  'PORT',
  'HOST',
  'APP_URL',
  'LOG_LEVEL',
  'PLATFORM_TYPE',
  'SECURE_COOKIES',
  'SENDER_EMAIL',
  'PATH',
  'HOME',
]);
const SECRET_LIKE = /SECRET|PASSWORD|PASSWD|PRIVATE_KEY|_BASE_URL$/i;

export interface RuntimeVariablePolicy {
  /** The environment value for an allowed name; undefined when the name may not be read. */
  read(name: string): string | undefined;
  /** Why a name may not be read (a sentence for the user), or undefined when it may. */
  refusal(name: string): string | undefined;
}

export function runtimeVariablePolicy(env: NodeJS.ProcessEnv): RuntimeVariablePolicy {
  const entries = (env[RUNTIME_VARIABLES_ENV] ?? '')
    .split(/[\s,]+/)
    .map((entry) => entry.trim())
    .filter(Boolean);
  const names = new Set(entries.filter((entry) => !entry.endsWith('*')));
  const prefixes = entries.filter((entry) => entry.endsWith('*')).map((entry) => entry.slice(0, -1));

  function refusal(name: string): string | undefined {
    if (SERVER_SETTING.test(name) || SERVER_SETTING_NAMES.has(name.toUpperCase()) || SECRET_LIKE.test(name))
      return `Runtime variable "${name}" cannot be read: it names a server setting or a secret, which flows never see. Use a static variable or a credential instead.`;
    if (!names.has(name) && !prefixes.some((prefix) => name.startsWith(prefix)))
      return `Runtime variable "${name}" cannot be read: the server reads only the environment variables its operator lists in ${RUNTIME_VARIABLES_ENV} (${entries.length > 0 ? `now: ${entries.join(', ')}` : 'none listed now'}).`;
    return undefined;
  }

  return {
    refusal,
    read: (name) => (refusal(name) === undefined ? env[name] : undefined),
  };
}

/** A workspace variable as stored. */
export interface StoredVariable {
  name: string;
  value: string;
  type: string | null;
}

/**
 * `$vars` as runs read them: a static variable's stored value; a runtime one's environment value
 * where the policy lets it be read, else its stored value.
 */
export function variableValues(
  rows: readonly StoredVariable[],
  policy: RuntimeVariablePolicy,
): Record<string, string> {
  return Object.fromEntries(
    rows.map((v) => [v.name, v.type === 'runtime' ? (policy.read(v.name) ?? v.value) : v.value]),
  );
}
