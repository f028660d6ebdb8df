import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { CodeSandbox, GuardedFetch } from '@flowloom/engine';
import type { FromWorker, ToWorker } from './sandbox-protocol.js';

/** Limits and outbound HTTP of a {@link createQuickJsSandbox} sandbox. */
export interface QuickJsSandboxOptions {
  /** Wall-clock limit per run, including awaited `fetch` calls (default 10 000 ms). */
  timeoutMs?: number;
  /** Heap limit per run (default 64 MB). */
  memoryBytes?: number;
  /** Backs `fetch` inside the sandbox; without it `fetch` rejects. Pass the address-guarded client. */
  http?: GuardedFetch;
  /** Largest response body `fetch` hands to the code (default 5 MB). */
  maxResponseBytes?: number;
  /** Receives `console.*` lines of the code; they are dropped otherwise. */
  onLog?: (level: string, line: string) => void;
  /** Worker threads running code (default 2); runs that await `fetch` share a thread. */
  threads?: number;
  /** The built worker script (the server bundle's); by default the one beside this module. */
  workerScript?: URL;
}

const MB = 1024 * 1024;
/** How long past its deadline a run may go unanswered before its thread is replaced. */
const WATCHDOG_GRACE_MS = 2000;

interface PendingRun {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  /** Ends the run's host side: timers, listeners, in-flight fetches. */
  finish: () => void;
  maxResponseBytes: number;
  /** Aborted when the run ends or is cancelled: in-flight fetches of the code stop with it. */
  requests: AbortController;
}

interface SandboxThread {
  worker: Worker;
  runs: Map<number, PendingRun>;
}

/** A worker thread running sandbox-worker: the built `.js`, or the TypeScript source through tsx. */
function startWorker(script: URL | undefined): Worker {
  if (script) return new Worker(script);
  const built = new URL('./sandbox-worker.js', import.meta.url);
  if (existsSync(fileURLToPath(built))) return new Worker(built);
  // From the TypeScript sources (tests, `npm run dev`): tsx compiles the worker as it loads.
  const source = JSON.stringify(new URL('./sandbox-worker.ts', import.meta.url).href);
  return new Worker(
    `import('tsx/esm/api').then(({ register }) => { register(); return import(${source}); })`,
    { eval: true },
  );
}

/** A `fetch` of the code, made on the main thread through the guarded client. */
async function hostFetch(
  http: GuardedFetch | undefined,
  requestJson: string,
  maxResponseBytes: number,
  signal: AbortSignal,
): Promise<string> {
  if (!http) throw new Error('fetch is not available in this sandbox');
  const request = JSON.parse(requestJson) as {
    url: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
  };
  const response = await http(request.url, {
    method: request.method ?? 'GET',
    headers: request.headers,
    body: request.body,
    signal,
  });
  const body = await readLimited(response, maxResponseBytes);
  const headers: Record<string, string> = {};
  response.headers.forEach((value, key) => (headers[key] = value));
  return JSON.stringify({
    status: response.status,
    statusText: response.statusText,
    url: response.url || request.url,
    headers,
    body,
  });
}

/**
 * A {@link CodeSandbox} on QuickJS compiled to WebAssembly, run in worker threads: code that loops
 * or computes for long blocks its thread, never the server. Each run gets a fresh runtime and
 * context (no state leaks between runs), no host objects (`process`, `require`, Node globals), a
 * heap limit, an interrupt at the deadline or on cancel, and a `fetch` that goes through the
 * host's guarded client. A thread that stops answering is replaced.
 */
