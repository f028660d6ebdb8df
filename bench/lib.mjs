// Small helpers shared by the benchmark sections: start the built server, time requests, load it.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
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

/**
 * Starts the built server; resolves once `/api/v1/ping` answers, with the time that took. With
 * `traceGc`, V8 reports each full collection on the server's stdout and `liveHeapMb()` gives the
 * heap that survived the latest one: what the server really holds, unlike RSS, which also counts
 * garbage not yet collected.
 */
export async function startServer({ home = freshHome(), env = {}, nodeArgs = [], traceGc = false } = {}) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [...(traceGc ? ['--trace-gc'] : []), ...nodeArgs, SERVER, 'start'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      FLOWLOOM_HOME: home,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', traceGc ? 'pipe' : 'ignore', 'inherit'],
  });
  let liveHeap = NaN;
  let fullCollections = 0;
  if (traceGc) {
    let partial = '';
    child.stdout.setEncoding('utf8').on('data', (text) => {
      const lines = (partial + text).split('\n');
      partial = lines.pop();
      for (const line of lines) {
        // "Mark-Compact 156.2 (187.5) -> 38.2 (120.5) MB, …": heap used after the collection.
        const match = /Mark-Compact(?: \(reduce\))? [\d.]+ \([\d.]+\) -> ([\d.]+) \(/.exec(line);
        if (match) {
          liveHeap = Number(match[1]);
          fullCollections++;
        }
      }
    });
  }
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
    /** Heap in use after the latest full collection (MB) and how many there were; with `traceGc`. */
    liveHeapMb: () => ({ mb: liveHeap, collections: fullCollections }),
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

/** The scripted LLM server (built) on a free port: its URL, pid, and how to stop it. */
export async function startTestLlm() {
  const child = spawn(process.execPath, [join(ROOT, 'packages/test-llm/dist/cli.js'), '--port', '0'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise((resolve, reject) => {
    child.stdout.once('data', (chunk) => resolve(String(chunk).trim()));
    child.once('exit', (code) => reject(new Error(`test LLM server exited with ${code}`)));
  });
  return { url, pid: child.pid, stop: () => child.kill('SIGTERM') };
}

export { load } from './load.mjs';

export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
export const fmt = (n, digits = 1) => n.toFixed(digits);
