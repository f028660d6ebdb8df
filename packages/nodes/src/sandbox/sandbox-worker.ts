import { parentPort, workerData } from 'node:worker_threads';
import { createCodeRunner } from './quickjs-runner.js';
import type { FromWorker, ToWorker, WorkerSetup } from './sandbox-protocol.js';

/**
 * A sandbox worker thread: runs user code for the main thread (see sandbox-pool.ts). Code that loops
 * blocks this thread only; the server keeps answering, and the run stops at its deadline or when
 * the main thread flags it cancelled in shared memory, which the QuickJS interrupt handler reads.
 */
const port = parentPort;
if (!port) throw new Error('sandbox-worker.ts runs as a worker thread');
const setup = workerData as WorkerSetup;

const runner = createCodeRunner(setup.memoryBytes);
const cancelHandlers = new Map<number, () => void>();
const pendingFetches = new Map<number, { resolve: (json: string) => void; reject: (error: Error) => void }>();
let nextFetch = 0;
const post = (message: FromWorker) => port.postMessage(message);

port.on('message', (message: ToWorker) => {
  switch (message.type) {
    case 'run': {
      const { id, code, globalsJson, limits, cancelFlag } = message;
      const flag = new Int32Array(cancelFlag);
      runner
        .run(
          {
            code,
            globalsJson,
            limits: {
              ...limits,
              cancelled: () => Atomics.load(flag, 0) === 1,
              onCancel: (stop) => (stop ? cancelHandlers.set(id, stop) : cancelHandlers.delete(id)),
            },
          },
          {
            fetch: (requestJson) =>
              new Promise((resolve, reject) => {
                const fetchId = nextFetch++;
                pendingFetches.set(fetchId, { resolve, reject });
                post({ type: 'fetch', id, fetchId, requestJson });
              }),
            log: (level, line) => post({ type: 'log', id, level, line }),
            waiting: () => post({ type: 'waiting', id }),
          },
        )
        .then(
          (value) => post({ type: 'done', id, ok: true, value, heapBytes: runner.heapBytes() }),
          (error: unknown) =>
            post({
              type: 'done',
              id,
              ok: false,
              message: error instanceof Error ? error.message : String(error),
              heapBytes: runner.heapBytes(),
            }),
        );
      break;
    }
    case 'cancel':
      cancelHandlers.get(message.id)?.();
      break;
    case 'fetched': {
      const pending = pendingFetches.get(message.fetchId);
      pendingFetches.delete(message.fetchId);
      if (message.ok) pending?.resolve(message.responseJson);
      else pending?.reject(new Error(message.message));
      break;
    }
  }
});
