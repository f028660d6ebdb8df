import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { SandboxBusyError } from '@flowloom/engine';
import type { FromWorker, SandboxLimits, ToWorker, WorkerSetup } from './sandbox-protocol.js';

/** Sizes of a {@link createSandboxPool} pool. */
export interface SandboxPoolOptions {
  /** Worker threads running code, started as needed (`FLOWLOOM_SANDBOX_THREADS`). */
  threads: number;
  /** Runs that may wait for a free thread; past it a run is refused as busy (`FLOWLOOM_SANDBOX_QUEUE`). */
  queue: number;
  /** QuickJS heap of each thread (see {@link SandboxLimits.memoryBytes}). */
  memoryBytes: number;
  /** The built worker script (the server bundle's); by default the one beside this module. */
  workerScript?: URL;
}

/** One run handed to the pool, and what it calls back with while it runs. */
export interface PoolRun {
  code: string;
  globalsJson: string;
  limits: SandboxLimits;
  signal: AbortSignal | undefined;
  /** A `fetch` of the code, answered as JSON text; `signal` aborts when the run ends. */
  fetch(requestJson: string, signal: AbortSignal): Promise<string>;
  log(level: string, line: string): void;
}

const MB = 1024 * 1024;
/** How long past its deadline a run may go unanswered before its thread is replaced. */
const WATCHDOG_GRACE_MS = 2000;
/** Runs one thread holds at once; all but one of them are awaiting `fetch`. */
const RUNS_PER_THREAD = 16;
/** A thread whose WebAssembly memory grew past this is replaced once idle: memory never shrinks. */
const RECYCLE_ABOVE_BYTES = 32 * MB;
/** The worker's own JavaScript heap (copies of globals, requests and results pass through it). */
const WORKER_HEAP_MB = 256;

interface ActiveRun {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  /** Ends the run's host side: timers, listeners, in-flight fetches. */
  finish: () => void;
  run: PoolRun;
  /**
   * Aborted when the run ends or is cancelled: in-flight fetches of the code stop with it. Made on
   * the first fetch (most runs make none; an abort costs a DOMException with its stack).
   */
  requests: () => AbortSignal;
}

interface SandboxThread {
  worker: Worker;
  runs: Map<number, ActiveRun>;
  /** Runs whose code is executing on the thread now (not awaiting the host). */
  computing: Set<number>;
  /** No new runs; terminated once its last run ends (it grew, or failed). */
  retiring: boolean;
}

interface QueuedRun {
  run: PoolRun;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  /** Stops waiting: the caller cancelled, or the run waited as long as it may run. */
  dequeue: () => void;
}

/** A worker thread running sandbox-worker: the built `.js`, or the TypeScript source through tsx. */
function startWorker(script: URL | undefined, setup: WorkerSetup): Worker {
  const options = {
    workerData: setup,
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
  };
  if (script) return new Worker(script, options);
  const built = new URL('./sandbox-worker.js', import.meta.url);
  if (existsSync(fileURLToPath(built))) return new Worker(built, options);
  // From the TypeScript sources (tests, `npm run dev`): tsx compiles the worker as it loads.
  const source = JSON.stringify(new URL('./sandbox-worker.ts', import.meta.url).href);
  return new Worker(
    `import('tsx/esm/api').then(({ register }) => { register(); return import(${source}); })`,
    { ...options, eval: true },
  );
}

/**
 * A pool of sandbox worker threads with a bounded queue. A run goes to a thread that is not
 * computing (an idle thread, a new one while fewer than `threads` exist, or one whose runs all
 * await `fetch`); otherwise it waits its turn, at most twice as long as it may run, and past `queue`
 * waiting runs it is refused at once with a {@link SandboxBusyError}. A thread that stops
 * answering is replaced; one whose memory grew is replaced once idle, so memory a run took is
 * given back to the system.
 */
