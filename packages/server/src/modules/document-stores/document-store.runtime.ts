import { quietRun, type EngineServices, type NodeRegistry, type RunContext } from '@flowloom/engine';
import type { DocumentStore, LoaderProgress } from '@flowloom/shared';
import { isDatabaseError } from '../../db/database.js';
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
  const services =
    options.services ??
    runtime.servicesFor(workspaceId, options.loaderId ? loaderScope(storeId, options.loaderId) : undefined);
  return quietRun(services, { flowId: storeId, signal, components: runtime.registry });
}

/**
 * What a node said when it could not do its part (a corrupt file, an unreachable page, a provider
 * that refused): a 400 with its message. The person can act on it; the server did not fail. Errors
 * of the app's own database are not theirs: they go on as they are (a logged 500).
 */
export function nodeProblem(error: unknown, prefix?: string): Error {
  if (error instanceof AppError || isDatabaseError(error)) return error as Error;
  const message = error instanceof Error ? error.message : String(error);
  return new AppError('BAD_REQUEST', prefix ? `${prefix}: ${message}` : message, { cause: error });
}

export type UpsertProgress = NonNullable<DocumentStore['upsertProgress']>;

/** Work that runs on a store, and how far it says it has come. */
interface Running<P> {
  controller: AbortController;
  progress?: P;
}

/** What is running on a store: loaders being processed (several at once), or one store-wide task. */
interface StoreActivity {
  loaders: Map<string, Running<LoaderProgress>>;
  task?: Running<UpsertProgress> & { what: string };
}

/** Work done under a lock: stopped through `signal`, its progress shown through `report`. */
type Work<T, P> = (signal: AbortSignal, report: (progress: P) => void) => Promise<T>;

/**
 * Who may change a store now. Loaders are processed (or edited) one task per loader, several loaders
 * at once; a store-wide task (an upsert, deleting vectors, deleting the store) runs alone. So an
 * upsert never reads chunks a loader is replacing, and a loader is never processed twice at once.
 */
export function createStoreLocks() {
  const stores = new Map<string, StoreActivity>();
  /** Who waits for a store to be idle. */
  const waiting = new Map<string, (() => void)[]>();
  const activity = (storeId: string) =>
    stores.get(storeId) ?? stores.set(storeId, { loaders: new Map() }).get(storeId)!;
  const release = (storeId: string) => {
    const current = stores.get(storeId);
    if (current && current.loaders.size === 0 && !current.task) stores.delete(storeId);
    if (stores.has(storeId)) return;
    const waiters = waiting.get(storeId);
    waiting.delete(storeId);
    for (const wake of waiters ?? []) wake();
  };

  async function hold<T, P>(
    storeId: string,
    take: (current: StoreActivity, running: Running<P>) => () => void,
    work: Work<T, P>,
  ): Promise<T> {
    const running: Running<P> = { controller: new AbortController() };
    let undo: () => void;
    try {
      undo = take(activity(storeId), running);
    } catch (error) {
      release(storeId);
      throw error;
    }
    try {
      return await work(running.controller.signal, (progress) => (running.progress = progress));
    } finally {
      undo();
      release(storeId);
    }
  }

  /** Refuses (409) when a store-wide task runs, or this loader is busy. */
  function assertLoaderFree(storeId: string, loaderId: string): void {
    const current = stores.get(storeId);
    if (current?.task)
      throw new AppError(
        'CONFLICT',
        `The document store is ${current.task.what}; try again when that is done`,
      );
    if (current?.loaders.has(loaderId))
      throw new AppError('CONFLICT', 'This loader is being processed; try again when that is done');
  }

  return {
    assertLoaderFree,
    /** Whether anything runs on the store (or on this loader of it). */
    busy(storeId: string, loaderId?: string): boolean {
      const current = stores.get(storeId);
      if (!current) return false;
      return Boolean(current.task) || (loaderId ? current.loaders.has(loaderId) : current.loaders.size > 0);
    },
    /** Runs work on one loader of the store. */
    loader<T>(storeId: string, loaderId: string, work: Work<T, LoaderProgress>): Promise<T> {
      return hold(
        storeId,
        (current, running: Running<LoaderProgress>) => {
          assertLoaderFree(storeId, loaderId);
          current.loaders.set(loaderId, running);
          return () => current.loaders.delete(loaderId);
        },
        work,
      );
    },
    /** Runs a store-wide task (`what` says what it is, for the others' refusal: "being upserted"). */
    task<T>(storeId: string, what: string, work: Work<T, UpsertProgress>): Promise<T> {
      return hold(
        storeId,
        (current, running: Running<UpsertProgress>) => {
          if (current.task)
            throw new AppError(
              'CONFLICT',
              `The document store is ${current.task.what}; try again when that is done`,
            );
          if (current.loaders.size > 0)
            throw new AppError(
              'CONFLICT',
              'Loaders of this document store are being processed; try again when they are done',
            );
          // The same object the work reports its progress to.
          current.task = Object.assign(running, { what });
          return () => delete current.task;
        },
        work,
      );
    },
    /** Resolves when nothing runs on the store (at once if nothing does), or after `timeoutMs`. */
    idle(storeId: string, timeoutMs: number): Promise<void> {
      if (!stores.has(storeId)) return Promise.resolve();
      return new Promise((resolve) => {
        const timer = setTimeout(resolve, timeoutMs);
        timer.unref();
        const wake = () => {
          clearTimeout(timer);
          resolve();
        };
        waiting.set(storeId, [...(waiting.get(storeId) ?? []), wake]);
      });
    },
    /** How far the running work on a store has come: each loader's, and the upsert's. */
    progressOf(storeId: string): {
      loaderProgress?: ReadonlyMap<string, LoaderProgress>;
      upsertProgress?: UpsertProgress;
    } {
      const current = stores.get(storeId);
      const loaderProgress = new Map<string, LoaderProgress>();
      for (const [loaderId, { progress }] of current?.loaders ?? [])
        if (progress) loaderProgress.set(loaderId, progress);
      return {
        ...(loaderProgress.size > 0 && { loaderProgress }),
        ...(current?.task?.progress && { upsertProgress: current.task.progress }),
      };
    },
    /** Stops everything (the server is closing). */
    abortAll(): void {
      for (const current of stores.values()) {
        current.task?.controller.abort();
        for (const { controller } of current.loaders.values()) controller.abort();
      }
    },
  };
}
export type StoreLocks = ReturnType<typeof createStoreLocks>;
