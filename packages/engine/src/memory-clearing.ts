import type { FlowData } from '@flowloom/shared';
import { prepareRun } from './chatflow-runner.js';
import { NodeExecutionError } from './errors.js';
import type { EngineServices } from './node-type.js';
import { isStickyNote, type NodeRegistry } from './plan.js';

export interface MemoryClearRequest {
  flowId: string;
  flow: FlowData;
  chatId: string;
  /** The session whose stored turns go: the memories' Session Id input gives way to it (Flowise). */
  sessionId: string;
  /** Only the memory nodes of this label (the message viewer names the memory it clears). */
  memoryType?: string;
  /** Workspace variables, for inputs that read `$vars`. */
  vars: Record<string, string>;
  signal: AbortSignal;
}

/**
 * Clears a chat in the memories of a chatflow that keep it outside Flowloom's messages (Redis, the
 * user's own database): each connected memory node that can ({@link NodeType.clearMemory}) deletes
 * the session's turns. Answers the labels of the nodes cleared; a failure names its node.
 */
export async function clearChatflowMemory(
  registry: NodeRegistry,
  services: EngineServices,
  request: MemoryClearRequest,
): Promise<string[]> {
  const connected = new Set(request.flow.edges.map((edge) => edge.source));
  const memories = request.flow.nodes.filter(
    (node) =>
      !isStickyNote(node) &&
      connected.has(node.id) &&
      registry.get(node.data.name)?.clearMemory !== undefined &&
      (request.memoryType === undefined || node.data.label === request.memoryType),
  );
  if (memories.length === 0) return [];
  const { contextFor } = prepareRun(
    registry,
    services,
    {
      flowId: request.flowId,
      question: '',
      chatId: request.chatId,
      sessionId: request.sessionId,
      history: [],
      streaming: false,
      emit: () => {},
      signal: request.signal,
      vars: request.vars,
    },
    new Set(memories.map((node) => node.id)),
  );
  const cleared: string[] = [];
  for (const node of memories) {
    const type = registry.get(node.data.name)!;
    const ctx = contextFor(node, type);
    try {
      await type.clearMemory!({ ...ctx, inputs: { ...ctx.inputs, sessionId: request.sessionId } });
    } catch (error) {
      throw new NodeExecutionError({ nodeId: node.id, label: node.data.label, cause: error });
    }
    cleared.push(node.data.label);
  }
  return cleared;
}
