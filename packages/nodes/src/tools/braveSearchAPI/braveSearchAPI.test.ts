import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GuardedFetch } from '@flowloom/engine';
import { nodeContext } from '../../testing/node-context.js';
import { plainFetch, startFakeApi, type FakeApi } from '../fake-api.js';
import type { ToolHandle } from '../tool.js';
import { BRAVE_SEARCH_DEFAULT_URL, braveSearchAPI } from './braveSearchAPI.js';

const signal = new AbortController().signal;
let api: FakeApi;
beforeAll(async () => {
  api = await startFakeApi();
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
});

/** The tool on the fake service, or (`null`) on the default endpoint. */
async function build(baseUrl: string | null = api.url, http: GuardedFetch = plainFetch) {
  const ctx = nodeContext(braveSearchAPI, {
    credential: { braveApiKey: 'brave-key' },
    services: { http, providerBaseUrls: baseUrl ? { brave: baseUrl } : {} },
  });
  return (await braveSearchAPI.init!(ctx)) as ToolHandle;
}

describe('BraveSearch API', () => {
  it('GETs the web search with the key in X-Subscription-Token and lists the web results', async () => {
    api.reply({
      '/res/v1/web/search': {
        json: {
          type: 'search',
          web: {
            results: [
              {
                title: 'Brave Search',
                url: 'https://search.brave.com',
                description: 'A <strong>private</strong> search engine',
              },
              {
                title: 'Wikipedia',
                url: 'https://en.wikipedia.org/wiki/Brave',
                description: 'Brave is a browser',
              },
            ],
          },
        },
      },
    });
    const tool = await build();
    expect(tool.name).toBe('brave-search');
    expect(await tool.invoke({ input: 'brave private search' }, { signal })).toBe(
      [
        '- Brave Search — A private search engine — (https://search.brave.com)',
        '- Wikipedia — Brave is a browser — (https://en.wikipedia.org/wiki/Brave)',
      ].join('\n'),
    );
    const [request] = api.requests;
    expect(request).toMatchObject({
      method: 'GET',
      path: '/res/v1/web/search',
      query: { q: 'brave private search' },
    });
    expect(request!.headers).toMatchObject({
      'x-subscription-token': 'brave-key',
      accept: 'application/json',
    });
  });

  it('hands the model at most ten results', async () => {
    const results = Array.from({ length: 15 }, (_, i) => ({ title: `R${i}`, url: `https://r${i}.example` }));
    api.reply({ '/res/v1/web/search': { json: { web: { results } } } });
    const text = await (await build()).invoke({ input: 'x' }, { signal });
    expect(text.split('\n')).toHaveLength(10);
    expect(text).not.toContain('R10');
    api.reply({ '/res/v1/web/search': { json: { type: 'search' } } });
    expect(await (await build()).invoke({ input: 'x' }, { signal })).toBe('No good search result found');
  });

  it('turns error answers into messages naming Brave Search', async () => {
    const tool = await build();
    const cases: [unknown, string][] = [
      [
        {
          status: 422,
          json: {
            type: 'ErrorResponse',
            error: {
              code: 'SUBSCRIPTION_TOKEN_INVALID',
              detail: 'The subscription token is invalid.',
              status: 422,
            },
          },
        },
        'Brave Search answered HTTP 422 Unprocessable Entity: The subscription token is invalid',
      ],
      [
        { status: 401, json: { error: { message: 'bad token' } } },
        'Brave Search refused the request (HTTP 401 Unauthorized): bad token.',
      ],
      [
        { status: 429, json: { error: 'RATE_LIMITED' } },
        'Brave Search is limiting requests (HTTP 429 Too Many Requests): RATE_LIMITED.',
      ],
      [
        { status: 502, text: '<h1>Bad gateway</h1>', contentType: 'text/html' },
        'Brave Search failed to answer (HTTP 502 Bad Gateway): Bad gateway. Try again later.',
      ],
      [
        { text: '{"web": ', contentType: 'application/json' },
        'Brave Search did not answer with JSON (application/json): {"web":',
      ],
    ];
    for (const [reply, message] of cases) {
      api.reply({ '/res/v1/web/search': reply as never });
      await expect(tool.invoke({ input: 'x' }, { signal })).rejects.toThrow(message);
    }
  });

  it('calls api.search.brave.com unless the operator sets BRAVE_SEARCH_BASE_URL', async () => {
    const urls: string[] = [];
    const recording: GuardedFetch = (url) => {
      urls.push(url);
      return Promise.resolve(Response.json({}));
    };
    await (await build(null, recording)).invoke({ input: 'a b' }, { signal });
    expect(urls).toEqual([`${BRAVE_SEARCH_DEFAULT_URL}/res/v1/web/search?q=a+b`]);
    await expect(braveSearchAPI.init!(nodeContext(braveSearchAPI, { credential: {} }))).rejects.toThrow(
      'The Brave Search credential has no API key',
    );
  });
});
