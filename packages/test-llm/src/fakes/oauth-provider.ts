import { createHash, randomBytes } from 'node:crypto';
import { json, startFakeService, type FakeAnswer, type FakeCall, type FakeService } from './fake-http.js';

export interface FakeOAuthProviderOptions {
  clientId?: string;
  clientSecret?: string;
  /** Lifetime of the access tokens it issues, in seconds (default 3600). */
  expiresIn?: number;
  /** Whether a refresh also hands out a new refresh token, as Microsoft does (default false, as Google). */
  rotateRefreshTokens?: boolean;
}

/** One authorization the fake was asked for (what the sign-in page saw). */
export interface FakeAuthorization {
  clientId: string;
  redirectUri: string;
  scope: string;
  state: string;
  codeChallenge: string | null;
  /** Every query parameter, as sent. */
  query: URLSearchParams;
}

export interface FakeOAuthProvider extends FakeService {
  clientId: string;
  clientSecret: string;
  /** Authorization requests, oldest first. */
  readonly authorizations: FakeAuthorization[];
  /** Form fields of every token request, oldest first. */
  readonly tokenRequests: URLSearchParams[];
  /** Whether an API should accept this access token now. */
  accepts: (token: string | undefined) => boolean;
  /** Every access token issued so far stops working (they expired or were revoked); refresh tokens still work. */
  expireAccessTokens(): void;
  /** The refresh tokens issued so far stop working too (the user revoked the app). */
  revokeRefreshTokens(): void;
  /** The next token request answers this OAuth2 error (`{error, error_description}`) with `status`. */
  failNextToken(status: number, error: string, description?: string): void;
}

interface IssuedCode {
  redirectUri: string;
  scope: string;
  codeChallenge: string | null;
  used: boolean;
}

const base64url = (bytes: Buffer) => bytes.toString('base64url');

/** `Authorization: Bearer <token>` of a request, if it has one. */
export function bearerOf(call: FakeCall): string | undefined {
  const header = call.headers.authorization;
  return typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7) : undefined;
}

/**
 * An OAuth2 authorization server on 127.0.0.1, in Google's, Microsoft's and Slack's shapes: sign-in at
 * `GET /o/oauth2/v2/auth`, `GET /<tenant>/oauth2/v2.0/authorize` or `GET /oauth/v2_user/authorize`
 * (answers 302 to the redirect URI
 * with a code and the state, as if the person agreed), tokens at `POST /token` or
 * `POST /<tenant>/oauth2/v2.0/token` (form bodies; `authorization_code` with PKCE S256 checked when a
 * challenge was sent, and `refresh_token`). Errors in the OAuth2 shape (`error`, `error_description`);
 * Slack's token method `POST /api/oauth.v2.user.access` answers as Slack: always 200, `{ok: false,
 * error}` when refused, the user token under `authed_user` typed `user`.
 */
