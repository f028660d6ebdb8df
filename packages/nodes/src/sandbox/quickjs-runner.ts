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

/**
 * Runs user code in QuickJS, inside a sandbox worker thread (see sandbox-worker.ts): each run
 * gets a fresh runtime and context (no state leaks between runs), no host objects, a heap limit
 * and an interrupt at the deadline or on cancel. What the code asks of the host (`fetch`,
 * `console`) goes through {@link HostCalls}, which the worker forwards to the main thread.
 */

/** What a run asks of the host. */
export interface HostCalls {
  /** A `fetch` of the code, as JSON text of `{url, method, headers, body}`; answers the response as JSON text. */
  fetch(requestJson: string): Promise<string>;
  log(level: string, line: string): void;
}

/** The limits of one run, and how it learns that it was cancelled. */
export interface RunLimits {
  timeoutMs: number;
  memoryBytes: number;
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

/** An Emscripten abort (`WebAssembly.RuntimeError`): the module instance is dead afterwards. */
function isWasmCrash(error: unknown): error is Error {
  return error instanceof Error && error.name === 'RuntimeError';
}

/**
 * The QuickJS WebAssembly module, its `.wasm` read from the variant's own package. Left to itself,
 * the variant looks for the file beside its JavaScript, which the server bundle has moved into
 * `dist/chunks` without it.
 */
async function loadQuickJs(): Promise<QuickJSWASMModule> {
  const wasm = createRequire(import.meta.url).resolve('@jitl/quickjs-wasmfile-release-sync/wasm');
  const variant = newVariant(RELEASE_SYNC, {
    wasmBinary: async () => {
      const bytes = await readFile(wasm);
      return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    },
  });
  return newQuickJSWASMModuleFromVariant(variant);
}

/** The runs of one thread: one QuickJS module, loaded on first use and replaced after a crash. */
export function createCodeRunner() {
  const module = cachedLoad(loadQuickJs);
  return async function runCode(
    { code, globalsJson, limits }: CodeRequest,
    host: HostCalls,
  ): Promise<unknown> {
    const quickjs = await module.get();
    try {
      return await runOnce(quickjs, code, globalsJson, limits, host, module.reset);
    } catch (error) {
      // A WASM abort (e.g. a leaked handle at dispose) kills the module: load a fresh one next time.
      if (isWasmCrash(error)) {
        module.reset();
        throw new Error(`The code sandbox crashed and was restarted: ${error.message}`, { cause: error });
      }
      throw error;
    }
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
  runtime.setMemoryLimit(limits.memoryBytes);
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
    const value = result.value;
    try {
      return context.typeof(value) === 'string'
        ? (JSON.parse(context.getString(value)) as unknown)
        : undefined;
    } finally {
      value.dispose();
    }
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

/** The host side of one run: hooks given to the guest, in-flight fetches, and their handles. */
class HostSession {
  private readonly pending = new Set<QuickJSDeferredPromise>();
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
      ['__flowloomFetch', context.newFunction('fetch', (request) => this.fetch(context.getString(request)))],
      [
        '__flowloomLog',
        context.newFunction('log', (level, line) => {
          this.host.log(context.getString(level), context.getString(line));
        }),
      ],
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
          `Custom code ran out of memory (limit ${Math.round(this.limits.memoryBytes / MB)} MB)`,
        );
      if (name === 'InternalError' && /stack overflow/.test(text))
        return new Error('Custom code recursed too deeply (stack overflow)');
      return new Error(text);
    } catch {
      return new Error('Custom code failed');
    } finally {
      handle.dispose();
    }
  }

  private fetch(requestJson: string): QuickJSHandle {
    const deferred = this.context.newPromise();
    this.pending.add(deferred);
    this.host.fetch(requestJson).then(
      (responseJson) => this.settle(deferred, (ctx) => ctx.newString(responseJson), true),
      (error: unknown) =>
        this.settle(
          deferred,
          (ctx) => ctx.newError(error instanceof Error ? error.message : String(error)),
          false,
        ),
    );
    return deferred.handle;
  }

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
    for (const deferred of this.pending) deferred.dispose();
    this.pending.clear();
  }
}
