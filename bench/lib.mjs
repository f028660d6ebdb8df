// Small helpers shared by the benchmark sections: start the built server, time requests, load it.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const ROOT = new URL('..', import.meta.url).pathname;
const SERVER = join(ROOT, 'packages/server/dist/flowloom.js');

export function freshHome() {
  return mkdtempSync(join(tmpdir(), 'flowloom-bench-'));
}

/** A port nothing listens on right now. */
export function freePort() {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Starts the built server; resolves once `/api/v1/ping` answers, with the time that took. */
export async function startServer({ home = freshHome(), env = {}, nodeArgs = [] } = {}) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [...nodeArgs, SERVER, 'start'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      FLOWLOOM_HOME: home,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${base}/api/v1/ping`);
      if ((await response.text()) === 'pong') break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 2));
  }
  const readyMs = performance.now() - started;
  return {
    base,
    home,
    pid: child.pid,
    readyMs,
    rssMb: () => rssMb(child.pid),
    async stop({ keepHome = false } = {}) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      if (!keepHome) rmSync(home, { recursive: true, force: true });
    },
  };
}

export function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** CPU time (user + system) of a process in ms, from /proc. */
export function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / 100; // USER_HZ is 100 on Linux
}

export async function json(base, method, path, body, headers = {}) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return { data: text ? JSON.parse(text) : undefined, headers: response.headers };
}

/** Owner account + an all-permission API key on a fresh server. */
export async function ownerApiKey(base) {
  await json(base, 'POST', '/api/v1/account/register', {
    user: { name: 'Bench', email: 'bench@example.com', credential: 'Bench-pass-1!' },
  });
  const login = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench@example.com', password: 'Bench-pass-1!' }),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const keys = await json(
    base,
    'POST',
    '/api/v1/apikey',
    { keyName: 'bench' },
    { cookie, 'x-request-from': 'internal' },
  );
  return keys.data.find((k) => k.keyName === 'bench').apiKey;
}

/**
 * Closed-loop load: `connections` keep-alive sockets each send the next request as soon as the last
 * answered, for `seconds`. Returns requests/s and latency percentiles (ms).
 */
export async function load({ url, headers = {}, connections = 10, seconds = 5, method = 'GET', body }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const target = new URL(url);
  const latencies = [];
  let errors = 0;
  const deadline = performance.now() + seconds * 1000;
  const once = () =>
    new Promise((resolve) => {
      const started = performance.now();
      const req = http.request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          path: target.pathname + target.search,
          method,
          headers,
        },
        (res) => {
          res.on('data', () => {});
          res.on('end', () => {
            if (res.statusCode >= 400) errors++;
            latencies.push(performance.now() - started);
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors++;
        resolve();
      });
      if (body) req.write(body);
      req.end();
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline) await once();
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pct = (p) =>
    latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN;
  return { requests: latencies.length, rps: latencies.length / elapsed, p50: pct(50), p99: pct(99), errors };
}

export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
export const fmt = (n, digits = 1) => n.toFixed(digits);
