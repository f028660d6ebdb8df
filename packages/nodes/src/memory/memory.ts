import type { ChatTurn } from '@flowloom/shared';
import type { ModelMessage } from 'ai';
import type { NodeContext } from '@flowloom/engine';

/**
 * What a memory node builds: a way to read the session's past turns. Messages themselves are written
 * by the server after each run (the `chat_message` table is the memory).
 */
export interface MemoryHandle {
  kind: 'memory';
  label: string;
  memoryKey: string;
  load(): Promise<ChatTurn[]>;
  /**
   * Memories kept outside Flowloom's messages (Redis) store the exchange the run just answered; the
   * chain or agent calls it once its answer is known.
   */
  save?(question: string, answer: string): Promise<void>;
  /** Memories kept outside Flowloom's messages delete the session's stored turns. */
  clear?(): Promise<void>;
}

/** Keeps the exchange in a memory that stores its own turns (no-op for the others). */
export async function rememberExchange(memory: unknown, question: string, answer: string): Promise<void> {
  if (isMemory(memory) && memory.save) await memory.save(question, answer);
}

export function isMemory(value: unknown): value is MemoryHandle {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'memory';
}

/** The session's stored turns (request `history` first), optionally only the last `window` exchanges. */
export function sessionMemory(ctx: NodeContext, options: { window?: number } = {}): MemoryHandle {
  const sessionId = memorySessionId(ctx);
  return {
    kind: 'memory',
    label: ctx.node.label,
    memoryKey: memoryKeyInput(ctx),
    async load() {
      // The run's history already holds this session's stored turns; another session is read here.
      const all =
        sessionId === ctx.run.sessionId
          ? ctx.run.history
          : await ctx.run.services.chatHistory.load(ctx.run.flowId, sessionId);
      return options.window ? all.slice(-options.window * 2) : all;
    },
  };
}

/** The node's Memory Key input (`chat_history` when empty). */
export function memoryKeyInput(ctx: NodeContext): string {
  return typeof ctx.inputs.memoryKey === 'string' && ctx.inputs.memoryKey
    ? ctx.inputs.memoryKey
    : 'chat_history';
}

/** The node's Session Id input, else the run's session. */
export function memorySessionId(ctx: NodeContext): string {
  return typeof ctx.inputs.sessionId === 'string' && ctx.inputs.sessionId.trim()
    ? ctx.inputs.sessionId.trim()
    : ctx.run.sessionId;
}

export function toModelMessages(turns: ChatTurn[]): ModelMessage[] {
  return turns.map((turn) =>
    turn.role === 'userMessage'
      ? { role: 'user' as const, content: turn.content }
      : { role: 'assistant' as const, content: turn.content },
  );
}
