import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, OWNER, ownerSession, startTestServer, type TestServer } from './harness.js';
import { redactUrl } from '../src/http/log-redaction.js';

/** Secrets must never appear in an API answer or a log line, whatever the client does. */
describe('secrets stay on the server', () => {
  let server: TestServer;
  const credentialSecret = 'sk-live-SECRET-7a1e9b33c0de';
  const bodies: string[] = [];
  let apiKey = '';

  beforeAll(async () => {
    server = await startTestServer({ env: { LOG_LEVEL: 'debug' } });
    const owner = await ownerSession(server.app);
    const record = async (p: Promise<{ body: string; headers: Record<string, unknown> }>) => {
      const r = await p;
      bodies.push(r.body);
      return r;
    };
    const created = await record(
      owner.request('POST', '/api/v1/credentials', {
        name: 'prod',
        credentialName: 'openAIApi',
        plainDataObj: { openAIApiKey: credentialSecret },
      }),
    );
    const id = (JSON.parse(created.body) as { id: string }).id;
    await record(owner.request('GET', '/api/v1/credentials'));
    await record(owner.request('GET', `/api/v1/credentials/${id}`));
    await record(
      owner.request('PUT', `/api/v1/credentials/${id}`, {
        name: 'prod 2',
        plainDataObj: { openAIApiKey: credentialSecret },
      }),
    );
    await record(owner.request('GET', `/api/v1/credentials/${id}`));
    await record(
      owner.request('POST', '/api/v1/credentials', {
        name: 'bad',
        credentialName: 'nope',
        plainDataObj: { key: credentialSecret },
      }),
    );
    const keys = JSON.parse((await owner.request('POST', '/api/v1/apikey', { keyName: 'k' })).body) as {
      keyName: string;
      apiKey: string;
    }[];
    apiKey = keys.find((k) => k.keyName === 'k')!.apiKey;
    await record(server.app.inject({ method: 'GET', url: `/api/v1/verify/apikey/${apiKey}` }));
    await record(
      server.app.inject({
        method: 'GET',
        url: '/api/v1/credentials',
        headers: { authorization: `Bearer ${apiKey}` },
      }),
    );
    await record(owner.request('GET', '/api/v1/apikey'));
    await record(
      server.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: OWNER.email, password: 'Wrong-pass-1!' },
      }),
    );
    await login(server.app);
  });
  afterAll(async () => server.close());

  it('writes the log (the check below would be empty otherwise)', () => {
    expect(server.logs.length).toBeGreaterThan(5);
  });

  it('never returns credential data after creation', () => {
    for (const body of bodies) expect(body).not.toContain(credentialSecret);
  });

  it('never writes credential data, passwords, API keys or session tokens to the log', async () => {
    const log = server.logs.join('\n');
    expect(log).not.toContain(credentialSecret);
    expect(log).not.toContain(OWNER.password);
    expect(log).not.toContain('Wrong-pass-1!');
    expect(log).not.toContain(apiKey);
    // Request lines are logged at debug level, with the key in the path masked.
    expect(log).toContain('/api/v1/verify/apikey/[redacted]');
    const session = await login(server.app);
    expect(server.logs.join('\n')).not.toContain(session.token);
  });

  it('masks secret-bearing URLs before logging them', () => {
    expect(redactUrl('/api/v1/verify/apikey/abc123?x=1')).toBe('/api/v1/verify/apikey/[redacted]?x=1');
    expect(redactUrl('/reset?token=abc&email=a')).toBe('/reset?token=[redacted]&email=a');
  });
});
