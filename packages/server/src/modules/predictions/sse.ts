import type { FastifyReply } from 'fastify';

const HEARTBEAT_MS = 30_000;

/** Headers go out with the first event, or after this long when the flow is slow to produce one. */
const HEADERS_AT_LATEST_MS = 25;

/**
 * A server-sent event stream in the Flowise wire format: `message:` then `data:<one-line JSON>` and a
 * blank line per event; `:heartbeat` every 30 s; always closed by `{"event":"end","data":"[DONE]"}`.
 *
 * Events sent in the same turn of the event loop (the tokens of one network read, the closing
 * metadata and `end`) leave in one socket write, and the headers leave with the first events: a
 * write per token was most of the CPU a streamed run cost. The first events are not held back at
 * all (they leave once the current step ends); later ones wait at most one loop turn.
 */
export function openEventStream(reply: FastifyReply) {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    'Content-Type': 'text/event-stream',
    'Cache-Control': 'no-cache',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
  });
  let closed = false;
  let pending = '';
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (closed || pending === '') return;
    raw.write(pending);
    pending = '';
  };
  let started = false;
  const write = (text: string) => {
    pending += text;
    if (scheduled) return;
    scheduled = true;
    // The first events (start + first token) leave as soon as the current step is done; later ones
    // wait for the end of the loop turn, so the tokens of one network read share a write.
    if (started) setImmediate(flush);
    else {
      started = true;
      queueMicrotask(flush);
    }
  };
  const headers = setTimeout(() => {
    if (!closed && !raw.headersSent) raw.flushHeaders();
  }, HEADERS_AT_LATEST_MS);
  headers.unref();
  const heartbeat = setInterval(() => {
    if (!closed) write(':heartbeat\n\n');
  }, HEARTBEAT_MS);
  heartbeat.unref();
  raw.on('close', () => {
    closed = true;
    clearTimeout(headers);
    clearInterval(heartbeat);
  });
  return {
    get closed() {
      return closed;
    },
    send(event: string, data: unknown, extra?: Record<string, unknown>) {
      if (closed) return;
      write(`message:\ndata:${JSON.stringify({ event, data, ...extra })}\n\n`);
    },
    end() {
      if (closed) return;
      const last = `${pending}message:\ndata:${JSON.stringify({ event: 'end', data: '[DONE]' })}\n\n`;
      closed = true;
      pending = '';
      clearTimeout(headers);
      clearInterval(heartbeat);
      raw.end(last);
    },
  };
}
export type EventStream = ReturnType<typeof openEventStream>;
