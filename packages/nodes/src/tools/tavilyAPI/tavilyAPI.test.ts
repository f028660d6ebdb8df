import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GuardedFetch } from '@flowloom/engine';
import { nodeContext } from '../../testing/node-context.js';
import { plainFetch, startFakeApi, type FakeApi } from '../fake-api.js';
import type { ToolHandle } from '../tool.js';
import { TAVILY_DEFAULT_URL, tavilyAPI } from './tavilyAPI.js';

const signal = new AbortController().signal;
let api: FakeApi;
beforeAll(async () => {
  api = await startFakeApi();
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
});

/** The tool on the fake service (or, `null`, the default endpoint) with these node inputs. */
async function build(
  inputs: Record<string, unknown> = {},
  baseUrl: string | null = api.url,
  http: GuardedFetch = plainFetch,
) {
  const ctx = nodeContext(tavilyAPI, {
    inputs,
    credential: { tavilyApiKey: 'tvly-key' },
    services: { http, providerBaseUrls: baseUrl ? { tavily: baseUrl } : {} },
  });
  return (await tavilyAPI.init!(ctx)) as ToolHandle;
}

const body = () => JSON.parse(api.requests.at(-1)!.body) as Record<string, unknown>;

describe('Tavily API', () => {
  it('POSTs the query and the node settings to /search with a bearer key, and answers results', async () => {
    api.reply({
      '/search': {
        json: {
          query: 'ai news',
          answer: 'Models got faster.',
          results: [
            { title: 'AI weekly', url: 'https://news.example/ai', content: 'This week in AI', score: 0.9 },
          ],
          images: [{ url: 'https://img.example/1.png', description: 'A chart' }],
          response_time: 1.2,
        },
      },
    });
    const tool = await build({
      topic: 'news',
      searchDepth: 'advanced',
      chunksPerSource: 2,
      maxResults: '3',
      days: 3,
      includeAnswer: true,
      includeImages: 'true',
      includeImageDescriptions: true,
      includeDomains: 'news.example, blog.example',
    });
    expect(tool.name).toBe('tavily_search');
    expect(
      await tool.invoke({ query: 'ai news', topic: 'general', excludeDomains: ['x.example'] }, { signal }),
    ).toBe(
      [
        'Answer: Models got faster.\n- AI weekly — This week in AI — (https://news.example/ai)',
        'Images:\n- https://img.example/1.png — A chart',
      ].join('\n\n'),
    );
    const [request] = api.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/search', query: {} });
    expect(request!.headers).toMatchObject({
      authorization: 'Bearer tvly-key',
      'content-type': 'application/json',
    });
    // The node's settings win over the model's choices; the model fills in what the node leaves open.
    expect(body()).toEqual({
      query: 'ai news',
      topic: 'news',
      search_depth: 'advanced',
      chunks_per_source: 2,
      max_results: 3,
      days: 3,
      include_answer: true,
      include_images: true,
      include_image_descriptions: true,
      include_domains: ['news.example', 'blog.example'],
      exclude_domains: ['x.example'],
    });
  });

  it('sends only what applies (chunks for advanced, days for news) and bounds page texts', async () => {
    api.reply({
      '/search': {
        json: {
          results: [
            { title: 'Long page', url: 'https://long.example', content: 'c', raw_content: 'w'.repeat(9000) },
          ],
        },
      },
    });
    const tool = await build({ chunksPerSource: 3, days: 7, includeRawContent: true, timeRange: 'week' });
    const text = await tool.invoke({ query: 'q' }, { signal });
    expect(body()).toEqual({
      query: 'q',
      topic: 'general',
      search_depth: 'basic',
      max_results: 5,
      time_range: 'week',
      include_raw_content: true,
    });
    expect(text).toContain('Page text of https://long.example:\nwwww');
    expect(text).toContain('[cut: the response was 9000 characters long]');
    expect(text.length).toBeLessThan(4_200);
  });

  it('turns error answers into messages naming Tavily', async () => {
    const tool = await build();
    const cases: [unknown, string][] = [
      [
        { status: 401, json: { detail: { error: 'Unauthorized: missing or invalid API key.' } } },
        'Tavily refused the request (HTTP 401 Unauthorized): Unauthorized: missing or invalid API key. Check the API key in its credential.',
      ],
      [
        { status: 432, json: { detail: { error: 'This request exceeds your plan' } } },
        'Tavily answered HTTP 432 unknown: This request exceeds your plan',
      ],
      [
        { status: 429, json: { detail: { error: 'Too many requests' } } },
        'Tavily is limiting requests (HTTP 429 Too Many Requests): Too many requests.',
      ],
      [
        { status: 500, json: { detail: 'Internal error' } },
        'Tavily failed to answer (HTTP 500 Internal Server Error): Internal error. Try again later.',
      ],
      [
        { text: 'maintenance', contentType: 'text/html' },
        'Tavily did not answer with JSON (text/html): maintenance',
      ],
    ];
    for (const [reply, message] of cases) {
      api.reply({ '/search': reply as never });
      await expect(tool.invoke({ query: 'x' }, { signal })).rejects.toThrow(message);
    }
  });

  it('refuses settings Tavily would refuse, and needs its key', async () => {
    await expect(build({ maxResults: 50 })).rejects.toThrow(
      'Max Results must be a whole number from 0 to 20',
    );
    await expect(build({ chunksPerSource: 0 })).rejects.toThrow(
      'Chunks Per Source must be a whole number from 1 to 3',
    );
    await expect(build({ searchDepth: 'deep' })).rejects.toThrow(
      'Search Depth must be one of "basic", "advanced"',
    );
    await expect(tavilyAPI.init!(nodeContext(tavilyAPI, { credential: {} }))).rejects.toThrow(
      'The Tavily credential has no API key',
    );
  });

  it('calls api.tavily.com unless the operator sets TAVILY_BASE_URL', async () => {
    const urls: string[] = [];
    const recording: GuardedFetch = (url) => {
      urls.push(url);
      return Promise.resolve(Response.json({ results: [] }));
    };
    expect(await (await build({}, null, recording)).invoke({ query: 'x' }, { signal })).toBe(
      'No good search result found',
    );
    expect(urls).toEqual([`${TAVILY_DEFAULT_URL}/search`]);
  });
});
