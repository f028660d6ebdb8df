import { createHash, randomBytes } from 'node:crypto';
import type { GuardedFetch } from '@flowloom/engine';
import {
  OAUTH2_CALLBACK_PATH,
  type CredentialDefinition,
  type OAuth2AuthorizeAnswer,
  type OAuth2PopupMessage,
  type OAuth2Provider,
  type OAuth2RefreshAnswer,
} from '@flowloom/shared';
import { AppError } from '../../errors.js';
import type { Clock } from '../../runtime.js';
import type { Keys } from '../../security/crypto.js';
import type { AuthContext } from '../auth/auth.service.js';
import type { CredentialService } from '../credentials/credential.service.js';
import { oauth2Endpoints, type OAuth2Endpoints, type OAuth2ProviderBases } from './oauth2-providers.js';
import { PENDING_SIGN_IN_FIELD, STATE_LIFETIME_MS, newNonce, readState, signState } from './oauth2-state.js';
import { requestTokens, TokenRefusal, type TokenAnswer, type TokenDialect } from './oauth2-token-client.js';

export interface OAuth2ServiceDeps {
  credentials: CredentialService;
  definitionOf: (name: string) => CredentialDefinition | undefined;
  keys: Pick<Keys, 'oauth2State'>;
  /** The guarded client: token endpoints are reached like any address a flow reaches. */
  http: GuardedFetch;
  bases: OAuth2ProviderBases;
  /** The app's public address (APP_URL): providers send the browser back under it. */
  appUrl: string;
  clock: Clock;
}

/** How the callback went: the popup's report, and the status of the page. */
export type CallbackOutcome = OAuth2PopupMessage & { status: number };

/** A sign-in under way, kept (encrypted) in the credential until its callback. */
interface PendingSignIn {
  nonce: string;
  verifier: string;
}

/** Parameters of the authorization URL that `additionalParameters` may not replace. */
const RESERVED = new Set([
  'client_id',
  'redirect_uri',
  'response_type',
  'state',
  'scope',
  'code_challenge',
  'code_challenge_method',
  'response_mode',
]);

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
/** A message ending in one full stop, to go on with another sentence. */
const sentence = (message: string) => `${message.replace(/[\s.]+$/, '')}.`;
const challengeOf = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/** The stored fields of a token answer (Flowise's names); a refresh keeps the refresh token it had. */
function tokenFields(answer: TokenAnswer, now: Date, previousRefresh: unknown): Record<string, unknown> {
  const fields: Record<string, unknown> = {
    access_token: answer.access_token,
    refresh_token: answer.refresh_token ?? (text(previousRefresh) || undefined),
    token_type: answer.token_type,
    expires_in: answer.expires_in,
    expires_at:
      answer.expires_in === undefined
        ? undefined
        : new Date(now.getTime() + answer.expires_in * 1000).toISOString(),
    granted_scope: answer.granted_scope,
    token_received_at: now.toISOString(),
  };
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}

class SignInUsed extends Error {}

const dialectOf = (provider: OAuth2Provider): TokenDialect => (provider === 'slack' ? 'slack' : 'oauth2');

/**
 * OAuth2 credentials (Flowise's `/oauth2-credential` routes): the authorization URL of a sign-in,
 * its callback (a signed, single-use state bound to the credential and workspace; the code exchanged
 * at the provider's token endpoint with PKCE; the tokens stored encrypted) and token renewal.
 */
