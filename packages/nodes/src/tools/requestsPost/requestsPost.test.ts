import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GuardedFetch } from '@flowloom/engine';
import { nodeContext } from '../../testing/node-context.js';
import { plainFetch, startFakeApi, type FakeApi } from '../fake-api.js';
import type { ToolHandle } from '../tool.js';
import { requestsPost } from './requestsPost.js';

const signal = new AbortController().signal;

function build(inputs: Record<string, unknown>) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const http: GuardedFetch = (url, init) => {
    calls.push({ url, init });
    return Promise.resolve(new Response('created', { status: 201 }));
  };
  const tool = requestsPost.init!(nodeContext(requestsPost, { inputs, services: { http } })) as ToolHandle;
  return { tool, calls };
}

describe('Requests Post', () => {
  it('POSTs the JSON data the model gives to the URL it gives', async () => {
    const { tool, calls } = build({ headers: { authorization: 'Bearer t' } });
    expect(tool.name).toBe('requests_post');
    expect(tool.inputSchema).toMatchObject({ properties: { url: {}, data: {} }, required: ['url'] });
    expect(await tool.invoke({ url: 'https://api.example.com/items', data: { name: 'x' } }, { signal })).toBe(
      'created',
    );
    expect(calls[0]).toEqual({
      url: 'https://api.example.com/items',
      init: {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer t' },
        body: '{"name":"x"}',
        signal,
      },
    });
  });

  it('sends its fixed URL and Body whatever the model passes', async () => {
    const { tool, calls } = build({ url: 'https://hooks.example/in', body: '{"event":"ping"}' });
    expect(tool.inputSchema).toEqual({ type: 'object', properties: {} });
    await tool.invoke({ url: 'https://evil.example', data: { x: 1 } }, { signal });
    expect(calls[0]!.url).toBe('https://hooks.example/in');
    expect(calls[0]!.init!.body).toBe('{"event":"ping"}');
  });
});

describe('Requests Post with Flowise v2 inputs, against a local service', () => {
  let api: FakeApi;
  beforeAll(async () => {
    api = await startFakeApi();
    api.reply({ '/events': { status: 201, json: { id: 9 } } });
  });
  afterAll(() => api.close());

  it('POSTs the fields its Body Schema asks the model for, with its headers', async () => {
    const tool = requestsPost.init!(
      nodeContext(requestsPost, {
        inputs: {
          requestsPostUrl: `${api.url}/events`,
          requestsPostName: 'create_event',
          requestsPostHeaders: '{"Authorization": "Bearer p"}',
          requestsPostBodySchema: JSON.stringify({
            name: { type: 'string', required: true, description: 'Name of the event' },
          }),
        },
        services: { http: plainFetch },
      }),
    ) as ToolHandle;
    expect(tool.name).toBe('create_event');
    expect(tool.inputSchema).toMatchObject({
      properties: { body: { required: ['name'] } },
      required: ['body'],
    });
    expect(await tool.invoke({ body: { name: 'Launch' } }, { signal })).toBe('{"id":9}');
    expect(api.requests[0]).toMatchObject({ method: 'POST', path: '/events', body: '{"name":"Launch"}' });
    expect(api.requests[0]!.headers).toMatchObject({
      authorization: 'Bearer p',
      'content-type': 'application/json',
    });
  });
});
