// Closed-loop HTTP/1.1 load on raw keep-alive sockets.
//
// Why not `http.request`: on this 2-core machine the load generator shares the CPU with the server
// under test (and with the scripted LLM server behind it). Node's HTTP client spends several times
// more CPU per request than a raw socket writing a prepared request and counting the answer's bytes,
// and every millisecond it takes is one the server does not get. The answer is read just enough to
// know where it ends (Content-Length or chunked encoding) and what its status is.
import net from 'node:net';

const CRLF_CRLF = Buffer.from('\r\n\r\n');

/** The request bytes, built once and written for every request of every connection. */
function requestBytes(target, method, headers, body) {
  const payload = body === undefined ? undefined : Buffer.from(body);
  const lines = [
    `${method} ${target.pathname}${target.search} HTTP/1.1`,
    `Host: ${target.host}`,
    'Connection: keep-alive',
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    ...(payload ? [`Content-Length: ${payload.length}`] : []),
  ];
  const head = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`);
  return payload ? Buffer.concat([head, payload]) : head;
}

/**
 * Where the first response in `buffer` ends, or -1 while it is incomplete. Also gives its status
 * and whether the server will close the connection after it.
 */
export function responseEnd(buffer) {
  const headEnd = buffer.indexOf(CRLF_CRLF);
  if (headEnd < 0) return { end: -1 };
  const head = buffer.toString('latin1', 0, headEnd);
  const status = Number(head.slice(9, 12));
  const close = /\r\nconnection:\s*close/i.test(head);
  const bodyStart = headEnd + 4;
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
  if (length) {
    const end = bodyStart + Number(length[1]);
    return { end: buffer.length >= end ? end : -1, status, close };
  }
  if (!/\r\ntransfer-encoding:\s*chunked/i.test(head)) return { end: bodyStart, status, close };
  let at = bodyStart;
  for (;;) {
    const lineEnd = buffer.indexOf('\r\n', at, 'latin1');
    if (lineEnd < 0) return { end: -1 };
    const size = parseInt(buffer.toString('latin1', at, lineEnd), 16);
    if (size === 0) {
      // No trailers are sent by the servers measured here: the last chunk ends with an empty line.
      const end = lineEnd + 4;
      return { end: buffer.length >= end ? end : -1, status, close };
    }
    at = lineEnd + 2 + size + 2;
    if (at > buffer.length) return { end: -1 };
  }
}

/**
 * `connections` keep-alive sockets each send the next request as soon as the last one was
 * answered, for `seconds`. Returns requests/s and latency percentiles (ms).
 */
export async function load({ url, headers = {}, connections = 10, seconds = 5, method = 'GET', body }) {
  const target = new URL(url);
  const request = requestBytes(target, method, headers, body);
  const latencies = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;

  const connection = () =>
    new Promise((resolve) => {
      let socket;
      let pending = Buffer.alloc(0);
      let sentAt = 0;
      let waiting = false;
      let finished = false;
      const finish = () => {
        if (finished) return;
        finished = true;
        socket?.destroy();
        resolve();
      };
      const send = () => {
        if (performance.now() >= deadline) return finish();
        sentAt = performance.now();
        waiting = true;
        socket.write(request);
      };
      const open = () => {
        pending = Buffer.alloc(0);
        socket = net.connect({ host: target.hostname, port: Number(target.port) || 80 });
        socket.setNoDelay(true);
        socket.on('connect', send);
        socket.on('data', (chunk) => {
          pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
          const { end, status, close } = responseEnd(pending);
          if (end < 0) return;
          waiting = false;
          latencies.push(performance.now() - sentAt);
          if (status >= 400) errors++;
          pending = pending.subarray(end);
          if (close) socket.end();
          else send();
        });
        // A connection the server (or an error) closed is opened again while there is time left;
        // a request it left unanswered counts as an error.
        socket.on('error', () => undefined);
        socket.on('close', () => {
          if (finished) return;
          const broken = waiting;
          if (broken) errors++;
          waiting = false;
          if (performance.now() < deadline) setTimeout(open, broken ? 10 : 0);
          else finish();
        });
      };
      open();
    });

  await Promise.all(Array.from({ length: connections }, connection));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p) =>
    latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN;
  return { requests: latencies.length, rps: latencies.length / elapsed, p50: pct(50), p99: pct(99), errors };
}