export function createSandboxPool(options: SandboxPoolOptions) {
  const threads: SandboxThread[] = [];
  const waiting: QueuedRun[] = [];
  let nextRun = 0;

  function terminate(thread: SandboxThread) {
    const index = threads.indexOf(thread);
    if (index >= 0) threads.splice(index, 1);
    void thread.worker.terminate();
  }

  /** Ends a thread now, failing its runs with `reason`. */
  function retire(thread: SandboxThread, reason: string) {
    if (!threads.includes(thread)) return;
    terminate(thread);
    for (const active of thread.runs.values()) {
      active.finish();
      active.reject(new Error(reason));
    }
    thread.runs.clear();
    dispatch();
  }

  function onMessage(thread: SandboxThread, message: FromWorker) {
    const active = thread.runs.get(message.id);
    if (!active) return;
    switch (message.type) {
      case 'log':
        active.run.log(message.level, message.line);
        break;
      case 'waiting':
        thread.computing.delete(message.id);
        dispatch();
        break;
      case 'fetch': {
        const answer = (reply: ToWorker) => {
          if (!thread.runs.has(message.id)) return;
          thread.computing.add(message.id);
          thread.worker.postMessage(reply);
        };
        active.run.fetch(message.requestJson, active.requests()).then(
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
        thread.computing.delete(message.id);
        if (message.heapBytes > RECYCLE_ABOVE_BYTES) thread.retiring = true;
        if (thread.runs.size === 0) {
          if (thread.retiring) terminate(thread);
          else thread.worker.unref();
        }
        active.finish();
        if (message.ok) active.resolve(message.value);
        else active.reject(new Error(message.message));
        dispatch();
        break;
    }
  }

  function spawn(): SandboxThread {
    const thread: SandboxThread = {
      worker: startWorker(options.workerScript, { memoryBytes: options.memoryBytes }),
      runs: new Map(),
      computing: new Set(),
      retiring: false,
    };
    thread.worker.on('message', (message: FromWorker) => onMessage(thread, message));
    thread.worker.on('error', (error) =>
      retire(
        thread,
        (error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? `The code sandbox ran out of memory (its thread may use ${WORKER_HEAP_MB} MB) and was restarted`
          : `The code sandbox failed: ${error.message}`,
      ),
    );
    thread.worker.on('exit', () => retire(thread, 'The code sandbox stopped'));
    threads.push(thread);
    return thread;
  }

  /** A thread free to compute now: idle, new, or with every run awaiting the host. */
  function freeThread(): SandboxThread | undefined {
    const open = threads.filter((t) => !t.retiring);
    const idle = open.find((t) => t.runs.size === 0);
    if (idle) return idle;
    if (threads.length < options.threads) return spawn();
    const candidates = open.filter((t) => t.computing.size === 0 && t.runs.size < RUNS_PER_THREAD);
    return candidates.reduce<SandboxThread | undefined>(
      (best, t) => (!best || t.runs.size < best.runs.size ? t : best),
      undefined,
    );
  }

  function dispatch() {
    while (waiting.length > 0) {
      const thread = freeThread();
      if (!thread) return;
      const next = waiting.shift()!;
      next.dequeue();
      start(thread, next.run, next.resolve, next.reject);
    }
  }

  function start(
    thread: SandboxThread,
    run: PoolRun,
    resolve: (value: unknown) => void,
    reject: (error: Error) => void,
  ) {
    const id = nextRun++;
    const { timeoutMs } = run.limits;
    const cancelFlag = new SharedArrayBuffer(4);
    let requests: AbortController | undefined;
    const cancel = () => {
      Atomics.store(new Int32Array(cancelFlag), 0, 1);
      requests?.abort();
      thread.worker.postMessage({ type: 'cancel', id } satisfies ToWorker);
    };
    // A thread stuck past the deadline (a hung WebAssembly module) is replaced with its runs failed.
    const watchdog = setTimeout(
      () => retire(thread, `The code sandbox stopped responding after ${timeoutMs} ms and was restarted`),
      timeoutMs + WATCHDOG_GRACE_MS,
    );
    thread.runs.set(id, {
      resolve,
      reject,
      run,
      requests: () => (requests ??= new AbortController()).signal,
      finish: () => {
        clearTimeout(watchdog);
        run.signal?.removeEventListener('abort', cancel);
        requests?.abort();
      },
    });
    thread.computing.add(id);
    thread.worker.ref();
    if (run.signal?.aborted) Atomics.store(new Int32Array(cancelFlag), 0, 1);
    else run.signal?.addEventListener('abort', cancel, { once: true });
    thread.worker.postMessage({
      type: 'run',
      id,
      code: run.code,
      globalsJson: run.globalsJson,
      limits: run.limits,
      cancelFlag,
    } satisfies ToWorker);
  }

  function enqueue(run: PoolRun, resolve: (value: unknown) => void, reject: (error: Error) => void) {
    if (waiting.length >= options.queue) {
      reject(
        new SandboxBusyError(
          `The code sandbox is busy: all ${options.threads} threads are running code and ${waiting.length} runs are waiting (FLOWLOOM_SANDBOX_THREADS, FLOWLOOM_SANDBOX_QUEUE). Try again shortly.`,
        ),
      );
      return;
    }
    const queued: QueuedRun = {
      run,
      resolve,
      reject,
      dequeue: () => {
        clearTimeout(timer);
        run.signal?.removeEventListener('abort', onAbort);
      },
    };
    const leave = (error: Error) => {
      const index = waiting.indexOf(queued);
      if (index < 0) return;
      waiting.splice(index, 1);
      queued.dequeue();
      reject(error);
    };
    const onAbort = () => leave(new Error('Custom code was cancelled'));
    // Every running code ends by its deadline, so a thread normally frees within one run's time;
    // waiting twice that means the pool is overloaded.
    const maxWaitMs = 2 * run.limits.timeoutMs;
    const timer = setTimeout(
      () =>
        leave(
          new SandboxBusyError(
            `The code sandbox is busy: the code waited ${maxWaitMs} ms for one of the ${options.threads} threads (FLOWLOOM_SANDBOX_THREADS). Try again shortly.`,
          ),
        ),
      maxWaitMs,
    );
    run.signal?.addEventListener('abort', onAbort, { once: true });
    waiting.push(queued);
  }

  return {
    run(run: PoolRun): Promise<unknown> {
      return new Promise<unknown>((resolve, reject) => {
        if (run.signal?.aborted) return reject(new Error('Custom code was cancelled'));
        const thread = waiting.length === 0 ? freeThread() : undefined;
        if (thread) start(thread, run, resolve, reject);
        else enqueue(run, resolve, reject);
      });
    },
    /** Threads alive now (for tests and figures). */
    threadCount: () => threads.length,
    /** Stops every thread; runs in progress fail. */
    close() {
      for (const queued of waiting.splice(0)) {
        queued.dequeue();
        queued.reject(new Error('The code sandbox was shut down'));
      }
      for (const thread of [...threads]) retire(thread, 'The code sandbox was shut down');
    },
  };
}
export type SandboxPool = ReturnType<typeof createSandboxPool>;
