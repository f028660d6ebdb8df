import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { GuardedFetch } from '@flowloom/engine';

/** One request the fake service received. */
export interface ReceivedRequest {
  method: string;
  /** The path without the query string. */
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  body: string;
}

/** What the fake answers: a JSON or text reply, or a handler writing the response itself. */
export type FakeReply =
  | { status?: number; json: unknown }
  | { status?: number; text: string; contentType?: string }
  | ((request: ReceivedRequest, response: ServerResponse) => void);

export interface FakeApi {
  url: string;
  /** Every request so far, oldest first. */
  requests: ReceivedRequest[];
  /** Sets what the next requests get (until set again); `routes` by path, or one reply for all. */
  reply(reply: FakeReply | Record<string, FakeReply>): void;
  close(): Promise<void>;
}

function isRoutes(reply: FakeReply | Record<string, FakeReply>): reply is Record<string, FakeReply> {
  return typeof reply === 'object' && !('json' in reply) && !('text' in reply);
}

/**
 * A stand-in for a web service on 127.0.0.1 (tests only): records each request (method, path,
 * query, headers, body) and answers as told; an unscripted path gets 404.
 */
export async function startFakeApi(): Promise<FakeApi> {
  const requests: ReceivedRequest[] = [];
  let current: FakeReply | Record<string, FakeReply> = {};
  const server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const url = new URL(incoming.url ?? '/', 'http://fake.local');
      const request: ReceivedRequest = {
        method: incoming.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: incoming.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(request);
      const reply = isRoutes(current) ? current[url.pathname] : current;
      if (!reply) return void response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      if (typeof reply === 'function') return reply(request, response);
      if ('json' in reply)
        return void response
          .writeHead(reply.status ?? 200, { 'content-type': 'application/json' })
          .end(JSON.stringify(reply.json));
      response
        .writeHead(reply.status ?? 200, { 'content-type': reply.contentType ?? 'text/plain; charset=utf-8' })
        .end(reply.text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    reply(reply) {
      current = reply;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The run's HTTP client in these tests: plain fetch, as the fake service is on a loopback address. */
export const plainFetch: GuardedFetch = (url, init) => fetch(url, init);

/**
 * A reply that streams `chunk` over and over until the client hangs up (or `limitBytes` is sent);
 * `sent()` tells how many bytes went out, to show a reader stopped early.
 */
export function endlessReply(chunk: string, limitBytes = 64 * 1024 * 1024) {
  let sentBytes = 0;
  const reply: FakeReply = (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/plain' });
    const pump = () => {
      while (sentBytes < limitBytes && !response.destroyed) {
        sentBytes += Buffer.byteLength(chunk);
        if (!response.write(chunk)) return void response.once('drain', pump);
      }
      if (!response.destroyed) response.end();
    };
    pump();
  };
  return { reply, sent: () => sentBytes };
}
