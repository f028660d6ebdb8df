/** Messages between the main thread and a sandbox worker (sandbox-pool.ts ↔ sandbox-worker.ts). */

/** What one run of user code may use. Each limit, when hit, fails the run with a message naming it. */
export interface SandboxLimits {
  /** Wall-clock limit per run, including awaited `fetch` calls (`FLOWLOOM_SANDBOX_TIMEOUT_MS`). */
  timeoutMs: number;
  /**
   * Heap of a worker's QuickJS module (`FLOWLOOM_SANDBOX_MEMORY_MB`). The WebAssembly memory itself is
   * capped, so code that allocates past it fails at once with "out of memory" instead of growing the
   * server; a thread computes one run at a time, so this is in effect the limit of that run.
   */
  memoryBytes: number;
  /** Largest value the code may return, as JSON text (`FLOWLOOM_SANDBOX_OUTPUT_MB`). */
  outputBytes: number;
  /** Outbound requests one run may make (`FLOWLOOM_SANDBOX_MAX_REQUESTS`). */
  maxRequests: number;
  /** Requests of one run in flight at once; later ones wait their turn (`FLOWLOOM_SANDBOX_CONCURRENT_REQUESTS`). */
  concurrentRequests: number;
  /** Largest request body the code may send and response body it may read (`FLOWLOOM_SANDBOX_RESPONSE_MB`). */
  responseBytes: number;
  /** `console.*` lines kept per run; later lines are dropped with one notice. */
  logLines: number;
}

/** Sent to a worker when it starts (`workerData`). */
export interface WorkerSetup {
  memoryBytes: number;
}

export type ToWorker =
  | {
      type: 'run';
      id: number;
      code: string;
      globalsJson: string;
      limits: SandboxLimits;
      /** One Int32: 1 once the run is cancelled (read while the code runs, so shared memory). */
      cancelFlag: SharedArrayBuffer;
    }
  | { type: 'cancel'; id: number }
  | { type: 'fetched'; id: number; fetchId: number; ok: true; responseJson: string }
  | { type: 'fetched'; id: number; fetchId: number; ok: false; message: string };

export type FromWorker =
  | { type: 'fetch'; id: number; fetchId: number; requestJson: string }
  | { type: 'log'; id: number; level: string; line: string }
  /** The run's code has returned control: it awaits the host (a fetch), so the thread is free to compute another. */
  | { type: 'waiting'; id: number }
  /** `heapBytes`: the thread's WebAssembly memory after the run (it never shrinks; the host replaces a grown thread). */
  | { type: 'done'; id: number; ok: true; value: unknown; heapBytes: number }
  | { type: 'done'; id: number; ok: false; message: string; heapBytes: number };
