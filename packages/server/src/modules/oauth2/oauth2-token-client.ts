import type { GuardedFetch } from '@flowloom/engine';
import { readBoundedText } from '@flowloom/nodes';
import { AppError } from '../../errors.js';

/** How long a provider's token endpoint may take to answer. */
const TOKEN_TIMEOUT_MS = 30_000;
/** A token answer is a few kilobytes; anything much larger is not one. */
const MAX_TOKEN_ANSWER_BYTES = 64 * 1024;
/** Longest token kept (Microsoft's access tokens run to a few kilobytes). */
const MAX_TOKEN_LENGTH = 16 * 1024;

/** The fields of a token answer the server keeps (Flowise's, without the id token). */
export interface TokenAnswer {
  access_token: string;
  refresh_token?: string;
  token_type?: string;
  expires_in?: number;
  granted_scope?: string;
}

/** The provider answered, but refused (an OAuth2 error such as `invalid_grant`). */
export class TokenRefusal extends Error {
  constructor(
    readonly error: string,
    message: string,
  ) {
    super(message);
    this.name = 'TokenRefusal';
  }
}

const shortText = (value: unknown, max = 300) =>
  typeof value === 'string' ? value.replace(/\s+/g, ' ').trim().slice(0, max) : undefined;

/**
 * How a provider's token method answers: standard OAuth2 (errors as 4xx), or Slack's (always 200,
 * `ok: false` with an `error` code when refused; a user token may sit under `authed_user`, typed `user`).
 */
export type TokenDialect = 'oauth2' | 'slack';

/** Slack's errors that say it could not answer now, as opposed to refusing the grant. */
const SLACK_TEMPORARY = new Set([
  'internal_error',
  'fatal_error',
  'ratelimited',
  'service_unavailable',
  'request_timeout',
]);

/** Slack's token types are sent as bearer tokens. */
const BEARER_TYPES: Record<TokenDialect, readonly string[]> = {
  oauth2: ['bearer'],
  slack: ['bearer', 'user', 'bot'],
};

/** Only the known fields, each checked: a provider cannot slip anything else into the credential. */
function tokenFields(body: unknown, provider: string, dialect: TokenDialect): TokenAnswer {
  let b = (body ?? {}) as Record<string, unknown>;
  if (
    dialect === 'slack' &&
    b.access_token === undefined &&
    b.authed_user &&
    typeof b.authed_user === 'object'
  )
    b = b.authed_user as Record<string, unknown>;
  const access = b.access_token;
  if (typeof access !== 'string' || access === '' || access.length > MAX_TOKEN_LENGTH)
    throw new AppError('SERVICE_UNAVAILABLE', `${provider} answered without a usable access token`);
  if (typeof b.token_type === 'string' && !BEARER_TYPES[dialect].includes(b.token_type.toLowerCase()))
    throw new AppError(
      'SERVICE_UNAVAILABLE',
      `${provider} answered a ${shortText(b.token_type, 30)} token, not a bearer token`,
    );
  const expiresIn = typeof b.expires_in === 'string' ? Number(b.expires_in) : b.expires_in;
  const answer: TokenAnswer = { access_token: access };
  if (typeof b.refresh_token === 'string' && b.refresh_token && b.refresh_token.length <= MAX_TOKEN_LENGTH)
    answer.refresh_token = b.refresh_token;
  if (typeof b.token_type === 'string') answer.token_type = b.token_type;
  if (typeof expiresIn === 'number' && Number.isFinite(expiresIn) && expiresIn > 0)
    answer.expires_in = expiresIn;
  const scope = shortText(b.scope, 4000);
  if (scope) answer.granted_scope = scope;
  return answer;
}

/**
 * Posts a token request (form fields, as OAuth2 wants) to a provider's token endpoint through the
 * guarded client, never across a redirect. Answers the token fields; a refusal is a
 * {@link TokenRefusal} with the provider's words, anything else an AppError naming the provider.
 * Neither ever holds the secret or a token.
 */
export async function requestTokens(
  http: GuardedFetch,
  tokenUrl: string,
  provider: string,
  form: Record<string, string>,
  dialect: TokenDialect = 'oauth2',
): Promise<TokenAnswer> {
  let response: Response;
  let text: string;
  try {
    response = await http(tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams(form).toString(),
      redirect: 'error',
      signal: AbortSignal.timeout(TOKEN_TIMEOUT_MS),
    });
    const read = await readBoundedText(response, MAX_TOKEN_ANSWER_BYTES);
    if (read.truncated) throw new Error(`the answer is larger than ${MAX_TOKEN_ANSWER_BYTES / 1024} KB`);
    text = read.text;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new AppError('SERVICE_UNAVAILABLE', `${provider} could not be reached for tokens: ${reason}`, {
      cause: error,
    });
  }
  let body: unknown;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    throw new AppError(
      'SERVICE_UNAVAILABLE',
      `${provider} answered the token request with HTTP ${response.status} and no JSON`,
    );
  }
  const refusedInBody = dialect === 'slack' && response.ok && (body as { ok?: unknown } | null)?.ok !== true;
  if (refusedInBody) {
    const code = shortText((body as { error?: unknown } | null)?.error, 100) ?? 'no ok in the answer';
    // Slack's own trouble, not a refusal of the grant: the credential is still good.
    if (SLACK_TEMPORARY.has(code))
      throw new AppError('SERVICE_UNAVAILABLE', `${provider} failed to answer the token request (${code})`);
    throw new TokenRefusal(code, `${provider} refused (${code})`);
  }
  if (!response.ok) {
    const b = (body ?? {}) as Record<string, unknown>;
    const error = shortText(b.error, 100) ?? `HTTP ${response.status}`;
    const description = shortText(b.error_description);
    if (response.status >= 500 || response.status === 429)
      throw new AppError(
        'SERVICE_UNAVAILABLE',
        `${provider} failed to answer the token request (HTTP ${response.status})`,
      );
    // The provider's words may quote what it was sent; no secret of the request is repeated.
    const secrets = Object.values(form).filter((value) => value.length >= 8);
    const said = secrets.reduce((message, secret) => message.split(secret).join('***'), description ?? '');
    throw new TokenRefusal(error, `${provider} refused (${error})${said ? `: ${said}` : ''}`);
  }
  return tokenFields(body, provider, dialect);
}
