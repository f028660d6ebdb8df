import type { EngineServices, NodeRegistry, RunContext } from '@flowloom/engine';
import { AppError } from '../../errors.js';
import type { EngineServicesFor } from '../predictions/engine-services.js';

/**
 * How the document-store routes run node code (loaders, splitters, embeddings, vector stores): a run
 * context of the store's workspace, whose files are the store's and whose "flow" is the store itself
 * (so the record manager's namespace and the embedded collection default to the store id).
 */
export interface StoreRuntime {
  registry: NodeRegistry;
  servicesFor: EngineServicesFor;
}

/** Where a loader's files are kept. */
export const loaderScope = (storeId: string, loaderId: string) => `docstore:${storeId}/${loaderId}` as const;

export function storeRun(
  runtime: StoreRuntime,
  workspaceId: string,
  storeId: string,
  signal: AbortSignal,
  options: { loaderId?: string; services?: EngineServices } = {},
): RunContext {
  return {
    flowId: storeId,
    chatId: '',
    sessionId: '',
    question: '',
    history: [],
    streaming: false,
    emit: () => {},
    signal,
    vars: {},
    services:
      options.services ??
      runtime.servicesFor(workspaceId, options.loaderId ? loaderScope(storeId, options.loaderId) : undefined),
  };
}

/**
 * What a node said when it could not do its part (a corrupt file, an unreachable page, a provider
 * that refused): a 400 with its message. The person can act on it; the server did not fail.
 */
export function nodeProblem(error: unknown, prefix?: string): AppError {
  if (error instanceof AppError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new AppError('BAD_REQUEST', prefix ? `${prefix}: ${message}` : message, { cause: error });
}

/** One piece of work per key at a time (a loader's processing, a store's upsert). */
export function createJobs() {
  const running = new Map<string, AbortController>();
  return {
    isRunning: (key: string) => running.has(key),
    /** Runs `work` unless the key is busy; a 409 says what is running. */
    async run<T>(key: string, busyMessage: string, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
      if (running.has(key)) throw new AppError('CONFLICT', busyMessage);
      const controller = new AbortController();
      running.set(key, controller);
      try {
        return await work(controller.signal);
      } finally {
        running.delete(key);
      }
    },
    abortAll() {
      for (const controller of running.values()) controller.abort();
    },
  };
}
export type Jobs = ReturnType<typeof createJobs>;
