import { getEventListeners } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modelFetch } from './lean-fetch.js';

/** Model calls to the local test servers: every address may be reached. */
const leanFetch = modelFetch({ addressCheck: () => undefined, providerBaseUrls: {} });

let server: http.Server;
let base: string;
beforeAll(async () => {
  server = http.createServer((request, response) => {
    if (request.url === '/json') {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += String(chunk)));
      request.on('end', () => {
        response.writeHead(201, {
          'content-type': 'application/json',
          'x-echo': String(request.headers['x-key']),
        });
        response.end(JSON.stringify({ got: body, method: request.method }));
      });
      return;
    }
    if (request.url === '/stream') {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write('data: one\n\n');
      setTimeout(() => response.end('data: two\n\n'), 20);
      return;
    }
    if (request.url === '/missing') {
      response.writeHead(404, 'Not Found', { 'content-type': 'application/json', 'x-multi': ['a', 'b'] });
      response.end('{"error":{"message":"no such model"}}');
      return;
    }
    // /hang: never answers
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe('leanFetch', () => {
  it('sends method, headers (plain record, unset ones dropped) and body; reads status, headers, body', async () => {
    const response = await leanFetch(`${base}/json`, {
      method: 'POST',
      headers: { 'X-Key': 'k1', 'x-unset': undefined } as unknown as Record<string, string>,
      body: 'hello',
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('x-echo')).toBe('k1');
    expect(await response.json()).toEqual({ got: 'hello', method: 'POST' });
  });

  it('gives a whole answer as the SDK reads it: headers iterable, body read once through a reader', async () => {
    const response = await leanFetch(`${base}/missing`, { method: 'POST', body: '{}' });
    expect(response.ok).toBe(false);
    expect([response.status, response.statusText]).toEqual([404, 'Not Found']);
    const headers = Object.fromEntries([...response.headers]);
    expect(headers['content-type']).toBe('application/json');
    expect(headers['x-multi']).toBe('a, b');
    expect(response.headers.get('Content-Type')).toBe('application/json');
    expect(response.headers.has('x-absent')).toBe(false);

    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe('{"error":{"message":"no such model"}}');
    expect((await reader.read()).done).toBe(true);
    reader.releaseLock();
    expect(response.bodyUsed).toBe(true);
    await expect(response.text()).rejects.toThrow(/already been read/);
  });

  it('reads a whole answer as bytes', async () => {
    const response = await leanFetch(`${base}/json`, { method: 'POST', body: 'b' });
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(JSON.parse(new TextDecoder().decode(bytes))).toEqual({ got: 'b', method: 'POST' });
  });

  it('keeps event streams as streams', async () => {
    const response = await leanFetch(`${base}/stream`);
    expect(await response.text()).toBe('data: one\n\ndata: two\n\n');
  });

  it('refuses at once on an aborted signal, and aborts a pending request', async () => {
    const done = new AbortController();
    done.abort();
    await expect(leanFetch(`${base}/json`, { signal: done.signal })).rejects.toThrow(/abort/i);

    const controller = new AbortController();
    const pending = leanFetch(`${base}/hang`, { signal: controller.signal });
    setTimeout(() => controller.abort(), 10);
    await expect(pending).rejects.toThrow(/abort/i);
  });

  it('lets go of the abort signal once an answer has been read', async () => {
    const controller = new AbortController();
    for (let i = 0; i < 5; i++) {
      const response = await leanFetch(`${base}/json`, {
        method: 'POST',
        body: 'x',
        signal: controller.signal,
      });
      await response.text();
    }
    const streamed = await leanFetch(`${base}/stream`, { signal: controller.signal });
    expect(getEventListeners(controller.signal, 'abort').length).toBe(1); // the stream being read
    await streamed.text();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('connects only where its address check allows, for literal addresses and host names', async () => {
    const refusing = modelFetch({
      addressCheck: (_host, address) => (address.startsWith('127.') ? 'loopback' : undefined),
      providerBaseUrls: {},
    });
    await expect(refusing(`${base}/json`)).rejects.toThrow(
      'Refused to connect to 127.0.0.1: a loopback address (set FLOWLOOM_HTTP_ALLOW to allow it)',
    );
    const named = base.replace('127.0.0.1', 'localhost');
    await expect(refusing(`${named}/json`, { method: 'POST', body: 'x' })).rejects.toThrow(
      /Refused to connect to localhost: it resolves to 127\.0\.0\.1, a loopback address/,
    );
    const allowing = modelFetch({ addressCheck: () => undefined, providerBaseUrls: {} });
    expect((await allowing(`${named}/json`, { method: 'POST', body: 'x' })).status).toBe(201);
  });
});
