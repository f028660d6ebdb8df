import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startFakeGmail,
  startFakeOAuthProvider,
  startTestLlmServer,
  type FakeGmail,
  type FakeOAuthProvider,
  type TestLlmServer,
} from '@flowloom/test-llm';
import { REDACTED_SECRET } from '@flowloom/shared';
import { openAiCredential, ownerSession, startTestServer, type Session, type TestServer } from './harness.js';
import { toolAgentFlow } from './tool-agent-flow.js';

/**
 * OAuth2 credentials end to end: a Gmail credential signs in at a fake Google (authorize → consent →
 * callback), its tokens are stored encrypted, and a Tool Agent on the scripted LLM sends mail with
 * them through a fake Gmail API, renewing an expired token once.
 */

const CLIENT = { clientId: 'gmail-client-id', clientSecret: 'gmail-client-secret-7d1f' };
const GOOGLE = {
  authorizationUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
  accessTokenUrl: 'https://oauth2.googleapis.com/token',
};

let llm: TestLlmServer;
let google: FakeOAuthProvider;
let gmail: FakeGmail;
let server: TestServer;
let owner: Session;
let credentialId: string;
let callbackUrl: string;

/** Follows the authorization URL like a browser whose person agrees: the provider's redirect back. */
async function consent(authorizationUrl: string): Promise<string> {
  const response = await fetch(authorizationUrl, { redirect: 'manual' });
  expect(response.status).toBe(302);
  const back = new URL(response.headers.get('location')!);
  return `${back.pathname}${back.search}`;
}

const callback = (path: string) => server.app.inject({ method: 'GET', url: path });

async function storedRow(id: string): Promise<string> {
  const row = await server.database.db
    .selectFrom('credential')
    .select('encryptedData')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.encryptedData;
}

beforeAll(async () => {
  llm = await startTestLlmServer();
  google = await startFakeOAuthProvider(CLIENT);
  gmail = await startFakeGmail({ accepts: google.accepts });
  server = await startTestServer({
    env: {
      OPENAI_BASE_URL: llm.openAiBaseUrl,
      FLOWLOOM_HTTP_ALLOW: '127.0.0.1',
      GOOGLE_OAUTH_BASE_URL: google.url,
      GMAIL_BASE_URL: gmail.url,
    },
  });
  owner = await ownerSession(server.app);
});

afterAll(async () => {
  await server.close();
  await Promise.all([llm.close(), google.close(), gmail.close()]);
});

