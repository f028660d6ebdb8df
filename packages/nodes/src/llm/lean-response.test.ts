import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { BufferedResponse, ResponseHeaders, StreamedResponse, webStreamOf } from './lean-response.js';

const headers = new ResponseHeaders({ 'content-type': 'text/event-stream' });
const text = (chunks: Uint8Array[]) => Buffer.concat(chunks).toString();

describe('webStreamOf', () => {
  it('passes the chunks on in order and ends with the source', async () => {
    const source = new PassThrough();
    const reader = webStreamOf(source).getReader();
    source.write('data: one\n\n');
    source.end('data: two\n\n');
    const chunks: Uint8Array[] = [];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
    }
    expect(text(chunks)).toBe('data: one\n\ndata: two\n\n');
  });

  it('pauses the source while the reader is behind, and resumes it when read', async () => {
    const source = new PassThrough();
    const stream = webStreamOf(source);
    for (let i = 0; i < 40; i++) source.write(`chunk ${i};`);
    await new Promise((resolve) => setImmediate(resolve));
    expect(source.isPaused()).toBe(true);
    const reader = stream.getReader();
    const chunks: Uint8Array[] = [];
    source.end();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
    }
    expect(text(chunks)).toBe(Array.from({ length: 40 }, (_, i) => `chunk ${i};`).join(''));
  });

  it('fails the stream when the source fails, and destroys the source when cancelled', async () => {
    const failing = new PassThrough();
    const reader = webStreamOf(failing).getReader();
    failing.destroy(new Error('socket hang up'));
    await expect(reader.read()).rejects.toThrow('socket hang up');

    const cancelled = new PassThrough();
    await webStreamOf(cancelled).cancel(new Error('stop'));
    expect(cancelled.destroyed).toBe(true);
  });
});

describe('lean responses', () => {
  it('a streamed response reads whole as text, once', async () => {
    const source = new PassThrough();
    const response = new StreamedResponse(webStreamOf(source), 200, 'OK', headers, 'http://x/');
    source.end('data: [DONE]\n\n');
    expect(response.ok).toBe(true);
    expect(await response.text()).toBe('data: [DONE]\n\n');
    expect(response.bodyUsed).toBe(true);
  });

  it('a buffered response gives its bytes once, as JSON too', async () => {
    const response = new BufferedResponse(Buffer.from('{"a":1}'), 500, 'Server Error', headers, 'http://x/');
    expect(response.ok).toBe(false);
    expect(await response.json()).toEqual({ a: 1 });
    await expect(response.arrayBuffer()).rejects.toThrow(/already been read/);
    expect(() => response.body.getReader()).toThrow(/already been read/);
  });
});
