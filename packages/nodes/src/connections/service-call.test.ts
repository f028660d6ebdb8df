import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NodeType } from '@flowloom/engine';
import { nodeContext } from '../testing/node-context.js';
import { recordingHttp } from '../testing/vector-store-contract.js';
import { jsonApi, SERVICE_TIMEOUTS, serviceFetch } from './service-call.js';

const probe: NodeType = {
  icon: '',
  definition: {
    label: 'Probe',
    name: 'probe',
    version: 1,
    type: 'Probe',
    category: 'Test',
    description: 'A node to test connection rules with',
    baseClasses: [],
    inputs: [],
  },
};

let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/stalls') {
      // Headers and half a body, then nothing.
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"result": [');
      return;
    }
    if (request.url === '/missing') {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end('{"status": {"error": "no such thing"}}');
      return;
    }
    if (request.url === '/endless') {
      // Sends JSON without end, until the client stops reading.
      response.writeHead(200, { 'content-type': 'application/json' });
      const chunk = `${'"x",'.repeat(16 * 1024)}`;
      response.write('[');
      const more = () => {
        while (response.write(chunk));
        response.once('drain', more);
      };
      response.on('close', () => response.removeAllListeners('drain'));
      more();
      return;
    }
    if (request.url === '/empty') {
      response.writeHead(204);
      response.end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('{"ok": true}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
);

const ctx = (signal?: AbortSignal) =>
  nodeContext(probe, { services: { http: recordingHttp() }, ...(signal && { run: { signal } }) });

describe('serviceFetch', () => {
  it('answers through the guarded client with the whole body read', async () => {
    const response = await serviceFetch(ctx())(`${base}/ok`);
    expect(await response.json()).toEqual({ ok: true });
    expect((await serviceFetch(ctx())(`${base}/empty`)).status).toBe(204);
  });

  it('asks the guarded client not to follow redirects', async () => {
    const inits: (RequestInit | undefined)[] = [];
    const node = nodeContext(probe, {
      services: { http: (url, init) => (inits.push(init), fetch(url, init)) },
    });
    await serviceFetch(node)(`${base}/ok`, { headers: { 'api-key': 'k' } });
    expect(inits[0]).toMatchObject({ redirect: 'error', headers: { 'api-key': 'k' } });
  });

  it('ends a body that stops halfway with a timeout message', async () => {
    const limit = SERVICE_TIMEOUTS.requestMs;
    SERVICE_TIMEOUTS.requestMs = 200;
    try {
      await expect(serviceFetch(ctx())(`${base}/stalls`)).rejects.toThrow(
        /^127\.0\.0\.1:\d+ did not answer within 0\.2 s$/,
      );
    } finally {
      SERVICE_TIMEOUTS.requestMs = limit;
    }
  });

  it('stays a cancellation when the run is cancelled', async () => {
    const controller = new AbortController();
    const pending = serviceFetch(ctx(controller.signal))(`${base}/stalls`);
    controller.abort();
    await expect(pending).rejects.toThrow(/abort/i);
  });
});

describe('jsonApi', () => {
  it('returns accepted statuses and explains the others in the server’s words', async () => {
    const api = jsonApi(ctx(), {
      service: 'Probe',
      baseUrl: base,
      errorText: (body) => (body as { status?: { error?: string } }).status?.error,
    });
    expect(await api.request('GET', '/missing', undefined, [404])).toEqual({
      status: 404,
      body: { status: { error: 'no such thing' } },
    });
    await expect(api.request('GET', '/missing')).rejects.toThrow(
      'Probe: GET /missing failed with status 404: no such thing',
    );
  });

  it('reads at most its answer limit, and says so rather than buffering a server that never stops', async () => {
    const api = jsonApi(ctx(), { service: 'Probe', baseUrl: base, maxAnswerBytes: 1024 * 1024 });
    await expect(api.request('GET', '/endless')).rejects.toThrow(
      `Probe: the server at ${new URL(base).host} answered more than 1 MB; the answer was not read`,
    );
    expect(await api.request('GET', '/ok')).toEqual({ status: 200, body: { ok: true } });
  });
});
