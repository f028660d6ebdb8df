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
import type { CodeSandbox, GuardedFetch } from '@flowloom/engine';
import { cachedLoad } from '../utilities/cached-load.js';
import { GUEST_PRELUDE, wrapUserCode } from './guest-prelude.js';

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
}

interface RunLimits {
  timeoutMs: number;
  memoryBytes: number;
  maxResponseBytes: number;
  signal: AbortSignal | undefined;
  /** The module aborted while freeing the run: the result stands, but the module must be replaced. */
  onCrash: () => void;
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

/**
 * A {@link CodeSandbox} on QuickJS compiled to WebAssembly: each run gets a fresh runtime and context
 * (no state leaks between runs), no host objects (`process`, `require`, Node globals), a heap limit, an
 * interrupt at the deadline and a `fetch` that goes through the host's guarded client.
 */
export function createQuickJsSandbox(options: QuickJsSandboxOptions = {}): CodeSandbox {
  const module = cachedLoad(loadQuickJs);
  return {
    async run(code, globals, runOptions = {}) {
      const quickjs = await module.get();
      try {
        return await runOnce(quickjs, code, globals, options, {
          timeoutMs: runOptions.timeoutMs ?? options.timeoutMs ?? 10_000,
          memoryBytes: options.memoryBytes ?? 64 * MB,
          maxResponseBytes: options.maxResponseBytes ?? 5 * MB,
          signal: runOptions.signal,
          onCrash: module.reset,
        });
      } catch (error) {
        // A WASM abort (e.g. a leaked handle at dispose) kills the module: load a fresh one next time.
        if (isWasmCrash(error)) {
          module.reset();
          throw new Error(`The code sandbox crashed and was restarted: ${error.message}`, { cause: error });
        }
        throw error;
      }
    },
  };
}

async function runOnce(
  quickjs: QuickJSWASMModule,
  code: string,
  globals: Record<string, unknown>,
  options: QuickJsSandboxOptions,
  limits: RunLimits,
): Promise<unknown> {
  const deadline = Date.now() + limits.timeoutMs;
  const runtime = quickjs.newRuntime();
  runtime.setMemoryLimit(limits.memoryBytes);
  // Well under the host stack, so QuickJS reports "stack overflow" before the WASM stack runs out.
  runtime.setMaxStackSize(256 * 1024);
  runtime.setInterruptHandler(() => Date.now() > deadline || limits.signal?.aborted === true);
  const context = runtime.newContext();
  const session = new HostSession(context, runtime, options, limits);
  let timer: NodeJS.Timeout | undefined;
  const onAbort = () => session.stop(new Error('Custom code was cancelled'));
  try {
    session.installHooks(globals);
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
    limits.signal?.addEventListener('abort', onAbort, { once: true });
    if (limits.signal?.aborted) onAbort();
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
    limits.signal?.removeEventListener('abort', onAbort);
    session.close();
    disposeRun(context, runtime, limits.onCrash);
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
  private readonly requests = new AbortController();
  private closed = false;
  private stopWith: ((error: Error) => void) | undefined;
  private stopReason: Error | undefined;
  /** Settles (with an error) only when the run is stopped from outside: timeout or cancel. */
  readonly stopped: Promise<never>;

  constructor(
    private readonly context: QuickJSContext,
    private readonly runtime: QuickJSRuntime,
    private readonly options: QuickJsSandboxOptions,
    private readonly limits: RunLimits,
  ) {
    this.stopped = new Promise<never>((_, reject) => (this.stopWith = reject));
    this.stopped.catch(() => {}); // only observed through Promise.race
  }

  stop(reason: Error) {
    this.stopReason ??= reason;
    this.stopWith?.(reason);
  }

  installHooks(globals: Record<string, unknown>) {
    const { context } = this;
    // Globals cross as JSON text: the guest gets copies, never references to host objects.
    const json = JSON.stringify(globals, (_key, value: unknown) =>
      typeof value === 'bigint' ? value.toString() : value,
    );
    const hooks: [string, QuickJSHandle][] = [
      ['__flowloomGlobals', context.newString(json ?? '{}')],
      ['__flowloomFetch', context.newFunction('fetch', (request) => this.fetch(context.getString(request)))],
      [
        '__flowloomLog',
        context.newFunction('log', (level, line) => {
          this.options.onLog?.(context.getString(level), context.getString(line));
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
    this.callHost(requestJson).then(
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

  private async callHost(requestJson: string): Promise<string> {
    const http = this.options.http;
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
      signal: this.limits.signal
        ? AbortSignal.any([this.limits.signal, this.requests.signal])
        : this.requests.signal,
    });
    const body = await readLimited(response, this.limits.maxResponseBytes);
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

  /** Frees every handle the host still holds, so the runtime can be disposed cleanly. */
  close() {
    this.closed = true;
    this.requests.abort();
    for (const deferred of this.pending) deferred.dispose();
    this.pending.clear();
  }
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
