import { clearChatflowMemory, NodeExecutionError, type NodeRegistry } from '@flowloom/engine';
import type { Db } from '../../db/database.js';
import type { Logger } from '../../runtime.js';
import { createChatflowRepository } from '../chatflows/chatflow.repository.js';
import type { RuntimeVariablePolicy } from '../resources/runtime-variables.js';
import type { EngineServicesFor } from './engine-services.js';
import { parseFlow, workspaceVariables } from './flow-inputs.js';
import { nodeFailure } from './node-failure.js';

/** One conversation whose stored turns go: the chat, and the session its messages were filed under. */
export interface ClearedConversation {
  chatId: string;
  sessionId: string;
}

export interface MemoryClearingDeps {
  db: Db;
  registry: NodeRegistry;
  servicesFor: EngineServicesFor;
  runtimeVariables: RuntimeVariablePolicy;
  logger: Logger;
}

/**
 * Clears conversations in the memories of a flow that keep them outside Flowloom's messages (Redis,
 * Upstash, the user's own PostgreSQL or MySQL), as Flowise does when a chat is cleared. Memories that
 * read Flowloom's messages need nothing: deleting the messages clears them.
 */
export function createMemoryClearing(deps: MemoryClearingDeps) {
  const flows = createChatflowRepository(deps.db);
  const workspaceVars = workspaceVariables(flows, deps.runtimeVariables);
  /** Node names of the memories that keep turns themselves: flows without one are not even parsed. */
  const keeping = [...deps.registry.values()]
    .filter((type) => type.clearMemory !== undefined)
    .map((type) => `"${type.definition.name}"`);

  async function clearAll(
    flow: { id: string; workspaceId: string },
    conversations: readonly ClearedConversation[],
    memoryType: string | undefined,
    onFailure: (error: NodeExecutionError) => void,
  ): Promise<void> {
    if (conversations.length === 0) return;
    const flowData = await flows.flowData(flow.id);
    if (!keeping.some((name) => flowData.includes(name))) return;
    const parsed = parseFlow(flowData);
    const services = deps.servicesFor(flow.workspaceId, undefined);
    const vars = await workspaceVars(flow.workspaceId);
    for (const { chatId, sessionId } of conversations) {
      try {
        await clearChatflowMemory(deps.registry, services, {
          flowId: flow.id,
          flow: parsed,
          chatId,
          sessionId,
          vars,
          signal: AbortSignal.timeout(60_000),
          ...(memoryType !== undefined && { memoryType }),
        });
      } catch (error) {
        if (!(error instanceof NodeExecutionError)) throw error;
        onFailure(error);
      }
    }
  }

  return {
    /**
     * Clears the conversations of a chat being deleted; a memory that cannot be reached fails the
     * delete with its node named (500), so the chat stays as it was and can be cleared again.
     */
    clearChat: (
      flow: { id: string; workspaceId: string },
      conversations: readonly ClearedConversation[],
      memoryType?: string,
    ) =>
      clearAll(flow, conversations, memoryType, (error) => {
        throw nodeFailure(error);
      }),

    /** Clears conversations deleted in bulk (`hardDelete`): a memory that fails is logged and skipped. */
    clearInBulk: (
      flow: { id: string; workspaceId: string },
      conversations: readonly ClearedConversation[],
      memoryType?: string,
    ) =>
      clearAll(flow, conversations, memoryType, (error) =>
        deps.logger.warn(
          { flowId: flow.id, error: error.message },
          'a memory kept outside Flowloom could not be cleared',
        ),
      ),
  };
}

export type MemoryClearing = ReturnType<typeof createMemoryClearing>;
