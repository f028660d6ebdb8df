import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { nodeContext } from '../../testing/node-context.js';
import { plainFetch, startFakeApi, type FakeApi } from '../fake-api.js';
import type { ToolHandle } from '../tool.js';
import { REQUESTS_DELETE_DESCRIPTION, requestsDelete } from './requestsDelete.js';

const signal = new AbortController().signal;
let api: FakeApi;
beforeAll(async () => {
  api = await startFakeApi();
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
  api.reply({ '/events/42': { text: 'deleted' } });
});

function build(inputs: Record<string, unknown>) {
  return requestsDelete.init!(
    nodeContext(requestsDelete, { inputs, services: { http: plainFetch } }),
  ) as ToolHandle;
}

const PARAMS_SCHEMA = JSON.stringify({
  id: { type: 'string', required: true, in: 'path', description: 'Event id' },
  force: { type: 'boolean', in: 'query', description: 'Delete even if booked' },
});

describe('Requests Delete', () => {
  it('sends DELETE with path and query parameters the model gives, as its schema places them', async () => {
    const tool = build({
      requestsDeleteUrl: `${api.url}/events/:id`,
      requestsDeleteName: 'delete_event',
      requestsDeleteHeaders: { 'X-Api-Key': 'k-1' },
      requestsDeleteQueryParamsSchema: PARAMS_SCHEMA,
    });
    expect(tool.name).toBe('delete_event');
    expect(tool.description).toBe(REQUESTS_DELETE_DESCRIPTION);
    expect(tool.inputSchema).toEqual({
      type: 'object',
      properties: {
        queryParams: {
          type: 'object',
          description: 'Parameters of the request',
          properties: {
            id: { type: 'string', description: 'Event id' },
            force: { type: 'boolean', description: 'Delete even if booked' },
          },
          required: ['id'],
        },
      },
    });
    expect(await tool.invoke({ queryParams: { id: '42', force: true, other: 'dropped' } }, { signal })).toBe(
      'deleted',
    );
    const [request] = api.requests;
    expect(request).toMatchObject({
      method: 'DELETE',
      path: '/events/42',
      query: { force: 'true' },
      body: '',
    });
    expect(request!.headers['x-api-key']).toBe('k-1');
    expect(request!.headers['content-type']).toBeUndefined();
  });

  it('appends a path parameter the URL has no placeholder for', async () => {
    const tool = build({
      requestsDeleteUrl: `${api.url}/events/`,
      requestsDeleteQueryParamsSchema: PARAMS_SCHEMA,
    });
    await tool.invoke({ queryParams: { id: '42' } }, { signal });
    expect(api.requests[0]).toMatchObject({ method: 'DELETE', path: '/events/42', query: {} });
  });

  it('sends the URL the model picks when the node has none', async () => {
    const tool = build({});
    expect(tool.inputSchema).toEqual({
      type: 'object',
      properties: { url: { type: 'string', description: 'The URL to send the DELETE request to' } },
      required: ['url'],
    });
    expect(await tool.invoke({ url: `${api.url}/events/42` }, { signal })).toBe('deleted');
    expect(api.requests[0]).toMatchObject({ method: 'DELETE', path: '/events/42' });
    expect(() => build({ requestsDeleteQueryParamsSchema: 'nope' })).toThrow(
      'Query Params Schema is not a JSON object',
    );
  });
});
