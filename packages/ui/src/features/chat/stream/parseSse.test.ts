import { describe, expect, it } from 'vitest';
import { createSseParser, readSseStream, type StreamEvent } from './parseSse';

const frame = (event: string, data: unknown) => `message:\ndata:${JSON.stringify({ event, data })}\n\n`;

function collect(chunks: string[]): StreamEvent[] {
  const events: StreamEvent[] = [];
  const parser = createSseParser((event) => events.push(event));
  for (const chunk of chunks) parser.push(chunk);
  parser.end();
  return events;
}

describe('SSE parsing', () => {
  it('reads Flowise frames: message line, data line, blank line', () => {
    const text =
      frame('start', 'Hel') + frame('token', 'Hel') + frame('token', 'lo') + frame('end', '[DONE]');
    expect(collect([text])).toEqual([
      { event: 'start', data: 'Hel' },
      { event: 'token', data: 'Hel' },
      { event: 'token', data: 'lo' },
      { event: 'end', data: '[DONE]' },
    ]);
  });

  it('copes with chunks split anywhere, CRLF endings and heartbeats', () => {
    const text = `:heartbeat\r\n\r\n${frame('token', 'a\nb "quoted"')}${frame('sourceDocuments', [{ pageContent: 'x', metadata: {} }])}`;
    const pieces: string[] = [];
    for (let i = 0; i < text.length; i += 3) pieces.push(text.slice(i, i + 3));
    expect(collect(pieces)).toEqual([
      { event: 'token', data: 'a\nb "quoted"' },
      { event: 'sourceDocuments', data: [{ pageContent: 'x', metadata: {} }] },
    ]);
  });

  it('delivers a last event without a trailing blank line and skips frames that are not JSON', () => {
    expect(collect(['data:not json\n\n', 'data: {"event":"end","data":"[DONE]"}'])).toEqual([
      { event: 'end', data: '[DONE]' },
    ]);
  });

  it('reads a byte stream, including characters split across chunks', async () => {
    const bytes = new TextEncoder().encode(frame('token', 'héllo ✓') + frame('end', '[DONE]'));
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 5) controller.enqueue(bytes.slice(i, i + 5));
        controller.close();
      },
    });
    const events: StreamEvent[] = [];
    await readSseStream(body, (event) => events.push(event));
    expect(events).toEqual([
      { event: 'token', data: 'héllo ✓' },
      { event: 'end', data: '[DONE]' },
    ]);
  });
});
