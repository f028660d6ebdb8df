import { describe, expect, it } from 'vitest';
import { oauth2BasesFromEnv, oauth2Endpoints } from './oauth2-providers.js';

const MS = 'https://login.microsoftonline.com';

describe('OAuth2 provider endpoints', () => {
  it("sends a Google credential's secret only to Google, or to the operator's replacement", () => {
    const defaults = {
      authorizationUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
      accessTokenUrl: 'https://oauth2.googleapis.com/token',
    };
    expect(oauth2Endpoints('google', defaults, {})).toEqual({
      authorizeUrl: defaults.authorizationUrl,
      tokenUrl: defaults.accessTokenUrl,
      name: 'Google',
    });
    expect(oauth2Endpoints('google', {}, { google: 'http://127.0.0.1:9000' })).toMatchObject({
      authorizeUrl: 'http://127.0.0.1:9000/o/oauth2/v2/auth',
      tokenUrl: 'http://127.0.0.1:9000/token',
    });
    expect(() =>
      oauth2Endpoints('google', { accessTokenUrl: 'https://oauth2.googleapis.com.evil.example/token' }, {}),
    ).toThrow('The Access Token URL of a Google credential must be https://oauth2.googleapis.com/token');
    expect(() => oauth2Endpoints('google', { authorizationUrl: 'https://phish.example/auth' }, {})).toThrow(
      'The Authorization URL of a Google credential must be',
    );
  });

  it("reads a Microsoft credential's tenant and keeps its secret at Microsoft's sign-in service", () => {
    const tenant = (t: string, step = 'token') => `${MS}/${t}/oauth2/v2.0/${step}`;
    const data = (a: string, t: string) => ({
      authorizationUrl: tenant(a, 'authorize'),
      accessTokenUrl: tenant(t),
    });
    expect(
      oauth2Endpoints('microsoft', data('contoso.onmicrosoft.com', 'contoso.onmicrosoft.com'), {}),
    ).toEqual({
      authorizeUrl: tenant('contoso.onmicrosoft.com', 'authorize'),
      tokenUrl: tenant('contoso.onmicrosoft.com'),
      name: 'Microsoft',
    });
    expect(
      oauth2Endpoints('microsoft', data('common', 'common'), { microsoft: 'http://127.0.0.1:9001' }),
    ).toMatchObject({
      tokenUrl: 'http://127.0.0.1:9001/common/oauth2/v2.0/token',
    });
    expect(() => oauth2Endpoints('microsoft', data('<tenantId>', 'common'), {})).toThrow(
      'Replace <tenantId> in the Authorization URL',
    );
    expect(() => oauth2Endpoints('microsoft', data('a', 'b'), {})).toThrow(
      'must name the same Microsoft tenant',
    );
    expect(() =>
      oauth2Endpoints(
        'microsoft',
        { ...data('common', 'common'), accessTokenUrl: 'https://evil.example/common/oauth2/v2.0/token' },
        {},
      ),
    ).toThrow('The Access Token URL of a Microsoft credential must be');
    expect(() => oauth2Endpoints('microsoft', data('common/../x', 'common'), {})).toThrow('must be');
  });

  it("sends a Slack credential's secret only to Slack's user-token method, or the operator's replacement", () => {
    expect(oauth2Endpoints('slack', {}, {})).toEqual({
      authorizeUrl: 'https://slack.com/oauth/v2_user/authorize',
      tokenUrl: 'https://slack.com/api/oauth.v2.user.access',
      name: 'Slack',
    });
    expect(oauth2Endpoints('slack', {}, { slack: 'http://127.0.0.1:9002' })).toMatchObject({
      authorizeUrl: 'http://127.0.0.1:9002/oauth/v2_user/authorize',
      tokenUrl: 'http://127.0.0.1:9002/api/oauth.v2.user.access',
    });
    expect(() =>
      oauth2Endpoints(
        'slack',
        { accessTokenUrl: 'https://slack.com.evil.example/api/oauth.v2.user.access' },
        {},
      ),
    ).toThrow(
      'The Access Token URL of a Slack credential must be https://slack.com/api/oauth.v2.user.access: its client secret and tokens go only to Slack',
    );
  });

  it('reads the operator settings', () => {
    expect(
      oauth2BasesFromEnv({
        GOOGLE_OAUTH_BASE_URL: ' http://g.test/ ',
        MICROSOFT_LOGIN_BASE_URL: '',
        SLACK_OAUTH_BASE_URL: 'http://s.test',
      }),
    ).toEqual({
      google: 'http://g.test',
      microsoft: undefined,
      slack: 'http://s.test',
    });
  });
});
