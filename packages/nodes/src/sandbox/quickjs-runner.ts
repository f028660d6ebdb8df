import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import {
  newQuickJSWASMModuleFromVariant,
  newVariant,
  RELEASE_SYNC,
  type QuickJSContext,
  type QuickJSDeferredPromise,
  type QuickJSHandle,
  type QuickJSRuntime,
  type QuickJSWASMModule,
} from 'quickjs-emscripten';
import { cachedLoad } from '../utilities/cached-load.js';
import { GUEST_PRELUDE, wrapUserCode } from './guest-prelude.js';
import type { SandboxLimits } from './sandbox-protocol.js';

/**
 * Runs user code in QuickJS, inside a sandbox worker thread (see sandbox-worker.ts): each run
 * gets a fresh runtime and context (no state leaks between runs), no host objects, and an
 * interrupt at the deadline or on cancel. Memory is bounded where it lives: the module's
 * WebAssembly memory has a fixed maximum, so an allocation past it fails inside QuickJS ("out of
 * memory") instead of growing the process. (QuickJS's own `setMemoryLimit` cannot do this here:
 * its Emscripten build counts a few bytes per allocation, not their size.) What the code asks of
 * the host (`fetch`, `console`) goes through {@link HostCalls}, counted and capped per run.
 */

/** What a run asks of the host. */
export interface HostCalls {
  /** A `fetch` of the code, as JSON text of `{url, method, headers, body}`; answers the response as JSON text. */
  fetch(requestJson: string): Promise<string>;
  log(level: string, line: string): void;
  /** The code has handed control back and awaits the host: the thread may compute something else. */
  waiting(): void;
}

/** The limits of one run, and how it learns that it was cancelled. */
export interface RunLimits extends SandboxLimits {
  /** Read by the interrupt handler while the code runs: true once the run was cancelled. */
  cancelled: () => boolean;
  /** Sets (or, with undefined, clears) what to do when a cancel arrives while the code awaits. */
  onCancel: (stop: (() => void) | undefined) => void;
}

export interface CodeRequest {
  code: string;
  /** The run's globals as JSON text: the code gets copies, never references to host objects. */
  globalsJson: string;
  limits: RunLimits;
}

const MB = 1024 * 1024;
const PAGE = 64 * 1024;
/** The module's own starting size (its code, static data and stack); QuickJS heaps grow above it. */
const BASE_MEMORY = 16 * MB;
const MAX_LOG_LINE = 10_000;

const megabytes = (bytes: number) => `${Math.round((bytes / MB) * 10) / 10} MB`;

/** An Emscripten abort (`WebAssembly.RuntimeError`): the module instance is dead afterwards. */
function isWasmCrash(error: unknown): error is Error {
  return error instanceof Error && error.name === 'RuntimeError';
}

/** The part of `WebAssembly.Memory` used here (the project's type libraries do not declare it). */
interface WasmMemory {
  readonly buffer: ArrayBuffer;
}
declare const WebAssembly: {
  Memory: new (descriptor: { initial: number; maximum: number }) => WasmMemory;
};

interface LoadedModule {
  quickjs: QuickJSWASMModule;
  memory: WasmMemory;
}

/**
 * The QuickJS WebAssembly module with a memory of at most `heapBytes` above its base, its `.wasm`
 * read from the variant's own package. Left to itself, the variant looks for the file beside its
 * JavaScript, which the server bundle has moved into `dist/chunks` without it.
 */
async function loadQuickJs(heapBytes: number): Promise<LoadedModule> {
  const wasm = createRequire(import.meta.url).resolve('@jitl/quickjs-wasmfile-release-sync/wasm');
  const memory = new WebAssembly.Memory({
    initial: BASE_MEMORY / PAGE,
    maximum: Math.ceil((BASE_MEMORY + heapBytes) / PAGE),
  });
  const variant = newVariant(RELEASE_SYNC, {
    // Its declared type, WebAssembly.Memory, is unknown to this project's type libraries.
    wasmMemory: memory as never,
    wasmBinary: async () => {
      const bytes = await readFile(wasm);
      return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    },
  });
  return { quickjs: await newQuickJSWASMModuleFromVariant(variant), memory };
}

/** The runs of one thread: one QuickJS module, loaded on first use and replaced after a crash. */
export function createCodeRunner(heapBytes: number) {
  const module = cachedLoad(() => loadQuickJs(heapBytes));
  let memory: WasmMemory | undefined;
  return {
    async run({ code, globalsJson, limits }: CodeRequest, host: HostCalls): Promise<unknown> {
      const loaded = await module.get();
      memory = loaded.memory;
      try {
        return await runOnce(loaded.quickjs, code, globalsJson, limits, host, module.reset);
      } catch (error) {
        // A WASM abort (e.g. a leaked handle at dispose) kills the module: load a fresh one next time.
        if (isWasmCrash(error)) {
          module.reset();
          throw new Error(`The code sandbox crashed and was restarted: ${error.message}`, { cause: error });
        }
        throw error;
      }
    },
    /** Bytes of WebAssembly memory the module holds (it never shrinks). */
    heapBytes: () => memory?.buffer.byteLength ?? 0,
  };
}

