import { AsyncLocalStorage } from 'node:async_hooks';
import type { EngineServices } from '@flowloom/engine';
import type { PredictionService } from './prediction.service.js';

/** How many flows one chain of Execute Flow calls may hold, the first included (A → B → … ). */
export const MAX_FLOW_CHAIN = 5;

export interface FlowRunnerDeps {
  /** The prediction service; given lazily because it is built after the agentflow runner using this. */
  predictions(): Pick<PredictionService, 'load' | 'predict'>;
  /** Flow names by id, to name the flows of a refused chain. */
  flowNames(workspaceId: string, ids: readonly string[]): Promise<Map<string, string>>;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Execute Flow's in-process runs (`EngineServices.runFlow`): the child runs as an ordinary prediction
 * of its own flow (own messages and execution, no streaming), like Flowise's call to its own
 * prediction API, but without leaving the process. Only flows of the caller's workspace run; a flow
 * that would run again inside its own run, or a chain longer than {@link MAX_FLOW_CHAIN}, is refused.
 */
export function createFlowRunner(deps: FlowRunnerDeps) {
  // The flows that led to the current run, outermost first; nested predictions inherit it.
  const chain = new AsyncLocalStorage<readonly string[]>();

  return {
    /** The `runFlow` service of one run of `parent`. */
    forRun(parent: { id: string; workspaceId: string }): EngineServices['runFlow'] {
      return async (flowId, { question, chatId, overrideConfig, apiKey, signal }) => {
        const path = chain.getStore() ?? [parent.id];
        if (path.includes(flowId)) {
          const names = await deps.flowNames(parent.workspaceId, path).catch(() => new Map<string, string>());
          const named = (id: string) => (names.has(id) ? `"${names.get(id)}"` : id);
          throw new Error(
            `Flow ${named(flowId)} is already running in this chain (${[...path, flowId].map(named).join(' → ')}): ` +
              'a flow cannot execute itself, directly or through other flows',
          );
        }
        if (path.length >= MAX_FLOW_CHAIN) {
          throw new Error(
            `Execute Flow cannot run flow ${flowId}: at most ${MAX_FLOW_CHAIN} flows may call one another in a chain`,
          );
        }
        const predictions = deps.predictions();
        const row = await predictions.load(flowId).catch((error: unknown) => {
          throw new Error(`Execute Flow cannot run flow ${flowId}: ${messageOf(error)}`, { cause: error });
        });
        if (row.workspaceId !== parent.workspaceId) {
          throw new Error(
            `Flow ${flowId} is not in this workspace: Execute Flow runs flows of its own workspace only`,
          );
        }
        try {
          return await chain.run([...path, flowId], () =>
            predictions.predict(
              row,
              { question, chatId, ...(overrideConfig && { overrideConfig }) },
              // An API caller, as over HTTP: a flow bound to an API key needs it, overrides apply.
              { kind: 'external', apiKey },
              undefined,
              signal,
            ),
          );
        } catch (error) {
          throw new Error(`The flow ${flowId} failed: ${messageOf(error)}`, { cause: error });
        }
      };
    },
  };
}
export type FlowRunner = ReturnType<typeof createFlowRunner>;
