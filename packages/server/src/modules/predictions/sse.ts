import type { FastifyReply } from 'fastify';

const HEARTBEAT_MS = 30_000;

/**
 * A server-sent event stream in the Flowise wire format: `message:` then `data:<one-line JSON>` and a
 * blank line per event; `:heartbeat` every 30 s; always closed by `{"event":"end","data":"[DONE]"}`.
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
  raw.flushHeaders();
  let closed = false;
  const heartbeat = setInterval(() => {
    if (!closed) raw.write(':heartbeat\n\n');
  }, HEARTBEAT_MS);
  heartbeat.unref();
  raw.on('close', () => {
    closed = true;
    clearInterval(heartbeat);
  });
  return {
    get closed() {
      return closed;
    },
    send(event: string, data: unknown, extra?: Record<string, unknown>) {
      if (closed) return;
      raw.write(`message:\ndata:${JSON.stringify({ event, data, ...extra })}\n\n`);
    },
    end() {
      if (closed) return;
      raw.write(`message:\ndata:${JSON.stringify({ event: 'end', data: '[DONE]' })}\n\n`);
      closed = true;
      clearInterval(heartbeat);
      raw.end();
    },
  };
}
export type EventStream = ReturnType<typeof openEventStream>;
