import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GuardedFetch } from '@flowloom/engine';
import { nodeContext } from '../../testing/node-context.js';
import { plainFetch, startFakeApi, type FakeApi } from '../fake-api.js';
import type { ToolHandle } from '../tool.js';
import { SERPER_DEFAULT_URL, serper } from './serper.js';

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
  const ctx = nodeContext(serper, {
    credential: { serperApiKey: 'serper-key' },
    services: { http, providerBaseUrls: baseUrl ? { serper: baseUrl } : {} },
  });
  return (await serper.init!(ctx)) as ToolHandle;
}

describe('Serper', () => {
  it('POSTs the query to /search with the key in X-API-KEY and answers the direct answer, panel and results', async () => {
    api.reply({
      '/search': {
        json: {
          answerBox: { answer: '8,849 m' },
          knowledgeGraph: { title: 'Mount Everest', description: 'Highest mountain above sea level' },
          organic: [
            {
              title: 'Everest - Wikipedia',
              link: 'https://en.wikipedia.org/wiki/Everest',
              snippet: 'Earth’s highest',
            },
          ],
        },
      },
    });
    const tool = await build();
    expect(tool.name).toBe('search');
    expect(await tool.invoke({ input: 'height of everest' }, { signal })).toBe(
      [
        'Answer: 8,849 m',
        'Mount Everest: Highest mountain above sea level',
        '- Everest - Wikipedia — Earth’s highest — (https://en.wikipedia.org/wiki/Everest)',
      ].join('\n'),
    );
    const [request] = api.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/search', query: {} });
    expect(request!.headers).toMatchObject({ 'x-api-key': 'serper-key', 'content-type': 'application/json' });
    expect(JSON.parse(request!.body)).toEqual({ q: 'height of everest' });
  });

  it('falls back to a highlighted snippet, and says when nothing was found', async () => {
    api.reply({ '/search': { json: { answerBox: { snippetHighlighted: ['42'] } } } });
    expect(await (await build()).invoke({ input: 'x' }, { signal })).toBe('Answer: 42');
    api.reply({ '/search': { json: { organic: [] } } });
    expect(await (await build()).invoke({ input: 'x' }, { signal })).toBe('No good search result found');
  });

  it('turns error answers into messages naming Serper', async () => {
    const tool = await build();
    const cases: [unknown, string][] = [
      [
        { status: 401, json: { message: 'Unauthorized.', statusCode: 401 } },
        'Serper refused the request (HTTP 401 Unauthorized): Unauthorized. Check the API key in its credential.',
      ],
      [
        { status: 429, json: { message: 'Rate limit' } },
        'Serper is limiting requests (HTTP 429 Too Many Requests): Rate limit.',
      ],
      [
        { status: 500, text: '' },
        'Serper failed to answer (HTTP 500 Internal Server Error). Try again later.',
      ],
      [{ text: 'plain words' }, 'Serper did not answer with JSON (text/plain; charset=utf-8): plain words'],
    ];
    for (const [reply, message] of cases) {
      api.reply({ '/search': reply as never });
      await expect(tool.invoke({ input: 'x' }, { signal })).rejects.toThrow(message);
    }
  });

  it('calls google.serper.dev unless the operator sets SERPER_BASE_URL, keeping a proxy path', async () => {
    const urls: string[] = [];
    const recording: GuardedFetch = (url) => {
      urls.push(url);
      return Promise.resolve(Response.json({ organic: [] }));
    };
    await (await build(null, recording)).invoke({ input: 'x' }, { signal });
    await (await build('https://proxy.example/serper/', recording)).invoke({ input: 'x' }, { signal });
    expect(urls).toEqual([`${SERPER_DEFAULT_URL}/search`, 'https://proxy.example/serper/search']);
    await expect(serper.init!(nodeContext(serper, { credential: {} }))).rejects.toThrow(
      'The Serper credential has no API key',
    );
  });
});
