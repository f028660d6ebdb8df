import { availableParallelism } from 'node:os';
import type { CodeSandbox, GuardedFetch } from '@flowloom/engine';
import { createSandboxPool } from './sandbox-pool.js';
import type { SandboxLimits } from './sandbox-protocol.js';

/** Limits, size and outbound HTTP of a {@link createQuickJsSandbox} sandbox; every field has a default. */
export interface QuickJsSandboxOptions extends Partial<SandboxLimits> {
  /** Backs `fetch` inside the sandbox; without it `fetch` rejects. Pass the address-guarded client. */
  http?: GuardedFetch;
  /** Receives `console.*` lines of the code; they are dropped otherwise. */
  onLog?: (level: string, line: string) => void;
  /** Worker threads running code, started as needed (default: twice the cores, at least 4). */
  threads?: number;
  /** Runs that may wait for a thread before new ones are refused as busy (default 100). */
  queue?: number;
  /** The built worker script (the server bundle's); by default the one beside this module. */
  workerScript?: URL;
}

/** A sandbox that can also be shut down (its threads stop; runs in progress fail). */
export interface QuickJsSandbox extends CodeSandbox {
  close(): void;
}

const MB = 1024 * 1024;

/** The limits used where the operator sets none (README: FLOWLOOM_SANDBOX_*). */
export const DEFAULT_SANDBOX_LIMITS: SandboxLimits = {
  timeoutMs: 10_000,
  memoryBytes: 64 * MB,
  outputBytes: 5 * MB,
  maxRequests: 100,
  concurrentRequests: 6,
  responseBytes: 5 * MB,
  logLines: 1000,
};

/** Default thread count: code that loops on every core still leaves threads for quick runs. */
export const defaultSandboxThreads = () => Math.max(4, availableParallelism() * 2);

/** A `fetch` of the code, made on the main thread through the guarded client. */
async function hostFetch(
  http: GuardedFetch | undefined,
  requestJson: string,
  maxBytes: number,
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
  const body = await readLimited(response, maxBytes);
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
 * A {@link CodeSandbox} on QuickJS compiled to WebAssembly, run in a pool of worker threads: code
 * that loops or computes for long blocks its thread, never the server. Each run gets a fresh
 * runtime and context (no state leaks between runs), no host objects (`process`, `require`, Node
 * globals), a capped heap, an interrupt at the deadline or on cancel, a capped result and console,
 * and a `fetch` that goes through the host's guarded client, counted and with few requests in
 * flight at once. Each limit, when hit, fails the run with a message naming its setting.
 */
export function createQuickJsSandbox(options: QuickJsSandboxOptions = {}): QuickJsSandbox {
  const limits: SandboxLimits = {
    timeoutMs: options.timeoutMs ?? DEFAULT_SANDBOX_LIMITS.timeoutMs,
    memoryBytes: options.memoryBytes ?? DEFAULT_SANDBOX_LIMITS.memoryBytes,
    outputBytes: options.outputBytes ?? DEFAULT_SANDBOX_LIMITS.outputBytes,
    maxRequests: options.maxRequests ?? DEFAULT_SANDBOX_LIMITS.maxRequests,
    concurrentRequests: Math.max(1, options.concurrentRequests ?? DEFAULT_SANDBOX_LIMITS.concurrentRequests),
    responseBytes: options.responseBytes ?? DEFAULT_SANDBOX_LIMITS.responseBytes,
    logLines: options.logLines ?? DEFAULT_SANDBOX_LIMITS.logLines,
  };
  const pool = createSandboxPool({
    threads: Math.max(1, options.threads ?? defaultSandboxThreads()),
    queue: Math.max(0, options.queue ?? 100),
    memoryBytes: limits.memoryBytes,
    workerScript: options.workerScript,
  });
  return {
    run(code, globals, runOptions = {}) {
      // Globals cross as JSON text: the code gets copies, never references to host objects.
      const globalsJson =
        JSON.stringify(globals, (_key, value: unknown) =>
          typeof value === 'bigint' ? value.toString() : value,
        ) ?? '{}';
      return pool.run({
        code,
        globalsJson,
        limits: { ...limits, timeoutMs: runOptions.timeoutMs ?? limits.timeoutMs },
        signal: runOptions.signal,
        fetch: (requestJson, signal) => hostFetch(options.http, requestJson, limits.responseBytes, signal),
        log: (level, line) => options.onLog?.(level, line),
      });
    },
    close: () => pool.close(),
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
      throw new Error(
        `fetch: the response is larger than ${Math.round((maxBytes / MB) * 10) / 10} MB (FLOWLOOM_SANDBOX_RESPONSE_MB)`,
      );
    text += decoder.decode(chunk, { stream: true });
  }
  return text + decoder.decode();
}