async function runOnce(
  quickjs: QuickJSWASMModule,
  code: string,
  globalsJson: string,
  limits: RunLimits,
  host: HostCalls,
  onCrash: () => void,
): Promise<unknown> {
  const deadline = Date.now() + limits.timeoutMs;
  const runtime = quickjs.newRuntime();
  // Well under the host stack, so QuickJS reports "stack overflow" before the WASM stack runs out.
  runtime.setMaxStackSize(256 * 1024);
  runtime.setInterruptHandler(() => Date.now() > deadline || limits.cancelled());
  const context = runtime.newContext();
  const session = new HostSession(context, runtime, host, limits);
  let timer: NodeJS.Timeout | undefined;
  const stopOnCancel = () => session.stop(new Error('Custom code was cancelled'));
  try {
    session.installHooks(globalsJson);
    const prelude = context.evalCode(GUEST_PRELUDE, 'prelude.js');
    if (prelude.error) throw session.guestError(prelude.error);
    prelude.value.dispose();

    const evaluated = context.evalCode(wrapUserCode(code), 'custom-code.js');
    if (evaluated.error) throw session.guestError(evaluated.error);
    const settled = context.resolvePromise(evaluated.value);
    evaluated.value.dispose();
    session.pump();

    // Guest code waiting on a host fetch is not running, so the interrupt handler alone cannot stop it.
    timer = setTimeout(
      () => session.stop(new Error(`Custom code timed out after ${limits.timeoutMs} ms`)),
      Math.max(0, deadline - Date.now()),
    );
    limits.onCancel(stopOnCancel);
    if (limits.cancelled()) stopOnCancel();
    const result = await Promise.race([settled, session.stopped]);
    if (result.error) throw session.guestError(result.error);
    return session.output(result.value);
  } finally {
    clearTimeout(timer);
    limits.onCancel(undefined);
    session.close();
    disposeRun(context, runtime, onCrash);
  }
}

function disposeRun(context: QuickJSContext, runtime: QuickJSRuntime, onCrash: () => void) {
  try {
    context.dispose();
    runtime.dispose();
  } catch (error) {
    if (!isWasmCrash(error)) throw error;
    onCrash();
  }
}

/**
 * The host side of one run: hooks given to the guest, its outbound requests (counted, at most
 * `concurrentRequests` in flight, the rest queued here so a flood never reaches the main thread)
 * and console lines (capped).
 */
class HostSession {
  private readonly pending = new Set<QuickJSDeferredPromise>();
  private readonly queued: (() => void)[] = [];
  /** Guest request strings waiting for their turn (freed at close if it never comes). */
  private readonly held = new Set<QuickJSHandle>();
  private inFlight = 0;
  private requests = 0;
  private logLines = 0;
  private closed = false;
  private stopWith: ((error: Error) => void) | undefined;
  private stopReason: Error | undefined;
  /** Settles (with an error) only when the run is stopped from outside: timeout or cancel. */
  readonly stopped: Promise<never>;

  constructor(
    private readonly context: QuickJSContext,
    private readonly runtime: QuickJSRuntime,
    private readonly host: HostCalls,
    private readonly limits: RunLimits,
  ) {
    this.stopped = new Promise<never>((_, reject) => (this.stopWith = reject));
    this.stopped.catch(() => {}); // only observed through Promise.race
  }

  stop(reason: Error) {
    this.stopReason ??= reason;
    this.stopWith?.(reason);
  }

  installHooks(globalsJson: string) {
    const { context } = this;
    const hooks: [string, QuickJSHandle][] = [
      ['__flowloomGlobals', context.newString(globalsJson)],
      ['__flowloomFetch', context.newFunction('fetch', (request) => this.fetch(request))],
      ['__flowloomLog', context.newFunction('log', (level, line) => this.log(level, line))],
    ];
    for (const [name, handle] of hooks) {
      context.setProp(context.global, name, handle);
      handle.dispose();
    }
  }

  /** Runs the guest's queued promise jobs (after the host settled something it awaits). */
  pump() {
    if (this.closed) return;
    const result = this.runtime.executePendingJobs();
    if (result.error) result.error.dispose();
    if (!this.closed) this.host.waiting();
  }

  /** The run's value, read from the guest's JSON text unless that text is over the output limit. */
  output(value: QuickJSHandle): unknown {
    try {
      if (this.context.typeof(value) !== 'string') return undefined;
      const length = this.stringLength(value);
      if (length > this.limits.outputBytes)
        throw new Error(
          `Custom code returned ${megabytes(length)}; the limit is ${megabytes(this.limits.outputBytes)} (FLOWLOOM_SANDBOX_OUTPUT_MB)`,
        );
      return JSON.parse(this.context.getString(value)) as unknown;
    } finally {
      value.dispose();
    }
  }

