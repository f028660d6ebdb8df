import type { OAuth2Provider } from '@flowloom/shared';
import { AppError } from '../../errors.js';

/**
 * Where an OAuth2 credential signs in and gets its tokens. The client secret and the tokens go only
 * to the provider the credential type names: Google's, Microsoft's or Slack's own endpoints, or the
 * operator's replacement for them (`GOOGLE_OAUTH_BASE_URL`, `MICROSOFT_LOGIN_BASE_URL`,
 * `SLACK_OAUTH_BASE_URL`: a proxy, or a local fake in tests). A URL typed into the credential only has to agree with that; it can never
 * send the secret anywhere else.
 */

export interface OAuth2Endpoints {
  authorizeUrl: string;
  tokenUrl: string;
  /** The provider as people know it, for messages. */
  name: string;
}

/** The operator's replacements of the providers' sign-in services (origin, optionally a path). */
export type OAuth2ProviderBases = Partial<Record<OAuth2Provider, string>>;

export function oauth2BasesFromEnv(env: NodeJS.ProcessEnv): OAuth2ProviderBases {
  const pick = (name: string) => env[name]?.trim().replace(/\/+$/, '') || undefined;
  return {
    google: pick('GOOGLE_OAUTH_BASE_URL'),
    microsoft: pick('MICROSOFT_LOGIN_BASE_URL'),
    slack: pick('SLACK_OAUTH_BASE_URL'),
  };
}

const GOOGLE_AUTHORIZE = 'https://accounts.google.com/o/oauth2/v2/auth';
const GOOGLE_TOKEN = 'https://oauth2.googleapis.com/token';
const MICROSOFT_LOGIN = 'https://login.microsoftonline.com';
const SLACK_AUTHORIZE = 'https://slack.com/oauth/v2_user/authorize';
const SLACK_TOKEN = 'https://slack.com/api/oauth.v2.user.access';
/** A tenant id, a verified domain, or `common` / `organizations` / `consumers`. */
const TENANT = /^[A-Za-z0-9][A-Za-z0-9.-]{0,99}$/;

const text = (value: unknown) => (typeof value === 'string' ? value.trim().replace(/\/+$/, '') : '');
const refuse = (message: string) => new AppError('BAD_REQUEST', message);

/** A provider at fixed addresses: its own, or the operator's replacement with the same paths under it. */
interface FixedProvider {
  name: string;
  authorize: string;
  token: string;
  /** The paths under the operator's base URL. */
  authorizePath: string;
  tokenPath: string;
}

const GOOGLE: FixedProvider = {
  name: 'Google',
  authorize: GOOGLE_AUTHORIZE,
  token: GOOGLE_TOKEN,
  authorizePath: '/o/oauth2/v2/auth',
  tokenPath: '/token',
};
const SLACK: FixedProvider = {
  name: 'Slack',
  authorize: SLACK_AUTHORIZE,
  token: SLACK_TOKEN,
  authorizePath: '/oauth/v2_user/authorize',
  tokenPath: '/api/oauth.v2.user.access',
};

/** The provider's endpoints; the credential's own URLs may only name them (or be left empty). */
function fixedEndpoints(
  provider: FixedProvider,
  data: Record<string, unknown>,
  base: string | undefined,
): OAuth2Endpoints {
  const endpoints = {
    authorizeUrl: base ? `${base}${provider.authorizePath}` : provider.authorize,
    tokenUrl: base ? `${base}${provider.tokenPath}` : provider.token,
    name: provider.name,
  };
  const authorize = text(data.authorizationUrl);
  const token = text(data.accessTokenUrl);
  if (authorize && authorize !== provider.authorize && authorize !== endpoints.authorizeUrl)
    throw refuse(`The Authorization URL of a ${provider.name} credential must be ${provider.authorize}`);
  if (token && token !== provider.token && token !== endpoints.tokenUrl)
    throw refuse(
      `The Access Token URL of a ${provider.name} credential must be ${provider.token}: its client secret and tokens go only to ${provider.name}`,
    );
  return endpoints;
}

/** The tenant in `https://login.microsoftonline.com/<tenant>/oauth2/v2.0/<step>` (or under the operator's base). */
function microsoftTenant(label: string, value: string, step: string, base: string | undefined): string {
  for (const origin of [MICROSOFT_LOGIN, base].filter((o): o is string => !!o)) {
    if (!value.startsWith(`${origin}/`)) continue;
    const [tenant, ...rest] = value.slice(origin.length + 1).split('/');
    if (rest.join('/') !== `oauth2/v2.0/${step}`) break;
    if (tenant === '<tenantId>' || tenant === '%3CtenantId%3E')
      throw refuse(
        `Replace <tenantId> in the ${label} with your Microsoft Entra tenant (directory) id, or with common or organizations`,
      );
    if (tenant && TENANT.test(tenant)) return tenant;
    break;
  }
  throw refuse(
    `The ${label} of a Microsoft credential must be ${MICROSOFT_LOGIN}/<tenantId>/oauth2/v2.0/${step}: its client secret and tokens go only to Microsoft`,
  );
}

function microsoftEndpoints(data: Record<string, unknown>, base: string | undefined): OAuth2Endpoints {
  const authorizeTenant = microsoftTenant(
    'Authorization URL',
    text(data.authorizationUrl),
    'authorize',
    base,
  );
  const tokenTenant = microsoftTenant('Access Token URL', text(data.accessTokenUrl), 'token', base);
  if (authorizeTenant !== tokenTenant)
    throw refuse('The Authorization URL and the Access Token URL must name the same Microsoft tenant');
  const origin = base ?? MICROSOFT_LOGIN;
  return {
    authorizeUrl: `${origin}/${authorizeTenant}/oauth2/v2.0/authorize`,
    tokenUrl: `${origin}/${tokenTenant}/oauth2/v2.0/token`,
    name: 'Microsoft',
  };
}

/** The endpoints of a credential of `provider`, or a 400 saying which URL of the credential is not allowed. */
export function oauth2Endpoints(
  provider: OAuth2Provider,
  data: Record<string, unknown>,
  bases: OAuth2ProviderBases,
): OAuth2Endpoints {
  switch (provider) {
    case 'google':
      return fixedEndpoints(GOOGLE, data, bases.google);
    case 'microsoft':
      return microsoftEndpoints(data, bases.microsoft);
    case 'slack':
      return fixedEndpoints(SLACK, data, bases.slack);
  }
}
