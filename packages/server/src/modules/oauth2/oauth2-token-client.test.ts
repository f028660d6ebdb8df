import { describe, expect, it } from 'vitest';
import type { GuardedFetch } from '@flowloom/engine';
import { requestTokens, TokenRefusal } from './oauth2-token-client.js';

/** A token endpoint that answers `body` with `status`, recording the form it was sent. */
function endpoint(status: number, body: unknown) {
  const forms: URLSearchParams[] = [];
  const http: GuardedFetch = (_url, init) => {
    forms.push(new URLSearchParams(typeof init?.body === 'string' ? init.body : ''));
    return Promise.resolve(
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
    );
  };
  return { http, forms };
}

const FORM = {
  grant_type: 'refresh_token',
  refresh_token: 'xoxe-1-refresh',
  client_secret: 'very-secret-value',
};
const slack = (status: number, body: unknown) =>
  requestTokens(
    endpoint(status, body).http,
    'https://slack.com/api/oauth.v2.user.access',
    'Slack',
    FORM,
    'slack',
  );

describe('token answers in Slack’s dialect', () => {
  it('reads the user token at the top level (token rotation) or under authed_user, typed user', async () => {
    await expect(
      slack(200, {
        ok: true,
        access_token: 'xoxp-top',
        token_type: 'user',
        expires_in: 43200,
        refresh_token: 'xoxe-2',
      }),
    ).resolves.toEqual({
      access_token: 'xoxp-top',
      token_type: 'user',
      expires_in: 43200,
      refresh_token: 'xoxe-2',
    });
    await expect(
      slack(200, {
        ok: true,
        team: { id: 'T1' },
        authed_user: { id: 'U1', access_token: 'xoxp-nested', token_type: 'user', scope: 'chat:write' },
      }),
    ).resolves.toEqual({ access_token: 'xoxp-nested', token_type: 'user', granted_scope: 'chat:write' });
  });

  it('takes a 200 without ok: true as a refusal, and Slack’s own trouble as unavailable', async () => {
    const refused = slack(200, { ok: false, error: 'invalid_refresh_token' });
    await expect(refused).rejects.toBeInstanceOf(TokenRefusal);
    await expect(refused).rejects.toThrow('Slack refused (invalid_refresh_token)');
    await expect(slack(200, { access_token: 'xoxp-no-ok' })).rejects.toThrow(
      'Slack refused (no ok in the answer)',
    );
    const trouble = slack(200, { ok: false, error: 'internal_error' });
    await expect(trouble).rejects.not.toBeInstanceOf(TokenRefusal);
    await expect(trouble).rejects.toThrow('Slack failed to answer the token request (internal_error)');
    await expect(slack(429, { ok: false, error: 'ratelimited' })).rejects.toThrow(
      'Slack failed to answer the token request (HTTP 429)',
    );
  });

  it('still refuses token types other than bearer in the standard dialect', async () => {
    const { http } = endpoint(200, { access_token: 'xoxp-1', token_type: 'user' });
    await expect(requestTokens(http, 'https://oauth2.googleapis.com/token', 'Google', FORM)).rejects.toThrow(
      'Google answered a user token, not a bearer token',
    );
    const refused = endpoint(400, { error: 'invalid_grant', error_description: 'bad very-secret-value' });
    await expect(
      requestTokens(refused.http, 'https://oauth2.googleapis.com/token', 'Google', FORM),
    ).rejects.toThrow('Google refused (invalid_grant): bad ***');
  });
});