export async function startFakeOAuthProvider(
  options: FakeOAuthProviderOptions = {},
): Promise<FakeOAuthProvider> {
  const clientId = options.clientId ?? 'fake-client-id';
  const clientSecret = options.clientSecret ?? 'fake-client-secret';
  const expiresIn = options.expiresIn ?? 3600;
  const codes = new Map<string, IssuedCode>();
  const accessTokens = new Set<string>();
  const refreshTokens = new Map<string, string>(); // refresh token → scope
  const authorizations: FakeAuthorization[] = [];
  const tokenRequests: URLSearchParams[] = [];
  let nextFailure: FakeAnswer | undefined;
  let issued = 0;

  /** Whether the request came in Slack's shape (answered as Slack does: always 200, `ok`, `authed_user`). */
  let slack = false;
  const oauthError = (status: number, error: string, description: string) =>
    slack ? json(200, { ok: false, error }) : json(status, { error, error_description: description });

  function issueTokens(scope: string, withRefresh: boolean): FakeAnswer {
    issued += 1;
    const access = `fake-access-${issued}-${base64url(randomBytes(6))}`;
    accessTokens.add(access);
    const body: Record<string, unknown> = {
      access_token: access,
      token_type: 'Bearer',
      expires_in: expiresIn,
      scope,
    };
    if (withRefresh) {
      const refresh = `fake-refresh-${issued}-${base64url(randomBytes(6))}`;
      refreshTokens.set(refresh, scope);
      body.refresh_token = refresh;
    }
    if (slack)
      return json(200, {
        ok: true,
        app_id: 'A0FAKE',
        team: { id: 'T0FAKE', name: 'Fake workspace' },
        authed_user: { id: 'U0FAKE', ...body, token_type: 'user' },
      });
    return json(200, body);
  }

  function authorize(call: FakeCall): FakeAnswer {
    const q = call.query;
    const redirectUri = q.get('redirect_uri') ?? '';
    if (q.get('client_id') !== clientId) return oauthError(400, 'invalid_client', 'Unknown client');
    if (q.get('response_type') !== 'code' || !redirectUri)
      return oauthError(400, 'invalid_request', 'response_type=code and redirect_uri are required');
    const challenge = q.get('code_challenge');
    if (challenge && q.get('code_challenge_method') !== 'S256')
      return oauthError(400, 'invalid_request', 'Only S256 code challenges are supported');
    const authorization: FakeAuthorization = {
      clientId,
      redirectUri,
      scope: q.get('scope') ?? '',
      state: q.get('state') ?? '',
      codeChallenge: challenge,
      query: q,
    };
    authorizations.push(authorization);
    const code = `fake-code-${base64url(randomBytes(9))}`;
    codes.set(code, { redirectUri, scope: authorization.scope, codeChallenge: challenge, used: false });
    const back = new URL(redirectUri);
    back.searchParams.set('code', code);
    back.searchParams.set('state', authorization.state);
    return { status: 302, headers: { location: back.toString() } };
  }

  function token(call: FakeCall): FakeAnswer {
    const form = new URLSearchParams(typeof call.body === 'string' ? call.body : '');
    tokenRequests.push(form);
    slack = call.path === '/api/oauth.v2.user.access';
    if (nextFailure) {
      const failure = nextFailure;
      nextFailure = undefined;
      return failure;
    }
    if (!String(call.headers['content-type']).startsWith('application/x-www-form-urlencoded'))
      return oauthError(400, 'invalid_request', 'The body must be form-encoded');
    if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret)
      return oauthError(401, 'invalid_client', 'Client authentication failed');
    const grant = form.get('grant_type');
    if (grant === 'authorization_code') {
      const issuedCode = codes.get(form.get('code') ?? '');
      if (!issuedCode || issuedCode.used)
        return oauthError(400, 'invalid_grant', 'The code is unknown or was already used');
      issuedCode.used = true;
      if (issuedCode.redirectUri !== form.get('redirect_uri'))
        return oauthError(400, 'invalid_grant', 'redirect_uri does not match the authorization');
      if (issuedCode.codeChallenge) {
        const verifier = form.get('code_verifier') ?? '';
        const digest = base64url(createHash('sha256').update(verifier).digest());
        if (digest !== issuedCode.codeChallenge)
          return oauthError(400, 'invalid_grant', 'The code verifier does not match the challenge');
      }
      return issueTokens(issuedCode.scope, true);
    }
    if (grant === 'refresh_token') {
      const refresh = form.get('refresh_token') ?? '';
      const scope = refreshTokens.get(refresh);
      if (scope === undefined) return oauthError(400, 'invalid_grant', 'Token has been expired or revoked.');
      if (options.rotateRefreshTokens) refreshTokens.delete(refresh);
      return issueTokens(scope, options.rotateRefreshTokens === true);
    }
    return oauthError(400, 'unsupported_grant_type', `Grant type ${grant ?? '(none)'} is not supported`);
  }

  const service = await startFakeService((call) => {
    if (
      call.method === 'GET' &&
      /^(\/o\/oauth2\/v2\/auth|\/[^/]+\/oauth2\/v2\.0\/authorize|\/oauth\/v2_user\/authorize)$/.test(
        call.path,
      )
    )
      return authorize(call);
    if (
      call.method === 'POST' &&
      /^(\/token|\/[^/]+\/oauth2\/v2\.0\/token|\/api\/oauth\.v2\.user\.access)$/.test(call.path)
    )
      return token(call);
    return json(404, { error: 'not_found', error_description: `No route ${call.method} ${call.path}` });
  });

  return Object.assign(service, {
    clientId,
    clientSecret,
    authorizations,
    tokenRequests,
    accepts: (token: string | undefined) => token !== undefined && accessTokens.has(token),
    expireAccessTokens: () => accessTokens.clear(),
    revokeRefreshTokens: () => refreshTokens.clear(),
    failNextToken: (status: number, error: string, description = error) => {
      nextFailure = json(status, { error, error_description: description });
    },
  });
}
