/** Messages between the main thread and a sandbox worker (quickjs.ts ↔ sandbox-worker.ts). */
export type ToWorker =
  | {
      type: 'run';
      id: number;
      code: string;
      globalsJson: string;
      timeoutMs: number;
      memoryBytes: number;
      /** One Int32: 1 once the run is cancelled (read while the code runs, so shared memory). */
      cancelFlag: SharedArrayBuffer;
    }
  | { type: 'cancel'; id: number }
  | { type: 'fetched'; id: number; fetchId: number; ok: true; responseJson: string }
  | { type: 'fetched'; id: number; fetchId: number; ok: false; message: string };

export type FromWorker =
  | { type: 'fetch'; id: number; fetchId: number; requestJson: string }
  | { type: 'log'; id: number; level: string; line: string }
  | { type: 'done'; id: number; ok: true; value: unknown }
  | { type: 'done'; id: number; ok: false; message: string };
