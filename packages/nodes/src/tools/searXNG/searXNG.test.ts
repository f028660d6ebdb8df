import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GuardedFetch } from '@flowloom/engine';
import { nodeContext } from '../../testing/node-context.js';
import { plainFetch, startFakeApi, type FakeApi } from '../fake-api.js';
import type { ToolHandle } from '../tool.js';
import { SEARXNG_DEFAULT_DESCRIPTION, searXNG } from './searXNG.js';

const signal = new AbortController().signal;
let api: FakeApi;
beforeAll(async () => {
  api = await startFakeApi();
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
});

function build(inputs: Record<string, unknown>, http: GuardedFetch = plainFetch) {
  return searXNG.init!(
    nodeContext(searXNG, { inputs: { apiBase: api.url, ...inputs }, services: { http } }),
  ) as ToolHandle;
}

describe('SearXNG', () => {
  it('GETs /search of its Base URL with format=json and the set parameters, and lists what it found', async () => {
    api.reply({
      '/search': {
        json: {
          query: 'paris',
          answers: ['Paris is the capital of France'],
          infoboxes: [{ infobox: 'Paris', content: 'Capital city of France' }],
          results: [
            {
              url: 'https://paris.example',
              title: 'Visit Paris',
              content: 'Museums and more',
              engine: 'duckduckgo',
            },
          ],
          suggestions: ['paris weather', 'paris metro'],
        },
      },
    });
    const tool = build({
      toolName: 'web search',
      headers: '{"X-Instance-Token": "s3"}',
      categories: 'general,news',
      engines: 'duckduckgo',
      language: 'fr',
      pageno: 2,
      time_range: 'month',
      safesearch: 1,
    });
    expect(tool.name).toBe('web_search');
    expect(tool.description).toBe(SEARXNG_DEFAULT_DESCRIPTION);
    expect(await tool.invoke({ input: 'paris' }, { signal })).toBe(
      [
        'Answer: Paris is the capital of France',
        'Paris: Capital city of France',
        '- Visit Paris — Museums and more — (https://paris.example)',
        'Suggestions: paris weather, paris metro',
      ].join('\n'),
    );
    const [request] = api.requests;
    expect(request).toMatchObject({
      method: 'GET',
      path: '/search',
      query: {
        q: 'paris',
        format: 'json',
        categories: 'general,news',
        engines: 'duckduckgo',
        language: 'fr',
        pageno: '2',
        time_range: 'month',
        safesearch: '1',
      },
    });
    expect(request!.headers['x-instance-token']).toBe('s3');
  });

  it('reads the HTML results page as text when Format is HTML', async () => {
    api.reply({
      '/search': {
        text: '<html><body><h1>Results</h1><script>x()</script><p>First hit</p></body></html>',
        contentType: 'text/html',
      },
    });
    expect(await build({ format: 'html' }).invoke({ input: 'q' }, { signal })).toBe('Results\n\nFirst hit');
    expect(api.requests[0]!.query).toEqual({ q: 'q', format: 'html' });
  });

  it('says when nothing was found, offering the suggestions', async () => {
    api.reply({ '/search': { json: { results: [], answers: [], infoboxes: [], suggestions: ['pariss'] } } });
    expect(await build({}).invoke({ input: 'parsi' }, { signal })).toBe(
      'No good search result found\nSuggestions: pariss',
    );
  });

  it('explains the refusals SearXNG gives and other failures', async () => {
    const tool = build({});
    api.reply({ '/search': { status: 403, text: 'Forbidden', contentType: 'text/html' } });
    await expect(tool.invoke({ input: 'x' }, { signal })).rejects.toThrow(
      'SearXNG refused the request (HTTP 403 Forbidden): Forbidden. SearXNG refuses JSON unless its settings.yml lists "json" under search.formats.',
    );
    api.reply({ '/search': { status: 429, text: 'Too Many Requests' } });
    await expect(tool.invoke({ input: 'x' }, { signal })).rejects.toThrow(
      'SearXNG is limiting requests (HTTP 429 Too Many Requests)',
    );
    api.reply({ '/search': { text: '<html>results</html>', contentType: 'text/html' } });
    await expect(tool.invoke({ input: 'x' }, { signal })).rejects.toThrow(
      'SearXNG did not answer with JSON (text/html): results',
    );
    const refused = build({ apiBase: 'http://localhost:8080' }, (url) =>
      Promise.reject(
        new Error(`Refused to fetch ${url}: loopback address (set FLOWLOOM_HTTP_ALLOW to allow it)`),
      ),
    );
    await expect(refused.invoke({ input: 'x' }, { signal })).rejects.toThrow(
      'SearXNG could not be reached: Refused to fetch http://localhost:8080/search?q=x&format=json: loopback address (set FLOWLOOM_HTTP_ALLOW to allow it)',
    );
  });

  it('refuses settings that cannot work', () => {
    expect(() => build({ apiBase: '' })).toThrow('Set the Base URL of your SearXNG instance');
    expect(() => build({ safesearch: 3 })).toThrow('Safe Search must be 0 (off), 1 (moderate) or 2 (strict)');
    expect(() => build({ time_range: 'decade' })).toThrow(
      'Time Range must be "day", "week", "month" or "year"',
    );
    expect(() => build({ format: 'xml' })).toThrow('Format must be "json" or "html"');
  });
});