  /** The guest's error as a host Error with its message (or the timeout/cancel reason). */
  guestError(handle: QuickJSHandle): Error {
    try {
      if (this.stopReason) return this.stopReason;
      const dumped = this.context.dump(handle) as unknown;
      const { name, message } =
        dumped && typeof dumped === 'object'
          ? (dumped as { name?: unknown; message?: unknown })
          : { name: undefined, message: dumped };
      const text = typeof message === 'string' ? message : JSON.stringify(message ?? null);
      if (name === 'InternalError' && /interrupted/.test(text))
        return new Error(`Custom code timed out after ${this.limits.timeoutMs} ms`);
      if (/out of memory/i.test(text) || dumped === null)
        return new Error(
          `Custom code ran out of memory (limit ${megabytes(this.limits.memoryBytes)}, FLOWLOOM_SANDBOX_MEMORY_MB)`,
        );
      if (name === 'InternalError' && /stack overflow/.test(text))
        return new Error('Custom code recursed too deeply (stack overflow)');
      return new Error(text.length > MAX_LOG_LINE ? `${text.slice(0, MAX_LOG_LINE)}…` : text);
    } catch {
      return new Error('Custom code failed');
    } finally {
      handle.dispose();
    }
  }

  /** Length of a guest string, read without copying it out. */
  private stringLength(handle: QuickJSHandle): number {
    const length = this.context.getProp(handle, 'length');
    try {
      return this.context.getNumber(length);
    } finally {
      length.dispose();
    }
  }

  private log(levelHandle: QuickJSHandle, lineHandle: QuickJSHandle) {
    const count = ++this.logLines;
    if (count > this.limits.logLines + 1) return;
    if (count === this.limits.logLines + 1) {
      this.host.log(
        'warn',
        `Further console output dropped: the limit is ${this.limits.logLines} lines a run`,
      );
      return;
    }
    // The prelude shortens long lines; a line still too long (the code replaced String methods) is left out.
    const length = this.stringLength(lineHandle);
    const line =
      length > MAX_LOG_LINE + 1
        ? `(a console line of ${length} characters was left out)`
        : this.context.getString(lineHandle);
    this.host.log(this.context.getString(levelHandle), line);
  }

  /**
   * A `fetch` of the guest. Refusals (too many requests, too large a request) throw, which the
   * prelude's async `fetch` turns into a rejected promise. Requests past the concurrency limit wait
   * here as guest strings, copied out only when their turn comes.
   */
  private fetch(requestHandle: QuickJSHandle): QuickJSHandle {
    if (++this.requests > this.limits.maxRequests)
      throw new Error(
        `fetch: this code already made ${this.limits.maxRequests} requests, the most one run may make (FLOWLOOM_SANDBOX_MAX_REQUESTS)`,
      );
    if (this.stringLength(requestHandle) > this.limits.responseBytes)
      throw new Error(
        `fetch: the request is larger than ${megabytes(this.limits.responseBytes)} (FLOWLOOM_SANDBOX_RESPONSE_MB)`,
      );
    const deferred = this.context.newPromise();
    this.pending.add(deferred);
    const request = requestHandle.dup();
    this.held.add(request);
    const send = () => {
      this.held.delete(request);
      const requestJson = this.context.getString(request);
      request.dispose();
      this.inFlight++;
      this.host.fetch(requestJson).then(
        (responseJson) => this.finishRequest(deferred, (ctx) => ctx.newString(responseJson), true),
        (error: unknown) =>
          this.finishRequest(
            deferred,
            (ctx) => ctx.newError(error instanceof Error ? error.message : String(error)),
            false,
          ),
      );
    };
    if (this.inFlight < this.limits.concurrentRequests) send();
    else this.queued.push(send);
    return deferred.handle;
  }

  private finishRequest(
    deferred: QuickJSDeferredPromise,
    make: (context: QuickJSContext) => QuickJSHandle,
    ok: boolean,
  ) {
    this.inFlight--;
    if (!this.closed) this.queued.shift()?.();
    this.settle(deferred, make, ok);
  }

  /** Settles a promise the guest awaits and lets the guest go on. */
  private settle(
    deferred: QuickJSDeferredPromise,
    make: (context: QuickJSContext) => QuickJSHandle,
    ok: boolean,
  ) {
    this.pending.delete(deferred);
    if (this.closed || !deferred.alive) return;
    const handle = make(this.context);
    if (ok) deferred.resolve(handle);
    else deferred.reject(handle);
    handle.dispose();
    this.pump();
  }

  /** Frees every handle the host still holds, so the runtime can be disposed cleanly. */
  close() {
    this.closed = true;
    this.queued.length = 0;
    for (const handle of this.held) handle.dispose();
    this.held.clear();
    for (const deferred of this.pending) deferred.dispose();
    this.pending.clear();
  }
}
