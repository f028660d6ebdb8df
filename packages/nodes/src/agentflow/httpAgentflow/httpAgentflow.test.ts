import { describe, expect, it } from 'vitest';
import { nodeContext, testServices } from '../common/test-harness.js';
import { httpAgentflow } from './httpAgentflow.js';

interface Seen {
  url: string;
  method: string | undefined;
  headers: Headers;
  body: unknown;
}

function recording(response: () => Response) {
  const seen: Seen[] = [];
  const services = testServices({
    http: (url, init) => {
      seen.push({ url, method: init?.method, headers: new Headers(init?.headers), body: init?.body });
      return Promise.resolve(response());
    },
  });
  return { seen, services };
}

describe('httpAgentflow', () => {
  it('sends method, query params, headers and a lenient JSON body; answers the parsed data', async () => {
    const { seen, services } = recording(() =>
      Response.json({ ok: true }, { status: 201, statusText: 'Created' }),
    );
    const result = await httpAgentflow.run(
      nodeContext(
        httpAgentflow,
        {
          method: 'POST',
          url: 'https://api.test/items?x=1',
          queryParams: [
            { key: 'q', value: 'a b' },
            { key: 'skip', value: '' },
          ],
          headers: [{ key: 'X-Team', value: 'blue' }],
          bodyType: 'json',
          body: "{name: 'n', tags: ['a',],}",
        },
        { services, credential: () => Promise.resolve({ token: 'secret' }) },
      ),
    );
    expect(seen[0]!.url).toBe('https://api.test/items?x=1&q=a+b');
    expect(seen[0]!.method).toBe('POST');
    expect(seen[0]!.headers.get('x-team')).toBe('blue');
    expect(seen[0]!.headers.get('authorization')).toBe('Bearer secret');
    expect(seen[0]!.body).toBe('{"name":"n","tags":["a"]}');
    expect(result.output.http).toMatchObject({ data: { ok: true }, status: 201, statusText: 'Created' });
    expect(result.output.content).toBe('{"ok":true}');
    expect(JSON.stringify(result.input)).not.toContain('secret');
  });

  it('sends no body with GET, form bodies encoded, and basic or API-key credentials', async () => {
    const { seen, services } = recording(() => new Response('plain'));
    const run = (inputs: Record<string, unknown>, credential: Record<string, unknown> = {}) =>
      httpAgentflow.run(
        nodeContext(httpAgentflow, inputs, { services, credential: () => Promise.resolve(credential) }),
      );
    const get = await run({ url: 'https://a.test', bodyType: 'raw', body: 'x', responseType: 'text' });
    expect(seen[0]!.body).toBeUndefined();
    expect(get.output.http).toMatchObject({ data: 'plain' });
    await run(
      {
        method: 'PUT',
        url: 'https://a.test',
        bodyType: 'xWwwFormUrlencoded',
        body: [{ key: 'a', value: '1' }],
      },
      { basicAuthUsername: 'u', basicAuthPassword: 'p' },
    );
    expect(seen[1]!.body).toBe('a=1');
    expect(seen[1]!.headers.get('authorization')).toBe(`Basic ${btoa('u:p')}`);
    const b64 = await run({ url: 'https://a.test', responseType: 'base64' }, { key: 'X-Key', value: 'k' });
    expect(seen[2]!.headers.get('x-key')).toBe('k');
    expect(b64.output.http).toMatchObject({ data: btoa('plain') });
  });

  it('fails on a non-2xx answer with the server message', async () => {
    const { services } = recording(() => new Response('nope', { status: 404, statusText: 'Not Found' }));
    await expect(
      httpAgentflow.run(nodeContext(httpAgentflow, { url: 'https://a.test' }, { services })),
    ).rejects.toThrow('HTTP 404 Not Found: nope');
    await expect(
      httpAgentflow.run(nodeContext(httpAgentflow, { url: 'not a url' }, { services })),
    ).rejects.toThrow(/not a valid URL/);
  });
});
