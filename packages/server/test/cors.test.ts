import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPTY_FLOW, ownerSession, startTestServer, type Session, type TestServer } from './harness.js';

const SHOP = 'https://shop.example';
const OTHER = 'https://other.example';
const LISTED = 'https://partner.example';

/** Cross-origin access (SHARING.md §5): the global list, a flow's allowed domains, session endpoints. */
describe('CORS', () => {
  let server: TestServer;
  let owner: Session;
  let openFlow: string;
  let shopFlow: string;

  const inject = (method: string, url: string, headers: Record<string, string>, payload?: object) =>
    server.app.inject({ method: method as 'GET', url, headers, ...(payload && { payload }) });
  const preflight = (url: string, origin: string, method = 'POST') =>
    inject('OPTIONS', url, {
      origin,
      'access-control-request-method': method,
      'access-control-request-headers': 'content-type',
    });

  async function createFlow(chatbotConfig?: object) {
    const response = await owner.request('POST', '/api/v1/chatflows', {
      name: 'Widget flow',
      type: 'CHATFLOW',
      flowData: EMPTY_FLOW,
      isPublic: true,
      ...(chatbotConfig && { chatbotConfig: JSON.stringify(chatbotConfig) }),
    });
    expect(response.statusCode).toBe(201);
    return response.json<{ id: string }>().id;
  }

  beforeAll(async () => {
    server = await startTestServer({
      env: { CORS_ORIGINS: `${LISTED}, HTTPS://Listed2.example`, CORS_ALLOW_CREDENTIALS: 'true' },
    });
    owner = await ownerSession(server.app);
    openFlow = await createFlow({ allowedOrigins: [''] });
    shopFlow = await createFlow({
      allowedOrigins: [`${SHOP}/`],
      allowedOriginsError: 'Only on the shop, please',
    });
  });
  afterAll(async () => server.close());

  it('lets any site call the public run routes of a flow without allowed domains, without cookies', async () => {
    for (const url of [
      `/api/v1/public-chatbotConfig/${openFlow}`,
      `/api/v1/chatflows-streaming/${openFlow}`,
      `/api/v1/chatflows-uploads/${openFlow}`,
    ]) {
      const response = await inject('GET', url, { origin: OTHER });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['access-control-allow-origin'], url).toBe(OTHER);
      expect(response.headers['access-control-allow-credentials'], url).toBeUndefined();
      expect(response.headers.vary).toContain('Origin');
    }
    const allowed = await preflight(`/api/v1/prediction/${openFlow}`, OTHER);
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe(OTHER);
    expect(allowed.headers['access-control-allow-methods']).toContain('POST');
    expect(allowed.headers['access-control-allow-headers']).toBe('content-type');
  });

  it("follows a flow's allowed domains, compared by host", async () => {
    const shop = await inject('GET', `/api/v1/public-chatbotConfig/${shopFlow}`, { origin: SHOP });
    expect(shop.headers['access-control-allow-origin']).toBe(SHOP);
    const other = await inject('GET', `/api/v1/public-chatbotConfig/${shopFlow}`, { origin: OTHER });
    expect(other.statusCode).toBe(200);
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    // The settings leave out the list itself.
    expect(other.body).not.toContain('shop.example');
    const refusedPreflight = await preflight(`/api/v1/feedback/${shopFlow}`, OTHER);
    expect(refusedPreflight.statusCode).toBe(204);
    expect(refusedPreflight.headers['access-control-allow-origin']).toBeUndefined();
    const shopPreflight = await preflight(`/api/v1/feedback/${shopFlow}`, SHOP);
    expect(shopPreflight.headers['access-control-allow-origin']).toBe(SHOP);
  });

  it("refuses a site off the flow's list with the flow's message, which that site may read", async () => {
    const pre = await preflight(`/api/v1/prediction/${shopFlow}`, OTHER);
    expect(pre.headers['access-control-allow-origin']).toBe(OTHER);
    const json = await inject(
      'POST',
      `/api/v1/prediction/${shopFlow}`,
      { origin: OTHER },
      { question: 'Hi' },
    );
    expect(json.statusCode).toBe(403);
    expect(json.json()).toMatchObject({ message: 'Only on the shop, please' });
    expect(json.headers['access-control-allow-origin']).toBe(OTHER);
    const streamed = await inject(
      'POST',
      `/api/v1/prediction/${shopFlow}`,
      { origin: OTHER },
      { question: 'Hi', streaming: true },
    );
    expect(streamed.statusCode).toBe(403);
    expect(streamed.body).toBe('Only on the shop, please');
    // A flow that does not exist opens nothing.
    const missing = await preflight('/api/v1/prediction/5f0c1a52-7d39-4c5b-9b4e-3f1d2a6c8e90', OTHER);
    expect(missing.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('decides a lead by the flow named in its body; its preflight (no body) passes', async () => {
    const pre = await preflight('/api/v1/leads', OTHER);
    expect(pre.headers['access-control-allow-origin']).toBe(OTHER);
    const open = await inject(
      'POST',
      '/api/v1/leads',
      { origin: OTHER },
      { chatflowid: openFlow, email: 'a@b.example' },
    );
    expect(open.statusCode).toBe(200);
    expect(open.headers['access-control-allow-origin']).toBe(OTHER);
    // The Flowise widget posts to /leads/ (with the slash).
    const widget = await inject(
      'POST',
      '/api/v1/leads/',
      { origin: OTHER },
      { chatflowid: openFlow, email: 'c@d.example' },
    );
    expect(widget.statusCode).toBe(200);
    expect(widget.headers['access-control-allow-origin']).toBe(OTHER);
    const shop = await inject(
      'POST',
      '/api/v1/leads',
      { origin: OTHER },
      { chatflowid: shopFlow, email: 'a@b.example' },
    );
    expect(shop.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('decides text to speech by the flow named in its body (chatflowId), as the widget sends it', async () => {
    const speak = (chatflowId: string) =>
      inject(
        'POST',
        '/api/v1/text-to-speech/generate',
        { origin: OTHER },
        { chatflowId, chatId: 'chat-1', text: 'Hello there' },
      );
    expect((await speak(openFlow)).headers['access-control-allow-origin']).toBe(OTHER);
    expect((await speak(shopFlow)).headers['access-control-allow-origin']).toBeUndefined();
  });

  it('never allows Origin: null, and needs nothing for requests without an Origin or from this server', async () => {
    for (const url of [`/api/v1/public-chatbotConfig/${openFlow}`, '/api/v1/ping']) {
      const nullOrigin = await inject('GET', url, { origin: 'null' });
      expect(nullOrigin.headers['access-control-allow-origin'], url).toBeUndefined();
    }
    const nullPreflight = await preflight(`/api/v1/prediction/${openFlow}`, 'null');
    expect(nullPreflight.headers['access-control-allow-origin']).toBeUndefined();
    const none = await inject('GET', `/api/v1/public-chatbotConfig/${openFlow}`, {});
    expect(none.headers['access-control-allow-origin']).toBeUndefined();
    // The share page on this server is never "another site", whatever the flow's list says.
    const own = await inject(
      'POST',
      `/api/v1/prediction/${shopFlow}`,
      { origin: 'http://localhost:80', host: 'localhost:80' },
      { question: 'Hi' },
    );
    expect(own.statusCode).not.toBe(403);
  });

  it('opens other routes to the CORS_ORIGINS list only, with cookies when allowed', async () => {
    const listed = await inject('GET', '/api/v1/chatflows', {
      origin: 'https://listed2.example',
      cookie: owner.cookie,
      'x-request-from': 'internal',
    });
    expect(listed.headers['access-control-allow-origin']).toBe('https://listed2.example');
    expect(listed.headers['access-control-allow-credentials']).toBe('true');
    const stranger = await inject('GET', '/api/v1/chatflows', { origin: OTHER });
    expect(stranger.headers['access-control-allow-origin']).toBeUndefined();
    const strangerPreflight = await preflight('/api/v1/chatflows', OTHER, 'GET');
    expect(strangerPreflight.headers['access-control-allow-origin']).toBeUndefined();
    // A flow's allowed domains open only that flow's public routes, never with cookies.
    const shopOnMembers = await inject('GET', `/api/v1/chatflows/${shopFlow}`, { origin: SHOP });
    expect(shopOnMembers.headers['access-control-allow-origin']).toBeUndefined();
    const shopFeedbackList = await preflight(`/api/v1/feedback/${shopFlow}`, SHOP, 'GET');
    expect(shopFeedbackList.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('keeps session endpoints to APP_URL and the explicit list', async () => {
    for (const url of ['/api/v1/auth/login', '/api/v1/auth/refreshToken', '/api/v1/account/register']) {
      const stranger = await preflight(url, OTHER);
      expect(stranger.headers['access-control-allow-origin'], url).toBeUndefined();
      const app = await preflight(url, 'http://localhost:3000');
      expect(app.headers['access-control-allow-origin'], url).toBe('http://localhost:3000');
      const listed = await preflight(url, LISTED);
      expect(listed.headers['access-control-allow-origin'], url).toBe(LISTED);
    }
  });
});

describe('CORS_ORIGINS=*', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { CORS_ORIGINS: '*', CORS_ALLOW_CREDENTIALS: 'true' } });
  });
  afterAll(async () => server.close());

  it('opens every route but the session endpoints, never with cookies, and says so at start', async () => {
    const ping = await server.app.inject({
      method: 'GET',
      url: '/api/v1/ping',
      headers: { origin: OTHER },
    });
    expect(ping.headers['access-control-allow-origin']).toBe(OTHER);
    expect(ping.headers['access-control-allow-credentials']).toBeUndefined();
    const login = await server.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/auth/login',
      headers: { origin: OTHER, 'access-control-request-method': 'POST' },
    });
    expect(login.headers['access-control-allow-origin']).toBeUndefined();
    expect(server.logs.some((line) => line.includes('cannot be combined with CORS_ALLOW_CREDENTIALS'))).toBe(
      true,
    );
  });
});

describe('CORS_ORIGINS that is not a list of origins', () => {
  it('stops the server at start with the reason', async () => {
    await expect(startTestServer({ env: { CORS_ORIGINS: 'shop.example/path' } })).rejects.toThrow(
      /CORS_ORIGINS must be \* or a comma-separated list of origins/,
    );
  });
});
