import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { frameAncestorsFor } from '../src/http/security-headers.js';
import { ownerSession, startTestServer, type Session, type TestServer } from './harness.js';

/** Issue 10, finding 9: security headers on the web app, the API and the public chatbot page. */
describe('security headers', () => {
  let server: TestServer;
  let owner: Session;
  const ui = mkdtempSync(join(tmpdir(), 'flowloom-ui-'));

  beforeAll(async () => {
    mkdirSync(join(ui, 'assets'));
    writeFileSync(join(ui, 'index.html'), '<!doctype html><div id="root"></div>');
    server = await startTestServer({ env: { FLOWLOOM_UI_DIR: ui } });
    owner = await ownerSession(server.app);
  });
  afterAll(async () => {
    await server.close();
    rmSync(ui, { recursive: true, force: true });
  });

  const page = (url: string) => server.app.inject({ method: 'GET', url });
  const frameAncestors = (csp: unknown) => /frame-ancestors ([^;]*)/.exec(String(csp))?.[1];

  async function flow(isPublic: boolean, chatbotConfig?: Record<string, unknown>): Promise<string> {
    const created = await owner.request('POST', '/api/v1/chatflows', {
      name: 'bot',
      type: 'CHATFLOW',
      isPublic,
      ...(chatbotConfig && { chatbotConfig: JSON.stringify(chatbotConfig) }),
    });
    return created.json<{ id: string }>().id;
  }

  it('gives the web app a policy without inline script, and refuses framing', async () => {
    for (const url of ['/', '/chatflows', '/canvas/123']) {
      const response = await page(url);
      expect(response.statusCode).toBe(200);
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self';");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).not.toContain('unsafe-eval');
      expect(csp).toContain("object-src 'none'");
      expect(frameAncestors(csp)).toBe("'none'");
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });

  it('makes API answers inert documents that nothing may frame', async () => {
    for (const url of ['/api/v1/ping', '/api/v1/chatflows', '/api/v1/nope']) {
      const response = await page(url);
      expect(response.headers['content-security-policy']).toBe(
        "default-src 'none'; frame-ancestors 'none'; sandbox",
      );
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
    }
  });

  it('lets the public chatbot page be framed only where its flow allows', async () => {
    const listed = await flow(true, {
      allowedOrigins: ['https://shop.example/path', 'intranet.example:8443', ' '],
    });
    const open = await flow(true, { allowedOrigins: [''] });
    const closed = await flow(false, { allowedOrigins: ['https://shop.example'] });
    const cases: [string, string][] = [
      [listed, "'self' https://shop.example intranet.example:8443"],
      [open, '*'],
      [closed, "'self'"],
      ['9b3c0a57-9a3e-4c43-bd5f-1a2b3c4d5e6f', "'self'"],
      ['not-a-flow-id', "'self'"],
    ];
    for (const [id, expected] of cases) {
      const response = await page(`/chatbot/${id}`);
      expect(response.statusCode).toBe(200);
      expect(frameAncestors(response.headers['content-security-policy']), id).toBe(expected);
      expect(response.headers['x-frame-options']).toBeUndefined();
      expect(String(response.headers['content-security-policy'])).toContain("script-src 'self';");
    }
  });

  it('reads allowed origins defensively', () => {
    expect(frameAncestorsFor(undefined)).toBe("'self'");
    expect(frameAncestorsFor({ isPublic: 1, chatbotConfig: 'not json' })).toBe("'self'");
    expect(frameAncestorsFor({ isPublic: 1, chatbotConfig: null })).toBe('*');
    expect(
      frameAncestorsFor({ isPublic: 1, chatbotConfig: '{"allowedOrigins":["javascript:alert(1)"]}' }),
    ).toBe("'self'");
  });
});
