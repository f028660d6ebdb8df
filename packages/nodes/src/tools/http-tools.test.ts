import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endlessReply, plainFetch, startFakeApi, type FakeApi } from './fake-api.js';
import { MAX_RESPONSE_BYTES, MAX_RESPONSE_CHARS, cutText, fetchText, readBoundedText } from './http-tools.js';

let api: FakeApi;
beforeAll(async () => {
  api = await startFakeApi();
});
afterAll(() => api.close());

describe('fetchText', () => {
  it('stops reading a huge answer at the byte limit and hands the model only its start', async () => {
    const endless = endlessReply('abcdefghij'.repeat(1000), 256 * 1024 * 1024);
    api.reply(endless.reply);
    const text = await fetchText(plainFetch, `${api.url}/huge`, { method: 'GET' });
    expect(text).toHaveLength(MAX_RESPONSE_CHARS + '\n[cut: the response was larger than 2 MB]'.length);
    expect(text.endsWith('\n[cut: the response was larger than 2 MB]')).toBe(true);
    expect(text.startsWith('abcdefghij')).toBe(true);
    // The download was dropped near the limit, not read to its end (socket buffers allow some slack).
    expect(endless.sent()).toBeLessThan(MAX_RESPONSE_BYTES * 8);
  });

  it('cuts a long answer that fits the byte limit with its length, and notes a failed status', async () => {
    api.reply({ status: 503, text: 'x'.repeat(MAX_RESPONSE_CHARS + 10) });
    const text = await fetchText(plainFetch, `${api.url}/long`, { method: 'GET' });
    expect(text).toBe(
      `HTTP 503 Service Unavailable: ${'x'.repeat(MAX_RESPONSE_CHARS)}\n[cut: the response was ${MAX_RESPONSE_CHARS + 10} characters long]`,
    );
    api.reply({ text: 'short answer' });
    expect(await fetchText(plainFetch, `${api.url}/short`, { method: 'GET' }, 5)).toBe(
      'short\n[cut: the response was 12 characters long]',
    );
  });
});

describe('readBoundedText', () => {
  it('reads a body whole when it fits, in the charset it declares', async () => {
    const latin1 = new Response(new Uint8Array([0x63, 0x61, 0x66, 0xe9]), {
      headers: { 'content-type': 'text/plain; charset=iso-8859-1' },
    });
    expect(await readBoundedText(latin1)).toEqual({ text: 'café', truncated: false });
    expect(await readBoundedText(new Response(null))).toEqual({ text: '', truncated: false });
  });

  it('keeps exactly the first bytes of a body over the limit', async () => {
    expect(await readBoundedText(new Response('0123456789'), 4)).toEqual({ text: '0123', truncated: true });
    expect(cutText('0123', true, 2)).toBe('01\n[cut: the response was larger than 2 MB]');
  });
});
