import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { html, plainFetch, startServer } from './test-fixtures.js';
import { fetchText } from './web.js';

let site: Awaited<ReturnType<typeof startServer>>;

beforeAll(async () => {
  site = await startServer({
    '/page': html('<p>hello</p>'),
    '/latin1': (_request, response) =>
      void response
        .writeHead(200, { 'content-type': 'text/html; charset=iso-8859-1' })
        .end(Buffer.from([0x63, 0x61, 0x66, 0xe9])),
    '/silent': () => {}, // never answers
    '/stalls': (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.write('<p>the start, then nothing'); // the body never ends
    },
    '/big': (_request, response) =>
      void response.writeHead(200, { 'content-type': 'text/html' }).end('x'.repeat(5000)),
  });
});
afterAll(() => site.close());

describe('fetchText', () => {
  it('reads a page as text in the charset it declares', async () => {
    expect((await fetchText(plainFetch, `${site.url}/page`)).text).toBe('<p>hello</p>');
    expect((await fetchText(plainFetch, `${site.url}/latin1`)).text).toBe('café');
  });

  it('gives up on a page that does not answer, or stops sending, within the time limit', async () => {
    await expect(fetchText(plainFetch, `${site.url}/silent`, { timeoutMs: 200 })).rejects.toThrow(
      `${site.url}/silent did not answer within 0.2 seconds`,
    );
    await expect(fetchText(plainFetch, `${site.url}/stalls`, { timeoutMs: 200 })).rejects.toThrow(
      `${site.url}/stalls did not answer within 0.2 seconds`,
    );
  });

  it('stops reading a page larger than the limit', async () => {
    await expect(fetchText(plainFetch, `${site.url}/big`, { maxBytes: 1000 })).rejects.toThrow(
      `${site.url}/big is larger than 1000 bytes; it was not loaded`,
    );
  });

  it('passes on the guarded client’s refusal as it is', async () => {
    const refuse = (url: string) =>
      Promise.reject(
        new Error(`Refused to fetch ${url}: private address (set FLOWLOOM_HTTP_ALLOW to allow it)`),
      );
    await expect(fetchText(refuse, 'http://10.0.0.7/admin')).rejects.toThrow(
      'Refused to fetch http://10.0.0.7/admin: private address (set FLOWLOOM_HTTP_ALLOW to allow it)',
    );
  });

  it('ends with the run’s own reason when the run is cancelled', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('cancelled by the user')), 50);
    await expect(fetchText(plainFetch, `${site.url}/silent`, { signal: controller.signal })).rejects.toThrow(
      'cancelled by the user',
    );
  });
});
