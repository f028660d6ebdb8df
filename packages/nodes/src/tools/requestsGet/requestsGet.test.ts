import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GuardedFetch } from '@flowloom/engine';
import { nodeContext } from '../../testing/node-context.js';
import { plainFetch, startFakeApi, type FakeApi } from '../fake-api.js';
import type { ToolHandle } from '../tool.js';
import { REQUESTS_GET_DESCRIPTION, requestsGet } from './requestsGet.js';

const signal = new AbortController().signal;

function build(inputs: Record<string, unknown>, http: GuardedFetch) {
  return requestsGet.init!(nodeContext(requestsGet, { inputs, services: { http } })) as ToolHandle;
}

describe('Requests Get', () => {
  it('GETs the URL the model gives, with the node headers, through the run HTTP client', async () => {
    const calls: [string, RequestInit | undefined][] = [];
    const tool = build({ headers: '{"x-api-key": "k"}' }, (url, init) => {
      calls.push([url, init]);
      return Promise.resolve(new Response('page text'));
    });
    expect(tool.name).toBe('requests_get');
    expect(tool.description).toBe(REQUESTS_GET_DESCRIPTION);
    expect(tool.inputSchema).toMatchObject({ required: ['url'] });
    expect(await tool.invoke({ url: 'https://example.com/a' }, { signal })).toBe('page text');
    expect(calls[0]![0]).toBe('https://example.com/a');
    expect(calls[0]![1]).toMatchObject({ method: 'GET', headers: { 'x-api-key': 'k' } });
  });

  it('always calls its fixed URL and then asks for no arguments', async () => {
    const urls: string[] = [];
    const tool = build({ url: 'https://api.example.com/status', description: 'Checks the status' }, (url) => {
      urls.push(url);
      return Promise.resolve(new Response('{"ok":true}'));
    });
    expect(tool.description).toBe('Checks the status');
    expect(tool.inputSchema).toEqual({ type: 'object', properties: {} });
    await tool.invoke({ url: 'https://elsewhere.example' }, { signal });
    expect(urls).toEqual(['https://api.example.com/status']);
  });

  it('notes a non-OK status and passes refusals of the guard on', async () => {
    const notFound = build({}, () =>
      Promise.resolve(new Response('nope', { status: 404, statusText: 'Not Found' })),
    );
    expect(await notFound.invoke({ url: 'https://example.com' }, { signal })).toBe(
      'HTTP 404 Not Found: nope',
    );
    const refused = build({}, (url) =>
      Promise.reject(
        new Error(`Refused to fetch ${url}: private address (set FLOWLOOM_HTTP_ALLOW to allow it)`),
      ),
    );
    await expect(refused.invoke({ url: 'http://10.0.0.5/' }, { signal })).rejects.toThrow(/private address/);
    await expect(refused.invoke({ url: 'file:///etc/passwd' }, { signal })).rejects.toThrow(
      /not an http\(s\) URL/,
    );
    await expect(refused.invoke({}, { signal })).rejects.toThrow(/No URL given/);
  });
});

describe('Requests Get with Flowise v2 inputs, against a local service', () => {
  let api: FakeApi;
  beforeAll(async () => {
    api = await startFakeApi();
    api.reply({ '/events': { json: [{ id: 1, name: 'Launch' }] } });
  });
  afterAll(() => api.close());

  it('GETs its URL with the query parameters the model fills in, cut to Max Output Length', async () => {
    const tool = build(
      {
        requestsGetUrl: `<p>${api.url}/events</p>`,
        requestsGetName: 'get_events',
        requestsGetHeaders: '{"Accept-Language": "fr"}',
        requestsGetQueryParamsSchema: JSON.stringify({
          limit: { type: 'string', in: 'query', description: 'Most events to list' },
        }),
        requestsGetMaxOutputLength: '12',
      },
      plainFetch,
    );
    expect(tool.name).toBe('get_events');
    expect(tool.inputSchema).toEqual({
      type: 'object',
      properties: {
        queryParams: {
          type: 'object',
          description: 'Parameters of the request',
          properties: { limit: { type: 'string', description: 'Most events to list' } },
        },
      },
    });
    expect(await tool.invoke({ queryParams: { limit: '5' } }, { signal })).toBe(
      '[{"id":1,"na\n[cut: the response was 26 characters long]',
    );
    expect(api.requests[0]).toMatchObject({ method: 'GET', path: '/events', query: { limit: '5' } });
    expect(api.requests[0]!.headers['accept-language']).toBe('fr');
  });
});