describe('OAuth2 credentials', () => {
  it('signs a Gmail credential in and keeps its tokens encrypted, never answering them', async () => {
    const created = await owner.request('POST', '/api/v1/credentials', {
      name: 'Support mailbox',
      credentialName: 'gmailOAuth2',
      plainDataObj: { ...GOOGLE, ...CLIENT },
    });
    expect(created.statusCode).toBe(201);
    credentialId = created.json<{ id: string }>().id;

    const authorize = await owner.request('POST', `/api/v1/oauth2-credential/authorize/${credentialId}`);
    expect(authorize.statusCode).toBe(200);
    const answer = authorize.json<{ success: boolean; authorizationUrl: string; redirectUri: string }>();
    const redirectUri = `${server.config.appUrl}/api/v1/oauth2-credential/callback`;
    expect(answer).toMatchObject({ success: true, credentialId, redirectUri });
    const url = new URL(answer.authorizationUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${google.url}/o/oauth2/v2/auth`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: CLIENT.clientId,
      response_type: 'code',
      redirect_uri: redirectUri,
      access_type: 'offline',
      prompt: 'consent',
      code_challenge_method: 'S256',
      // Google's scopes stay space-separated (only Slack's are joined with commas).
      scope:
        'https://www.googleapis.com/auth/gmail.readonly https://www.googleapis.com/auth/gmail.compose https://www.googleapis.com/auth/gmail.modify https://www.googleapis.com/auth/gmail.labels',
    });

    callbackUrl = await consent(answer.authorizationUrl);
    const page = await callback(callbackUrl);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toMatch(/^default-src 'none'; script-src 'nonce-[^']+'/);
    expect(page.body).toContain('"type":"OAUTH2_SUCCESS"');
    expect(page.body).toContain(`"credentialId":"${credentialId}"`);
    // The page reports only to the app's own origin.
    expect(page.body).toContain(`postMessage(report, "${new URL(server.config.appUrl).origin}")`);

    const exchange = google.tokenRequests.at(-1)!;
    expect(Object.fromEntries(exchange)).toMatchObject({
      grant_type: 'authorization_code',
      client_id: CLIENT.clientId,
      client_secret: CLIENT.clientSecret,
      redirect_uri: redirectUri,
      code_verifier: expect.stringMatching(/^[\w-]{43}$/),
    });

    const shown = await owner.request('GET', `/api/v1/credentials/${credentialId}`);
    expect(shown.json<{ plainDataObj: Record<string, unknown> }>().plainDataObj).toMatchObject({
      clientId: CLIENT.clientId,
      clientSecret: REDACTED_SECRET,
      access_token: REDACTED_SECRET,
      refresh_token: REDACTED_SECRET,
      expires_at: REDACTED_SECRET,
    });
    const sealed = await storedRow(credentialId);
    for (const secret of [CLIENT.clientSecret, 'fake-access-', 'fake-refresh-', 'access_token'])
      expect(sealed).not.toContain(secret);
    expect(page.body).not.toMatch(/fake-(access|refresh)-/);
  });

  it('refuses a replayed, a tampered or a foreign state', async () => {
    const replay = await callback(callbackUrl);
    expect(replay.statusCode).toBe(400);
    expect(replay.body).toContain('"type":"OAUTH2_ERROR"');
    expect(replay.body).toContain('This sign-in was already used, or a newer one was started.');

    const authorize = await owner.request('POST', `/api/v1/oauth2-credential/authorize/${credentialId}`);
    const fresh = await consent(authorize.json<{ authorizationUrl: string }>().authorizationUrl);
    const state = new URL(fresh, 'http://x').searchParams.get('state')!;
    const [payload, signature] = state.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, w: 'another-workspace' })).toString('base64url');
    for (const bad of [`${forged}.${signature}`, `${payload}.${signature.slice(0, -2)}xx`, 'nonsense']) {
      const page = await callback(fresh.replace(encodeURIComponent(state), encodeURIComponent(bad)));
      expect(page.statusCode).toBe(400);
      expect(page.body).toContain('This sign-in link is not valid.');
    }
    // The untouched state still works once.
    expect((await callback(fresh)).statusCode).toBe(200);
    expect((await callback(fresh)).statusCode).toBe(400);
    const logs = server.logs.join('\n');
    for (const secret of [CLIENT.clientSecret, 'fake-access-', 'fake-refresh-', 'fake-code-', state])
      expect(logs).not.toContain(secret);
  });

  it('lets a Tool Agent send mail with the stored token, renewing an expired one once', async () => {
    const openAi = await openAiCredential(owner);
    const flow = await owner.request('POST', '/api/v1/chatflows', {
      name: 'Mail agent',
      type: 'CHATFLOW',
      flowData: JSON.stringify(
        toolAgentFlow(openAi, {
          name: 'gmail',
          inputs: { gmailType: 'messages', messageActions: '["sendMessage"]' },
          credential: credentialId,
        }),
      ),
    });
    const flowId = flow.json<{ id: string }>().id;
    const ask = async (to: string) => {
      llm.script({
        toolCalls: [
          { name: 'send_message', arguments: { to, subject: 'Your order', body: 'It ships today.' } },
        ],
      });
      const response = await server.app.inject({
        method: 'POST',
        url: `/api/v1/prediction/${flowId}`,
        payload: { question: 'Tell the customer the order ships today' },
      });
      expect(response.statusCode).toBe(200);
      return response.json<{ text: string; usedTools: { tool: string; toolOutput: string }[] }>();
    };

    const first = await ask('ann@example.com');
    expect(first.usedTools).toMatchObject([{ tool: 'send_message' }]);
    expect(first.text).toMatch(/^The tool said \{"id":"[^"]+","threadId"/);
    const sent = [...gmail.messages.values()].find((m) => m.headers.To === 'ann@example.com')!;
    expect(sent).toMatchObject({ labelIds: ['SENT'], body: 'It ships today.' });
    const usedToken = gmail.calls.at(-1)!.headers.authorization;
    expect(google.accepts(usedToken?.slice('Bearer '.length))).toBe(true);

    const exchanges = google.tokenRequests.length;
    const sealedBefore = await storedRow(credentialId);
    google.expireAccessTokens();
    await ask('bo@example.com');
    expect(gmail.calls.slice(-2).map((c) => c.headers.authorization === usedToken)).toEqual([true, false]);
    expect(google.tokenRequests.slice(exchanges).map((f) => f.get('grant_type'))).toEqual(['refresh_token']);
    expect([...gmail.messages.values()].some((m) => m.headers.To === 'bo@example.com')).toBe(true);
    // The new token was stored (sealed again) and the next run uses it without renewing.
    expect(await storedRow(credentialId)).not.toBe(sealedBefore);
    await ask('cy@example.com');
    expect(google.tokenRequests.length).toBe(exchanges + 1);
  });

  it('renews on request for whoever may update credentials, and asks for a new sign-in when refused', async () => {
    const renewed = await owner.request('POST', `/api/v1/oauth2-credential/refresh/${credentialId}`);
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json()).toEqual({
      success: true,
      message: 'OAuth2 token refreshed successfully',
      credentialId,
      tokenInfo: { token_type: 'Bearer', has_new_refresh_token: false, expires_at: expect.any(String) },
    });
    google.failNextToken(400, 'invalid_grant', 'Token has been expired or revoked.');
    const refused = await owner.request('POST', `/api/v1/oauth2-credential/refresh/${credentialId}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toBe(
      'Google refused (invalid_grant): Token has been expired or revoked. The Gmail OAuth2 credential needs a new sign-in: press Authenticate on it.',
    );

    const keys = (
      await owner.request('POST', '/api/v1/apikey', { keyName: 'viewer', permissions: ['credentials:view'] })
    ).json<{ keyName: string; apiKey: string }[]>();
    const viewer = keys.find((k) => k.keyName === 'viewer')!.apiKey;
    for (const step of ['authorize', 'refresh']) {
      const response = await server.app.inject({
        method: 'POST',
        url: `/api/v1/oauth2-credential/${step}/${credentialId}`,
        headers: { authorization: `Bearer ${viewer}` },
      });
      expect(response.statusCode).toBe(403);
    }
  });

  it('accepts only the provider’s own URLs, and drops the tokens when the client changes', async () => {
    const evil = await owner.request('POST', '/api/v1/credentials', {
      name: 'Exfiltrate',
      credentialName: 'gmailOAuth2',
      plainDataObj: { ...GOOGLE, ...CLIENT, accessTokenUrl: 'https://collector.example/token' },
    });
    expect(evil.statusCode).toBe(400);
    expect(evil.json<{ message: string }>().message).toBe(
      'The Access Token URL of a Google credential must be https://oauth2.googleapis.com/token: its client secret and tokens go only to Google',
    );
    const teams = await owner.request('POST', '/api/v1/credentials', {
      name: 'Teams',
      credentialName: 'microsoftTeamsOAuth2',
      plainDataObj: {
        authorizationUrl: 'https://login.microsoftonline.com/<tenantId>/oauth2/v2.0/authorize',
        accessTokenUrl: 'https://login.microsoftonline.com/<tenantId>/oauth2/v2.0/token',
        ...CLIENT,
      },
    });
    expect(teams.json<{ message: string }>().message).toBe(
      'Replace <tenantId> in the Authorization URL with your Microsoft Entra tenant (directory) id, or with common or organizations',
    );

    // A save that changes nothing keeps the sign-in; another client id needs a new one.
    const same = { ...GOOGLE, clientId: CLIENT.clientId, clientSecret: REDACTED_SECRET };
    await owner.request('PUT', `/api/v1/credentials/${credentialId}`, { plainDataObj: same });
    const kept = await owner.request('GET', `/api/v1/credentials/${credentialId}`);
    expect(kept.json<{ plainDataObj: Record<string, unknown> }>().plainDataObj.access_token).toBe(
      REDACTED_SECRET,
    );
    await owner.request('PUT', `/api/v1/credentials/${credentialId}`, {
      plainDataObj: { ...same, clientId: 'other' },
    });
    const dropped = await owner.request('GET', `/api/v1/credentials/${credentialId}`);
    expect(dropped.json<{ plainDataObj: Record<string, unknown> }>().plainDataObj).not.toHaveProperty(
      'access_token',
    );
  });
});
