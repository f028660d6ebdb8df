import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GuardedFetch } from '@flowloom/engine';
import { nodeContext } from '../../testing/node-context.js';
import { endlessReply, plainFetch, startFakeApi, type FakeApi } from '../fake-api.js';
import type { ToolHandle } from '../tool.js';
import { GOOGLE_CUSTOM_SEARCH_DEFAULT_URL, googleCustomSearch } from './googleCustomSearch.js';

const signal = new AbortController().signal;
const CREDENTIAL = { googleCustomSearchApiKey: 'g-key-123', googleCustomSearchApiId: 'cse-7' };
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
  const ctx = nodeContext(googleCustomSearch, {
    credential: CREDENTIAL,
    services: { http, providerBaseUrls: baseUrl ? { googlecustomsearch: baseUrl } : {} },
  });
  return (await googleCustomSearch.init!(ctx)) as ToolHandle;
}

describe('Google Custom Search', () => {
  it('asks the Custom Search API with the engine id and the key in its header, and lists the results', async () => {
    api.reply({
      '/customsearch/v1': {
        json: {
          spelling: { correctedQuery: 'flowloom agents' },
          items: [
            { title: 'Flowloom', link: 'https://flowloom.example', snippet: 'Build <b>agents</b> visually' },
            { title: 'Docs', link: 'https://flowloom.example/docs', snippet: 'How to &amp; why' },
          ],
        },
      },
    });
    const tool = await build();
    expect(tool.name).toBe('google-custom-search');
    expect(await tool.invoke({ input: 'flowlom agents' }, { signal })).toBe(
      [
        'Did you mean: flowloom agents',
        '- Flowloom — Build agents visually — (https://flowloom.example)',
        '- Docs — How to & why — (https://flowloom.example/docs)',
      ].join('\n'),
    );
    expect(api.requests).toHaveLength(1);
    const [request] = api.requests;
    expect(request).toMatchObject({
      method: 'GET',
      path: '/customsearch/v1',
      query: { cx: 'cse-7', q: 'flowlom agents' },
    });
    expect(request!.headers['x-goog-api-key']).toBe('g-key-123');
  });

  it('says when nothing was found', async () => {
    api.reply({ '/customsearch/v1': { json: { searchInformation: { totalResults: '0' } } } });
    expect(await (await build()).invoke({ input: 'zzzz' }, { signal })).toBe('No good search result found');
  });

  it('turns error answers into messages naming Google Custom Search, never the key', async () => {
    const tool = await build();
    api.reply({
      '/customsearch/v1': {
        status: 400,
        json: { error: { code: 400, message: 'API key g-key-123 not valid.' } },
      },
    });
    await expect(tool.invoke({ input: 'x' }, { signal })).rejects.toThrow(
      'Google Custom Search answered HTTP 400 Bad Request: API key *** not valid',
    );
    api.reply({ '/customsearch/v1': { status: 403, json: { error: { message: 'Requests are blocked.' } } } });
    await expect(tool.invoke({ input: 'x' }, { signal })).rejects.toThrow(
      'Google Custom Search refused the request (HTTP 403 Forbidden): Requests are blocked. Check the API key in its credential.',
    );
    api.reply({ '/customsearch/v1': { status: 429, json: { error: { message: 'Quota exceeded' } } } });
    await expect(tool.invoke({ input: 'x' }, { signal })).rejects.toThrow(
      "Google Custom Search is limiting requests (HTTP 429 Too Many Requests): Quota exceeded. Try again later or check your plan's quota.",
    );
    api.reply({ '/customsearch/v1': { status: 503, text: 'backend down' } });
    await expect(tool.invoke({ input: 'x' }, { signal })).rejects.toThrow(
      'Google Custom Search failed to answer (HTTP 503 Service Unavailable): backend down. Try again later.',
    );
    api.reply({ '/customsearch/v1': { text: '<html>login page</html>', contentType: 'text/html' } });
    await expect(tool.invoke({ input: 'x' }, { signal })).rejects.toThrow(
      'Google Custom Search did not answer with JSON (text/html): login page',
    );
    api.reply({ '/customsearch/v1': endlessReply('{"items": [').reply });
    await expect(tool.invoke({ input: 'x' }, { signal })).rejects.toThrow(
      'Google Custom Search answered more than 2 MB; the answer was not read',
    );
  });

  it('calls googleapis.com unless the operator sets GOOGLE_CUSTOM_SEARCH_BASE_URL, through the run guard', async () => {
    const urls: string[] = [];
    const refusing: GuardedFetch = (url) => {
      urls.push(url);
      return Promise.reject(new Error(`Refused to fetch ${url}: loopback address`));
    };
    await expect((await build(null, refusing)).invoke({ input: 'x' }, { signal })).rejects.toThrow(
      /^Google Custom Search could not be reached: Refused to fetch .*: loopback address$/,
    );
    expect(urls[0]).toBe(`${GOOGLE_CUSTOM_SEARCH_DEFAULT_URL}/customsearch/v1?cx=cse-7&q=x`);
  });

  it('needs both fields of its credential', async () => {
    const init = (credential: Record<string, unknown>) =>
      googleCustomSearch.init!(nodeContext(googleCustomSearch, { credential }));
    await expect(init({ googleCustomSearchApiId: 'cse' })).rejects.toThrow(
      'The Google Custom Search credential has no API key',
    );
    await expect(init({ googleCustomSearchApiKey: 'k' })).rejects.toThrow(
      'The Google Custom Search credential has no Programmable Search Engine ID',
    );
  });
});
