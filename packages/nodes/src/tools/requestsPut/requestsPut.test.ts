import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GuardedFetch } from '@flowloom/engine';
import { nodeContext } from '../../testing/node-context.js';
import { plainFetch, startFakeApi, type FakeApi } from '../fake-api.js';
import type { ToolHandle } from '../tool.js';
import { REQUESTS_PUT_DESCRIPTION, requestsPut } from './requestsPut.js';

const signal = new AbortController().signal;
let api: FakeApi;
beforeAll(async () => {
  api = await startFakeApi();
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
  api.reply({ '/events/7': { json: { updated: true } } });
});

function build(inputs: Record<string, unknown>, http: GuardedFetch = plainFetch) {
  return requestsPut.init!(nodeContext(requestsPut, { inputs, services: { http } })) as ToolHandle;
}

const BODY_SCHEMA = JSON.stringify({
  name: { type: 'string', required: true, description: 'Name of the event' },
  seats: { type: 'number', description: 'Seats left' },
});

describe('Requests Put', () => {
  it('PUTs its URL the JSON body of its fixed Body and the fields the model fills in', async () => {
    const tool = build({
      requestsPutUrl: `<p>${api.url}/events/7</p>`,
      requestsPutName: 'Update Event!',
      requestsPutDescription: 'Use this to update an event',
      requestsPutHeaders: '{"Authorization": "Bearer t0k"}',
      requestPutBody: '{"source": "flowloom"}',
      requestsPutBodySchema: BODY_SCHEMA,
    });
    expect(tool.name).toBe('update_event');
    expect(tool.description).toBe('Use this to update an event');
    expect(tool.inputSchema).toEqual({
      type: 'object',
      properties: {
        body: {
          type: 'object',
          description: 'Fields of the request body',
          properties: {
            name: { type: 'string', description: 'Name of the event' },
            seats: { type: 'number', description: 'Seats left' },
          },
          required: ['name'],
        },
      },
      required: ['body'],
    });
    expect(await tool.invoke({ body: { name: 'Launch', seats: 3 } }, { signal })).toBe('{"updated":true}');
    expect(api.requests).toHaveLength(1);
    const [request] = api.requests;
    expect(request).toMatchObject({ method: 'PUT', path: '/events/7', query: {} });
    expect(request!.headers).toMatchObject({
      authorization: 'Bearer t0k',
      'content-type': 'application/json',
    });
    expect(JSON.parse(request!.body)).toEqual({ source: 'flowloom', name: 'Launch', seats: 3 });
  });

  it('lets the model choose the URL and data when the node fixes neither', async () => {
    const tool = build({});
    expect(tool.name).toBe('requests_put');
    expect(tool.description).toBe(REQUESTS_PUT_DESCRIPTION);
    expect(tool.inputSchema).toMatchObject({ properties: { url: {}, data: {} }, required: ['url'] });
    await tool.invoke({ url: `${api.url}/events/7`, data: { name: 'x' } }, { signal });
    expect(api.requests[0]).toMatchObject({ method: 'PUT', path: '/events/7', body: '{"name":"x"}' });
  });

  it('hands the model at most Max Output Length characters, and notes a failed status', async () => {
    api.reply({
      '/events/7': { text: 'a long confirmation text' },
      '/missing': { status: 404, text: 'no such event' },
    });
    const short = build({ requestsPutUrl: `${api.url}/events/7`, requestsPutMaxOutputLength: '6' });
    expect(await short.invoke({ data: {} }, { signal })).toBe(
      'a long\n[cut: the response was 24 characters long]',
    );
    const missing = build({ requestsPutUrl: `${api.url}/missing` });
    expect(await missing.invoke({}, { signal })).toBe('HTTP 404 Not Found: no such event');
  });

  it('refuses settings that cannot work with a message naming the input', () => {
    expect(() => build({ requestsPutBodySchema: '{not json' })).toThrow('Body Schema is not a JSON object');
    expect(() => build({ requestsPutBodySchema: '{"name": "string"}' })).toThrow(
      'Body Schema: "name" must be an object such as { "type": "string" }',
    );
    expect(() => build({ requestPutBody: '[1, 2]x' })).toThrow('Body is not a JSON object');
    expect(() => build({ requestsPutMaxOutputLength: '-1' })).toThrow(
      'Max Output Length must be a positive whole number',
    );
  });

  it('reaches the network only through the run guard, whose refusal reaches the model', async () => {
    const refused = build({ requestsPutUrl: 'http://10.0.0.5/items' }, (url) =>
      Promise.reject(
        new Error(`Refused to fetch ${url}: private address (set FLOWLOOM_HTTP_ALLOW to allow it)`),
      ),
    );
    await expect(refused.invoke({ data: {} }, { signal })).rejects.toThrow(/private address/);
    await expect(build({}).invoke({ url: 'ftp://example.com' }, { signal })).rejects.toThrow(
      /not an http\(s\) URL/,
    );
  });
});
