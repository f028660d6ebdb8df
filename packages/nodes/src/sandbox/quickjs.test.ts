import { describe, expect, it } from 'vitest';
import { SandboxBusyError } from '@flowloom/engine';
import { createQuickJsSandbox } from './quickjs.js';

describe('the QuickJS sandbox', () => {
  const sandbox = createQuickJsSandbox({ timeoutMs: 2000 });

  it('runs code as the body of an async function and returns its value', async () => {
    expect(await sandbox.run('return 1 + 2', {})).toBe(3);
    expect(await sandbox.run('const x = await Promise.resolve(4); return { x, list: [x, "a"] }', {})).toEqual(
      { x: 4, list: [4, 'a'] },
    );
    expect(await sandbox.run('const nothing = 1;', {})).toBeUndefined();
  });

  it('exposes globals as copies of their JSON values', async () => {
    const input = { city: 'Paris', nested: { n: 2 } };
    const result = await sandbox.run('$input.nested.n = 99; return `${$input.city} ${$vars.key}`', {
      $input: input,
      $vars: { key: 'v1' },
    });
    expect(result).toBe('Paris v1');
    expect(input.nested.n).toBe(2);
  });

  it('throws with the message of an error the code throws', async () => {
    await expect(sandbox.run('throw new Error("no such city")', {})).rejects.toThrow('no such city');
    await expect(sandbox.run('return undefinedThing.x', {})).rejects.toThrow(/undefinedThing/);
    await expect(sandbox.run('return (', {})).rejects.toThrow();
  });

  it('stops an infinite loop at the time limit', async () => {
    const quick = createQuickJsSandbox({ timeoutMs: 200 });
    const started = Date.now();
    await expect(quick.run('while (true) {}', {})).rejects.toThrow('Custom code timed out after 200 ms');
    expect(Date.now() - started).toBeLessThan(2000);
    // The module survives and keeps working.
    expect(await quick.run('return "still here"', {})).toBe('still here');
  });

  it('stops code that awaits forever at the time limit', async () => {
    const quick = createQuickJsSandbox({ timeoutMs: 150 });
    await expect(quick.run('await new Promise(() => {}); return 1', {})).rejects.toThrow(/timed out/);
  });

  it('stops a memory bomb with a readable message', async () => {
    const small = createQuickJsSandbox({ memoryBytes: 8 * 1024 * 1024 });
    await expect(
      small.run('const parts = []; while (true) parts.push({ n: parts.length });', {}),
    ).rejects.toThrow(/ran out of memory \(limit 8 MB, FLOWLOOM_SANDBOX_MEMORY_MB\)/);
    expect(await small.run('return [1, 2].length', {})).toBe(2);
  });

  it('reports runaway recursion', async () => {
    await expect(sandbox.run('const f = () => f(); return f()', {})).rejects.toThrow(/stack overflow/);
  });

  it('offers no host objects: no process, no require of modules, no Node globals', async () => {
    expect(
      await sandbox.run(
        'return [typeof process, typeof Buffer, typeof setTimeout, typeof globalThis.__flowloomFetch]',
        {},
      ),
    ).toEqual(['undefined', 'undefined', 'undefined', 'undefined']);
    await expect(sandbox.run('require("fs")', {})).rejects.toThrow(/require\('fs'\) is not available/);
  });

  it('fetches through the injected client only (fetch and require("node-fetch"))', async () => {
    const calls: { url: string; init: RequestInit | undefined }[] = [];
    const withHttp = createQuickJsSandbox({
      http: (url, init) => {
        calls.push({ url, init });
        return Promise.resolve(
          new Response(JSON.stringify({ temp: 21 }), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          }),
        );
      },
    });
    const result = await withHttp.run(
      `const fetch = require('node-fetch');
       const res = await fetch('https://api.example.com/weather?city=' + $city, {
         method: 'POST', headers: { 'x-key': 'k' }, body: { a: 1 } });
       const data = await res.json();
       return { ok: res.ok, status: res.status, type: res.headers.get('Content-Type'), temp: data.temp };`,
      { $city: 'Oslo' },
    );
    expect(result).toEqual({ ok: true, status: 200, type: 'application/json', temp: 21 });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('https://api.example.com/weather?city=Oslo');
    expect(calls[0]!.init).toMatchObject({ method: 'POST', headers: { 'x-key': 'k' }, body: '{"a":1}' });
  });

  it('passes a refused fetch to the code as a rejected promise it may catch', async () => {
    const refusing = createQuickJsSandbox({
      http: () => Promise.reject(new Error('Refused to fetch http://10.0.0.5/: private address')),
    });
    expect(
      await refusing.run(
        `try { await fetch('http://10.0.0.5/'); return 'fetched'; } catch (e) { return e.message; }`,
        {},
      ),
    ).toBe('Refused to fetch http://10.0.0.5/: private address');
    await expect(sandbox.run(`await fetch('https://example.com')`, {})).rejects.toThrow(
      'fetch is not available in this sandbox',
    );
  });

  it('times out while waiting on a slow fetch and cancels it', async () => {
    let aborted = false;
    const slow = createQuickJsSandbox({
      timeoutMs: 150,
      http: (_url, init) =>
        new Promise((_, reject) =>
          init?.signal?.addEventListener('abort', () => {
            aborted = true;
            reject(new Error('aborted'));
          }),
        ),
    });
    await expect(slow.run(`await fetch('https://slow.example'); return 1`, {})).rejects.toThrow(
      'Custom code timed out after 150 ms',
    );
    expect(aborted).toBe(true);
  });

  it('captures console output through onLog', async () => {
    const lines: string[] = [];
    const logging = createQuickJsSandbox({ onLog: (level, line) => lines.push(`${level}:${line}`) });
    await logging.run('console.log("hello", { a: 1 }); console.error(new Error("bad")); return 1', {});
    expect(lines).toEqual(['log:hello {"a":1}', 'error:Error: bad']);
  });

  it('stops when the run is cancelled', async () => {
    const controller = new AbortController();
    const pending = sandbox.run('await new Promise(() => {})', {}, { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    await expect(pending).rejects.toThrow('Custom code was cancelled');
  });

  it('keeps runs apart: globals of one run are gone in the next', async () => {
    await sandbox.run('globalThis.leak = 1; return 0', {});
    expect(await sandbox.run('return typeof leak', {})).toBe('undefined');
  });

  it('runs several programs at once without mixing their values', async () => {
    const concurrent = createQuickJsSandbox({
      http: async (url) => {
        await new Promise((r) => setTimeout(r, 20 - Number(new URL(url).searchParams.get('n')) * 3));
        return new Response(new URL(url).searchParams.get('n'));
      },
    });
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map((n) =>
        concurrent.run(
          'const r = await fetch("https://x.test/?n=" + $n); return $n * 10 + Number(await r.text())',
          {
            $n: n,
          },
        ),
      ),
    );
    expect(results).toEqual([11, 22, 33, 44, 55]);
  });

  it('keeps the host answering while code loops, and other code running beside it', async () => {
    const busy = createQuickJsSandbox({ timeoutMs: 600, threads: 2 });
    await busy.run('return 0', {}); // threads started
    const looping = busy.run('while (true) {}', {});
    // Expect the timeout now: on a loaded machine it can come before the run beside it ends.
    const loopingFails = expect(looping).rejects.toThrow('Custom code timed out after 600 ms');
    const started = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(performance.now() - started).toBeLessThan(300);
    expect(await busy.run('return "beside"', {})).toBe('beside');
    await loopingFails;
  });

  it('stops looping code when the run is cancelled', async () => {
    const controller = new AbortController();
    const started = Date.now();
    const pending = sandbox.run('while (true) {}', {}, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toThrow(/cancelled/);
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('replaces a thread that stops answering, failing its run readably', async () => {
    const silent = new URL(`data:text/javascript,${encodeURIComponent('setInterval(() => {}, 1000);')}`);
    const stuck = createQuickJsSandbox({ timeoutMs: 50, workerScript: silent, threads: 1 });
    await expect(stuck.run('return 1', {})).rejects.toThrow(
      'The code sandbox stopped responding after 50 ms and was restarted',
    );
  });

  describe('limits (issue 10)', () => {
    it('stops memory bombs at once, with the WebAssembly memory capped, and replaces the grown thread', async () => {
      const bombs = createQuickJsSandbox({ memoryBytes: 16 * 1024 * 1024, threads: 1 });
      for (const code of [
        'const a = []; while (true) a.push(new Array(1e6).fill(1)); return 1',
        "const a = []; while (true) a.push('x'.repeat(1024 * 1024) + Math.random()); return 1",
        "return 'x'.repeat(2 ** 29).length",
      ]) {
        await expect(bombs.run(code, {})).rejects.toThrow(
          'Custom code ran out of memory (limit 16 MB, FLOWLOOM_SANDBOX_MEMORY_MB)',
        );
      }
      expect(await bombs.run('return "after the bombs"', {})).toBe('after the bombs');
      bombs.close();
    });

    it('caps the requests of a run, with few in flight at once, and the flood stays in its thread', async () => {
      let calls = 0;
      let inFlight = 0;
      let mostInFlight = 0;
      const flooded = createQuickJsSandbox({
        maxRequests: 20,
        concurrentRequests: 3,
        http: async () => {
          calls++;
          mostInFlight = Math.max(mostInFlight, ++inFlight);
          await new Promise((resolve) => setTimeout(resolve, 2));
          inFlight--;
          throw new Error('connection refused');
        },
      });
      const result = await flooded.run(
        `const ps = [];
         for (let i = 0; i < 30000; i++) ps.push(fetch('http://127.0.0.1:9/x').catch((e) => e.message));
         const messages = await Promise.all(ps);
         return [messages[0], messages[29999]];`,
        {},
      );
      expect(result).toEqual([
        'connection refused',
        'fetch: this code already made 20 requests, the most one run may make (FLOWLOOM_SANDBOX_MAX_REQUESTS)',
      ]);
      expect(calls).toBe(20);
      expect(mostInFlight).toBe(3);
      flooded.close();
    });

    it('refuses a result over the output limit, naming it', async () => {
      const small = createQuickJsSandbox({ outputBytes: 1024 * 1024 });
      await expect(small.run("return 'x'.repeat(2 * 1024 * 1024)", {})).rejects.toThrow(
        'Custom code returned 2 MB; the limit is 1 MB (FLOWLOOM_SANDBOX_OUTPUT_MB)',
      );
      expect(await small.run("return 'x'.repeat(1000).length", {})).toBe(1000);
      small.close();
    });

    it('keeps a bounded number of console lines, each of bounded length', async () => {
      const lines: string[] = [];
      const chatty = createQuickJsSandbox({ logLines: 5, onLog: (_level, line) => lines.push(line) });
      await chatty.run("for (let i = 0; i < 1000; i++) console.log('x'.repeat(50000)); return 1", {});
      expect(lines).toHaveLength(6);
      expect(lines[0]).toHaveLength(10_001);
      expect(lines[5]).toBe('Further console output dropped: the limit is 5 lines a run');
      chatty.close();
    });

    it('queues runs past its threads, then refuses them as busy past the queue', async () => {
      const tiny = createQuickJsSandbox({ threads: 1, queue: 1, timeoutMs: 1500 });
      const looping = tiny.run('while (true) {}', {});
      const queued = tiny.run('return "queued"', {});
      await expect(tiny.run('return "refused"', {})).rejects.toThrow(
        /^The code sandbox is busy: all 1 threads are running code and 1 runs are waiting/,
      );
      await expect(tiny.run('return 1', {})).rejects.toBeInstanceOf(SandboxBusyError);
      await expect(looping).rejects.toThrow('Custom code timed out after 1500 ms');
      expect(await queued).toBe('queued');
      tiny.close();
    });

    it('gives a thread awaiting fetch to another run, and cancels a queued run', async () => {
      let release: (() => void) | undefined;
      const shared = createQuickJsSandbox({
        threads: 1,
        http: () => new Promise<Response>((resolve) => (release = () => resolve(new Response('late')))),
      });
      const waitingOnFetch = shared.run("return await (await fetch('https://slow.test')).text()", {});
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await shared.run('return "beside the fetch"', {})).toBe('beside the fetch');
      release?.();
      expect(await waitingOnFetch).toBe('late');

      const controller = new AbortController();
      const looping = shared.run('while (true) {}', {}, { timeoutMs: 500 });
      const cancelled = shared.run('return 1', {}, { signal: controller.signal });
      controller.abort();
      await expect(cancelled).rejects.toThrow('Custom code was cancelled');
      await expect(looping).rejects.toThrow(/timed out/);
      shared.close();
    });
  });
});
