import { describe, expect, it } from 'vitest';
import { nodeContext } from '../../testing/node-context.js';
import type { ToolHandle } from '../tool.js';
import { serpAPI, serpApiTool, summariseResults } from './serpAPI.js';

const signal = new AbortController().signal;

describe('Serp API', () => {
  it('asks SerpAPI for Google results of the query with the key', async () => {
    const urls: string[] = [];
    const tool = serpApiTool({
      apiKey: 'serp-key',
      baseUrl: 'https://serp.test',
      http: (url) => {
        urls.push(url);
        return Promise.resolve(
          Response.json({
            knowledge_graph: { title: 'Oslo', description: 'Capital of Norway' },
            organic_results: [
              {
                title: 'Oslo - Wikipedia',
                snippet: 'Oslo is the capital',
                link: 'https://en.wikipedia.org/wiki/Oslo',
              },
            ],
          }),
        );
      },
    });
    expect(tool.name).toBe('search');
    expect(await tool.invoke({ input: 'capital of norway' }, { signal })).toBe(
      'Oslo: Capital of Norway\n- Oslo - Wikipedia — Oslo is the capital — (https://en.wikipedia.org/wiki/Oslo)',
    );
    const url = new URL(urls[0]!);
    expect(`${url.origin}${url.pathname}`).toBe('https://serp.test/search');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      engine: 'google',
      q: 'capital of norway',
      api_key: 'serp-key',
    });
  });

  it('prefers a direct answer and says when nothing was found', () => {
    expect(summariseResults({ answer_box: { answer: '42' } })).toBe('Answer: 42');
    expect(summariseResults({})).toBe('No good search result found');
    expect(() => summariseResults({ error: 'Invalid API key' })).toThrow('SerpAPI: Invalid API key');
  });

  it('reports an HTTP error of SerpAPI', async () => {
    const tool = serpApiTool({
      apiKey: 'bad',
      baseUrl: 'https://serp.test',
      http: () => Promise.resolve(Response.json({ error: 'Invalid API key.' }, { status: 401 })),
    });
    await expect(tool.invoke({ input: 'x' }, { signal })).rejects.toThrow(
      'SerpAPI answered 401: Invalid API key.',
    );
  });

  it('builds from its credential and the operator base URL (SERPAPI_BASE_URL)', async () => {
    const seen: string[] = [];
    const ctx = nodeContext(serpAPI, {
      credential: { serpApiKey: 'k' },
      services: {
        providerBaseUrls: { serpapi: 'http://127.0.0.1:9999' },
        http: (url) => {
          seen.push(url);
          return Promise.resolve(Response.json({ answer_box: { snippet: 'sunny' } }));
        },
      },
    });
    const tool = (await serpAPI.init!(ctx)) as ToolHandle;
    expect(await tool.invoke({ input: 'weather' }, { signal })).toBe('Answer: sunny');
    expect(seen[0]).toMatch(/^http:\/\/127\.0\.0\.1:9999\/search\?/);
    await expect(serpAPI.init!(nodeContext(serpAPI, { credential: {} }))).rejects.toThrow(
      'The Serp API credential has no API key',
    );
  });
});
