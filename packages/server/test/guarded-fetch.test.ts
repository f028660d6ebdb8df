import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestLlmServer } from '@flowloom/test-llm';
import {
  blockedReason,
  createGuardedFetch,
  parseAllowList,
  type ResolvedAddress,
} from '../src/http/guarded-fetch.js';
import { ownerSession, startTestServer, openAiCredential } from './harness.js';
import { toolAgentFlow } from './tool-agent-flow.js';

let server: Server;
let base: string;
let port: number;
const seen: { url: string; method: string; headers: IncomingMessage['headers']; body: string }[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const url = request.url ?? '/';
      seen.push({
        url,
        method: request.method ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString(),
      });
      const redirect = /^\/redirect\?to=(.*)$/.exec(url);
      if (redirect) {
        response.writeHead(302, { location: decodeURIComponent(redirect[1]!) });
        return response.end();
      }
      if (url === '/see-other') {
        response.writeHead(303, { location: '/hello' });
        return response.end();
      }
      if (url === '/loop') {
        response.writeHead(307, { location: '/loop' });
        return response.end();
      }
      if (url === '/gzip') {
        response.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' });
        return response.end(gzipSync('packed text'));
      }
      response.writeHead(200, { 'content-type': 'application/json', 'x-host': request.headers.host ?? '' });
      response.end(JSON.stringify({ path: url, method: request.method }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => (seen.length = 0));

describe('the guarded fetch', () => {
  it('fetches an allowed address and returns a normal Response', async () => {
    const fetch = createGuardedFetch({ allow: ['127.0.0.1'] });
    const response = await fetch(`${base}/hello?x=1`, {
      method: 'POST',
      headers: { 'x-key': 'k' },
      body: JSON.stringify({ a: 1 }),
    });
    expect(response.status).toBe(200);
    expect(response.url).toBe(`${base}/hello?x=1`);
    expect(await response.json()).toEqual({ path: '/hello?x=1', method: 'POST' });
    expect(seen[0]!.headers['x-key']).toBe('k');
    expect(seen[0]!.body).toBe('{"a":1}');
  });

  it('refuses loopback unless allowed, with a message saying how to allow it', async () => {
    const fetch = createGuardedFetch();
    await expect(fetch(`${base}/hello`)).rejects.toThrow(
      `Refused to fetch ${base}/hello: loopback address (set FLOWLOOM_HTTP_ALLOW to allow it)`,
    );
    expect(seen).toHaveLength(0);
  });

  it('refuses private, link-local and unique-local addresses without connecting', async () => {
    const fetch = createGuardedFetch({ allow: ['127.0.0.1'] });
    await expect(fetch('http://10.0.0.5/')).rejects.toThrow(
      'Refused to fetch http://10.0.0.5/: private address (set FLOWLOOM_HTTP_ALLOW to allow it)',
    );
    await expect(fetch('http://169.254.169.254/latest/meta-data')).rejects.toThrow(/link-local address/);
    await expect(fetch('http://[fd00::1]/')).rejects.toThrow(/unique-local address/);
    await expect(fetch('http://[::ffff:192.168.1.1]/')).rejects.toThrow(/private address/);
    await expect(fetch('ftp://example.com/')).rejects.toThrow(/only http and https/);
  });

  it('checks every address a host name resolves to', async () => {
    const resolve = (): Promise<ResolvedAddress[]> =>
      Promise.resolve([
        { address: '93.184.216.34', family: 4 },
        { address: '10.1.2.3', family: 4 },
      ]);
    const fetch = createGuardedFetch({ resolve });
    await expect(fetch('http://sneaky.example/')).rejects.toThrow(
      'Refused to fetch http://sneaky.example/: sneaky.example resolves to 10.1.2.3, a private address',
    );
  });

  it('connects to the address it checked, sending the original Host header', async () => {
    let lookups = 0;
    const fetch = createGuardedFetch({
      allow: ['app.test'],
      resolve: () => {
        lookups++;
        return Promise.resolve([{ address: '127.0.0.1', family: 4 }]);
      },
    });
    const response = await fetch(`http://app.test:${port}/pinned`);
    expect(await response.json()).toEqual({ path: '/pinned', method: 'GET' });
    expect(seen[0]!.headers.host).toBe(`app.test:${port}`);
    expect(lookups).toBe(1);
  });

  it('says when a host name does not exist', async () => {
    const fetch = createGuardedFetch({
      resolve: () => Promise.reject(Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' })),
    });
    await expect(fetch('https://nowhere.invalid/')).rejects.toThrow(
      'Could not fetch https://nowhere.invalid/: nowhere.invalid was not found',
    );
  });

  it('allows addresses by CIDR range', async () => {
    const fetch = createGuardedFetch({ allow: ['127.0.0.0/8'] });
    expect((await fetch(`${base}/cidr`)).status).toBe(200);
  });

  it('follows redirects, re-checking each hop', async () => {
    const fetch = createGuardedFetch({ allow: ['127.0.0.1'] });
    const followed = await fetch(`${base}/redirect?to=${encodeURIComponent('/hello')}`);
    expect(await followed.json()).toEqual({ path: '/hello', method: 'GET' });

    await expect(
      fetch(`${base}/redirect?to=${encodeURIComponent('http://10.0.0.5/secret')}`),
    ).rejects.toThrow(/redirected to http:\/\/10\.0\.0\.5\/secret\): private address/);
    await expect(
      fetch(`${base}/redirect?to=${encodeURIComponent(`http://127.0.0.2:${port}/x`)}`),
    ).rejects.toThrow(/loopback address/);
    expect(seen.some((s) => s.url === '/secret' || s.url === '/x')).toBe(false);
  });

  it('turns a POST into a GET on 303 and stops after five redirects', async () => {
    const fetch = createGuardedFetch({ allow: ['127.0.0.1'] });
    const after303 = await fetch(`${base}/see-other`, { method: 'POST', body: 'x' });
    expect(await after303.json()).toEqual({ path: '/hello', method: 'GET' });
    await expect(fetch(`${base}/loop`)).rejects.toThrow(
      `Refused to fetch ${base}/loop: more than 5 redirects`,
    );
    expect(seen.filter((s) => s.url === '/loop')).toHaveLength(6);
  });

  it('returns redirects as they are with redirect: manual', async () => {
    const fetch = createGuardedFetch({ allow: ['127.0.0.1'] });
    const response = await fetch(`${base}/see-other`, { redirect: 'manual' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/hello');
  });

  it('decodes compressed bodies', async () => {
    const fetch = createGuardedFetch({ allow: ['127.0.0.1'] });
    expect(await (await fetch(`${base}/gzip`)).text()).toBe('packed text');
  });
});

describe('address rules', () => {
  it('names the reason a range is refused, also through IPv4-mapped IPv6', () => {
    expect(blockedReason('127.0.0.1')).toBe('loopback');
    expect(blockedReason('::1')).toBe('loopback');
    expect(blockedReason('172.20.1.1')).toBe('private');
    expect(blockedReason('0.0.0.0')).toBe('unspecified');
    expect(blockedReason('224.0.0.1')).toBe('multicast');
    expect(blockedReason('fe80::1')).toBe('link-local');
    expect(blockedReason('::ffff:7f00:1')).toBe('loopback');
    expect(blockedReason('64:ff9b::a00:1')).toBe('private');
    expect(blockedReason('8.8.8.8')).toBeUndefined();
    expect(blockedReason('2606:4700::1111')).toBeUndefined();
  });

  it('parses FLOWLOOM_HTTP_ALLOW and rejects entries that cannot work', () => {
    expect(parseAllowList(' 127.0.0.1, 10.0.0.0/8 internal.example,*.corp.example ')).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      'internal.example',
      '*.corp.example',
    ]);
    expect(parseAllowList(undefined)).toEqual([]);
    expect(() => parseAllowList('10.0.0.0/abc')).toThrow(/not a host name, an address or a CIDR range/);
  });
});

describe('the server default: custom tool code fetches through the guard', () => {
  const flowWithTool = (toolId: string, credentialId: string) =>
    toolAgentFlow(credentialId, { name: 'customTool', inputs: { selectedTool: toolId } });

  async function askWithAllowList(allow: string): Promise<{ text: string; usedTools: unknown[] }> {
    const llm = await startTestLlmServer();
    const app = await startTestServer({
      // Set even when empty, so an allow list in the test runner's environment cannot leak in.
      env: { OPENAI_BASE_URL: llm.openAiBaseUrl, FLOWLOOM_HTTP_ALLOW: allow },
    });
    try {
      const owner = await ownerSession(app.app);
      const credentialId = await openAiCredential(owner);
      const tool = (
        await owner.request('POST', '/api/v1/tools', {
          name: 'read_local',
          description: 'Reads the local service',
          schema: '[]',
          func: `const res = await fetch('${base}/from-tool'); return await res.json();`,
        })
      ).json();
      const flow = (
        await owner.request('POST', '/api/v1/chatflows', {
          name: 'Agent',
          type: 'CHATFLOW',
          flowData: JSON.stringify(flowWithTool(tool.id, credentialId)),
        })
      ).json();
      const response = await app.app.inject({
        method: 'POST',
        url: `/api/v1/prediction/${flow.id}`,
        payload: { question: 'Go [[tool:read_local {}]]' },
      });
      expect(response.statusCode).toBe(200);
      return response.json();
    } finally {
      await app.close();
      await llm.close();
    }
  }

  it('refuses 127.0.0.1 by default and tells the model why', async () => {
    const answer = await askWithAllowList('');
    expect(answer.usedTools).toMatchObject([
      { tool: 'read_local', error: expect.stringMatching(/Refused to fetch .*loopback address/) },
    ]);
    expect(seen.some((s) => s.url === '/from-tool')).toBe(false);
  });

  it('reaches 127.0.0.1 when FLOWLOOM_HTTP_ALLOW lists it', async () => {
    const answer = await askWithAllowList('127.0.0.1');
    expect(answer.usedTools).toMatchObject([
      { tool: 'read_local', toolOutput: '{"path":"/from-tool","method":"GET"}' },
    ]);
    expect(answer.text).toBe('The tool said {"path":"/from-tool","method":"GET"}');
  });
});