export function createOAuth2Service(deps: OAuth2ServiceDeps) {
  const { credentials, keys, clock } = deps;
  const redirectUri = `${deps.appUrl}${OAUTH2_CALLBACK_PATH}`;
  const renewing = new Map<string, Promise<{ credentialName: string; data: Record<string, unknown> }>>();

  function providerOf(credentialName: string): { def: CredentialDefinition; provider: OAuth2Provider } {
    const def = deps.definitionOf(credentialName);
    if (!def?.oauth2)
      throw new AppError(
        'BAD_REQUEST',
        `A ${def?.label ?? credentialName} credential does not sign in with OAuth2`,
      );
    return { def, provider: def.oauth2 };
  }

  /** The provider's endpoints and the client of a stored credential, or a 400 saying what is missing. */
  function client(credentialName: string, data: Record<string, unknown>) {
    const { def, provider } = providerOf(credentialName);
    const endpoints: OAuth2Endpoints = oauth2Endpoints(provider, data, deps.bases);
    const clientId = text(data.clientId);
    const clientSecret = text(data.clientSecret);
    if (!clientId) throw new AppError('BAD_REQUEST', `The ${def.label} credential has no Client ID`);
    if (!clientSecret) throw new AppError('BAD_REQUEST', `The ${def.label} credential has no Client Secret`);
    return { def, provider, endpoints, clientId, clientSecret, scope: text(data.scope) };
  }

  /** Stores new tokens, unless the credential was pointed at another client meanwhile. */
  function storeTokens(workspaceId: string, id: string, clientId: string, answer: TokenAnswer) {
    return credentials.rewrite(workspaceId, id, (current, credentialName) => {
      if (text(current.clientId) !== clientId)
        throw new AppError(
          'CONFLICT',
          'The credential’s Client ID changed during the sign-in; authenticate again',
        );
      const data = { ...current, ...tokenFields(answer, clock.now(), current.refresh_token) };
      return Promise.resolve({ data, result: { credentialName, data }, touch: true });
    });
  }

  async function exchangeCode(
    workspaceId: string,
    id: string,
    credentialName: string,
    data: Record<string, unknown>,
    code: string,
    verifier: string,
  ) {
    const c = client(credentialName, data);
    const answer = await requestTokens(
      deps.http,
      c.endpoints.tokenUrl,
      c.endpoints.name,
      {
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        client_id: c.clientId,
        client_secret: c.clientSecret,
        code_verifier: verifier,
        ...(c.scope && { scope: c.scope }),
      },
      dialectOf(c.provider),
    );
    await storeTokens(workspaceId, id, c.clientId, answer);
  }

  async function renew(workspaceId: string, id: string) {
    const { credentialName, data } = await credentials.decryptForRun(workspaceId, id);
    const c = client(credentialName, data);
    const refreshToken = text(data.refresh_token);
    if (!refreshToken)
      throw new AppError(
        'BAD_REQUEST',
        `The ${c.def.label} credential has no refresh token: press Authenticate on it to sign in again`,
      );
    let answer: TokenAnswer;
    try {
      answer = await requestTokens(
        deps.http,
        c.endpoints.tokenUrl,
        c.endpoints.name,
        {
          grant_type: 'refresh_token',
          refresh_token: refreshToken,
          client_id: c.clientId,
          client_secret: c.clientSecret,
          ...(c.scope && { scope: c.scope }),
        },
        dialectOf(c.provider),
      );
    } catch (error) {
      if (!(error instanceof TokenRefusal)) throw error;
      throw new AppError(
        'BAD_REQUEST',
        `${sentence(error.message)} The ${c.def.label} credential needs a new sign-in: press Authenticate on it.`,
      );
    }
    return storeTokens(workspaceId, id, c.clientId, answer);
  }

  /**
   * Renews the access token with the refresh token and stores it; answers the credential's fields.
   * Renewals of one credential at the same time share one request to the provider.
   */
  function refresh(workspaceId: string, id: string) {
    const key = `${workspaceId}\u0000${id}`;
    const running = renewing.get(key);
    if (running) return running;
    const started = renew(workspaceId, id).finally(() => renewing.delete(key));
    renewing.set(key, started);
    return started;
  }

  return {
    redirectUri,

    /** Starts a sign-in: a fresh single-use state is kept in the credential and put in the URL. */
    async authorize(ctx: AuthContext, id: string): Promise<OAuth2AuthorizeAnswer> {
      const { credentialName, data } = await credentials.decryptForRun(ctx.workspaceId, id);
      const c = client(credentialName, data);
      const pending: PendingSignIn = { nonce: newNonce(), verifier: randomBytes(32).toString('base64url') };
      await credentials.rewrite(ctx.workspaceId, id, (current) =>
        Promise.resolve({ data: { ...current, [PENDING_SIGN_IN_FIELD]: pending }, result: undefined }),
      );
      const state = signState(keys.oauth2State, {
        credentialId: id,
        workspaceId: ctx.workspaceId,
        nonce: pending.nonce,
        expiresAt: clock.now().getTime() + STATE_LIFETIME_MS,
      });
      const url = new URL(c.endpoints.authorizeUrl);
      for (const [name, value] of new URLSearchParams(text(data.additionalParameters)))
        if (!RESERVED.has(name)) url.searchParams.set(name, value);
      url.searchParams.set('client_id', c.clientId);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('redirect_uri', redirectUri);
      if (c.provider === 'microsoft') url.searchParams.set('response_mode', 'query');
      // Slack takes its scopes separated by commas.
      if (c.scope)
        url.searchParams.set(
          'scope',
          c.provider === 'slack'
            ? c.scope
                .split(/[\s,]+/)
                .filter(Boolean)
                .join(',')
            : c.scope,
        );
      url.searchParams.set('state', state);
      url.searchParams.set('code_challenge', challengeOf(pending.verifier));
      url.searchParams.set('code_challenge_method', 'S256');
      return {
        success: true,
        message: 'Authorization URL generated successfully',
        credentialId: id,
        authorizationUrl: url.toString(),
        redirectUri,
      };
    },

    /** The provider sent the browser back: check the state, use it up, exchange the code, store the tokens. */
    async callback(query: Record<string, unknown>): Promise<CallbackOutcome> {
      const failure = (status: number, error: string, message: string): CallbackOutcome => ({
        type: 'OAUTH2_ERROR',
        success: false,
        error,
        message,
        status,
      });
      const again = 'Start again with Authenticate on the credential.';
      const reading = readState(keys.oauth2State, query.state, clock.now());
      if (!reading.ok)
        return reading.reason === 'expired'
          ? failure(
              400,
              'expired_state',
              `This sign-in took longer than ${STATE_LIFETIME_MS / 60_000} minutes. ${again}`,
            )
          : failure(400, 'invalid_state', `This sign-in link is not valid. ${again}`);
      const { credentialId, workspaceId, nonce } = reading.state;
      let used: { credentialName: string; data: Record<string, unknown>; verifier: string };
      try {
        used = await credentials.rewrite(workspaceId, credentialId, (current, credentialName) => {
          const pending = current[PENDING_SIGN_IN_FIELD] as PendingSignIn | undefined;
          if (pending?.nonce !== nonce) throw new SignInUsed();
          const { [PENDING_SIGN_IN_FIELD]: _used, ...rest } = current;
          return Promise.resolve({
            data: rest,
            result: { credentialName, data: rest, verifier: pending.verifier },
          });
        });
      } catch (error) {
        if (error instanceof SignInUsed)
          return failure(
            400,
            'used_state',
            `This sign-in was already used, or a newer one was started. ${again}`,
          );
        if (error instanceof AppError && error.code === 'NOT_FOUND')
          return failure(404, 'credential_not_found', 'The credential of this sign-in no longer exists.');
        throw error;
      }
      const refusedBy = text(query.error).slice(0, 100);
      if (refusedBy) {
        const description = text(query.error_description).slice(0, 300);
        return failure(
          400,
          refusedBy,
          `The provider did not sign in (${refusedBy})${description ? `: ${description}` : ''}.`,
        );
      }
      const code = text(query.code);
      if (!code || code.length > 4096)
        return failure(400, 'missing_code', `The provider sent no usable code. ${again}`);
      try {
        await exchangeCode(workspaceId, credentialId, used.credentialName, used.data, code, used.verifier);
      } catch (error) {
        if (error instanceof TokenRefusal)
          return failure(400, error.error, `${sentence(error.message)} ${again}`);
        if (error instanceof AppError)
          return failure(
            error.code === 'SERVICE_UNAVAILABLE' ? 502 : error.statusCode,
            'token_exchange_failed',
            error.message,
          );
        throw error;
      }
      return {
        type: 'OAUTH2_SUCCESS',
        success: true,
        credentialId,
        message: 'The credential is connected.',
        status: 200,
      };
    },

    refresh,

    /** `POST /oauth2-credential/refresh/:id` (Flowise's answer, without any token). */
    async refreshAnswer(ctx: AuthContext, id: string): Promise<OAuth2RefreshAnswer> {
      const before = text((await credentials.decryptForRun(ctx.workspaceId, id)).data.refresh_token);
      const { data } = await refresh(ctx.workspaceId, id);
      return {
        success: true,
        message: 'OAuth2 token refreshed successfully',
        credentialId: id,
        tokenInfo: {
          ...(typeof data.token_type === 'string' && { token_type: data.token_type }),
          has_new_refresh_token: text(data.refresh_token) !== before,
          ...(typeof data.expires_at === 'string' && { expires_at: data.expires_at }),
        },
      };
    },
  };
}
export type OAuth2Service = ReturnType<typeof createOAuth2Service>;
