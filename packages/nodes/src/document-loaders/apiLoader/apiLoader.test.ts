import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, loadWith, plainFetch, startServer } from '../test-fixtures.js';
import { apiLoader } from './apiLoader.js';

let site: Awaited<ReturnType<typeof startServer>>;
const services = { http: plainFetch };

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

beforeAll(async () => {
  site = await startServer({
    '/items': answer('application/json', '{"items":[{"id":1}]}'),
    '/echo': (request, response) =>
      void bodyOf(request).then((body) =>
        response.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            method: request.method,
            token: request.headers['x-token'],
            type: request.headers['content-type'],
            body: JSON.parse(body) as unknown,
          }),
        ),
      ),
    '/text': answer('text/plain', 'plain answer'),
    '/fails': answer('application/json', '{"error":"no such thing"}', 404),
  });
});
afterAll(() => site.close());

describe('API Loader', () => {
  it('makes one document of a GET answer, JSON pretty-printed', async () => {
    expect(await loadWith(apiLoader, { method: 'GET', url: `${site.url}/items` }, { services })).toEqual([
      {
        pageContent: '{\n  "items": [\n    {\n      "id": 1\n    }\n  ]\n}',
        metadata: { url: `${site.url}/items` },
      },
    ]);
  });

  it('POSTs the JSON body with the headers given', async () => {
    const [doc] = await loadWith(
      apiLoader,
      { method: 'POST', url: `${site.url}/echo`, headers: '{"x-token":"abc"}', body: '{"query":"tea"}' },
      { services },
    );
    expect(JSON.parse(doc!.pageContent)).toEqual({
      method: 'POST',
      token: 'abc',
      type: 'application/json',
      body: { query: 'tea' },
    });
  });

  it('keeps an answer that is not JSON as it came', async () => {
    const [doc] = await loadWith(apiLoader, { method: 'GET', url: `${site.url}/text` }, { services });
    expect(doc!.pageContent).toBe('plain answer');
  });

  it('says what the API answered when it fails', async () => {
    await expect(
      loadWith(apiLoader, { method: 'GET', url: `${site.url}/fails` }, { services }),
    ).rejects.toThrow(`GET ${site.url}/fails answered 404 Not Found: {"error":"no such thing"}`);
  });

  it('shows the refusal of the guarded HTTP client, and refuses an invalid URL', async () => {
    const refuse = (url: string) =>
      Promise.reject(
        new Error(`Refused to fetch ${url}: link-local address (set FLOWLOOM_HTTP_ALLOW to allow it)`),
      );
    await expect(
      loadWith(
        apiLoader,
        { method: 'GET', url: 'http://169.254.169.254/latest' },
        { services: { http: refuse } },
      ),
    ).rejects.toThrow('Refused to fetch http://169.254.169.254/latest: link-local address');
    await expect(
      loadWith(apiLoader, { method: 'GET', url: 'ftp://example.com' }, { services }),
    ).rejects.toThrow('"ftp://example.com" is not a valid http(s) URL');
  });
});