export function createQuickJsSandbox(options: QuickJsSandboxOptions = {}): CodeSandbox {
  const threads: SandboxThread[] = [];
  const size = Math.max(1, options.threads ?? 2);
  let nextRun = 0;

  function retire(thread: SandboxThread, reason: string) {
    const index = threads.indexOf(thread);
    if (index < 0) return;
    threads.splice(index, 1);
    for (const run of thread.runs.values()) {
      run.finish();
      run.reject(new Error(reason));
    }
    thread.runs.clear();
    void thread.worker.terminate();
  }

  function onMessage(thread: SandboxThread, message: FromWorker) {
    const run = thread.runs.get(message.id);
    if (!run) return;
    switch (message.type) {
      case 'log':
        options.onLog?.(message.level, message.line);
        break;
      case 'fetch': {
        const answer = (reply: ToWorker) => {
          if (thread.runs.has(message.id)) thread.worker.postMessage(reply);
        };
        hostFetch(options.http, message.requestJson, run.maxResponseBytes, run.requests.signal).then(
          (responseJson) =>
            answer({ type: 'fetched', id: message.id, fetchId: message.fetchId, ok: true, responseJson }),
          (error: unknown) =>
            answer({
              type: 'fetched',
              id: message.id,
              fetchId: message.fetchId,
              ok: false,
              message: error instanceof Error ? error.message : String(error),
            }),
        );
        break;
      }
      case 'done':
        thread.runs.delete(message.id);
        if (thread.runs.size === 0) thread.worker.unref();
        run.finish();
        if (message.ok) run.resolve(message.value);
        else run.reject(new Error(message.message));
        break;
    }
  }

  /** The least busy thread, starting one while there are fewer than `size`. */
  function pickThread(): SandboxThread {
    const idle = threads.find((thread) => thread.runs.size === 0);
    if (idle) return idle;
    if (threads.length < size) {
      const thread: SandboxThread = { worker: startWorker(options.workerScript), runs: new Map() };
      thread.worker.on('message', (message: FromWorker) => onMessage(thread, message));
      thread.worker.on('error', (error) => retire(thread, `The code sandbox failed: ${error.message}`));
      thread.worker.on('exit', () => retire(thread, 'The code sandbox stopped'));
      threads.push(thread);
      return thread;
    }
    return threads.reduce((best, thread) => (thread.runs.size < best.runs.size ? thread : best));
  }

  return {
    run(code, globals, runOptions = {}) {
      const timeoutMs = runOptions.timeoutMs ?? options.timeoutMs ?? 10_000;
      // Globals cross as JSON text: the code gets copies, never references to host objects.
      const globalsJson =
        JSON.stringify(globals, (_key, value: unknown) =>
          typeof value === 'bigint' ? value.toString() : value,
        ) ?? '{}';
      const thread = pickThread();
      const id = nextRun++;
      const cancelFlag = new SharedArrayBuffer(4);
      const requests = new AbortController();
      const signal = runOptions.signal;
      const cancel = () => {
        Atomics.store(new Int32Array(cancelFlag), 0, 1);
        requests.abort();
        thread.worker.postMessage({ type: 'cancel', id } satisfies ToWorker);
      };
      // A thread stuck past the deadline (a hung WebAssembly module) is replaced with its runs failed.
      const watchdog = setTimeout(
        () => retire(thread, `The code sandbox stopped responding after ${timeoutMs} ms and was restarted`),
        timeoutMs + WATCHDOG_GRACE_MS,
      );
      return new Promise<unknown>((resolve, reject) => {
        thread.runs.set(id, {
          resolve,
          reject,
          maxResponseBytes: options.maxResponseBytes ?? 5 * MB,
          requests,
          finish: () => {
            clearTimeout(watchdog);
            signal?.removeEventListener('abort', cancel);
            requests.abort();
          },
        });
        thread.worker.ref();
        if (signal?.aborted) Atomics.store(new Int32Array(cancelFlag), 0, 1);
        else signal?.addEventListener('abort', cancel, { once: true });
        thread.worker.postMessage({
          type: 'run',
          id,
          code,
          globalsJson,
          timeoutMs,
          memoryBytes: options.memoryBytes ?? 64 * MB,
          cancelFlag,
        } satisfies ToWorker);
      });
    },
  };
}

async function readLimited(response: Response, maxBytes: number): Promise<string> {
  if (!response.body) return '';
  const decoder = new TextDecoder();
  let size = 0;
  let text = '';
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    // Throwing ends the loop, which cancels the rest of the body.
    if (size > maxBytes)
      throw new Error(`fetch: the response is larger than ${Math.round(maxBytes / MB)} MB`);
    text += decoder.decode(chunk, { stream: true });
  }
  return text + decoder.decode();
}
