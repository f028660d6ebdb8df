import type { NodeContext } from '@flowloom/engine';
import type { ChatTurn, NodeParam } from '@flowloom/shared';
import { numberInput } from '../llm/chat-model.js';
import { bufferMemory } from './bufferMemory/bufferMemory.js';
import { memoryKeyInput, memorySessionId, type MemoryHandle } from './memory.js';

/*
 * Memories that keep a conversation outside Flowloom's messages (Redis, Upstash, the user's own
 * PostgreSQL or MySQL): each keeps a session's messages in LangChain's stored shape, the way Flowise's
 * memories and LangChain's message histories write them, so a store shared with them reads the same.
 */

/** Most messages read back for one question: a session grown without bound is cut to its latest part. */
export const MAX_HISTORY_MESSAGES = 1_000;
/** Most characters of history read back for one question (the newest messages are kept). */
export const MAX_HISTORY_CHARS = 1_000_000;
/** Longest message stored; a longer question or answer is stored cut to this length. */
export const MAX_STORED_MESSAGE_CHARS = 200_000;
/** Longest session id (the SQL memories keep it in a `VARCHAR(255)` column). */
export const MAX_SESSION_ID_CHARS = 255;

/** The Session Id and Memory Key inputs, exactly as Buffer Memory has them. */
export const sessionIdParam: NodeParam = bufferMemory.definition.inputs.find((i) => i.name === 'sessionId')!;
export const memoryKeyParam: NodeParam = bufferMemory.definition.inputs.find((i) => i.name === 'memoryKey')!;

/** Session Timeouts (Flowise's label on the Redis memories). */
export const sessionTtlParam: NodeParam = {
  label: 'Session Timeouts',
  name: 'sessionTTL',
  type: 'number',
  description: 'Seconds a session is kept after its last message; empty: kept until deleted',
  additionalParams: true,
  optional: true,
};

/** Window Size (Flowise's name on Redis-Backed Chat Memory). */
export const windowSizeParam: NodeParam = {
  label: 'Window Size',
  name: 'windowSize',
  type: 'number',
  description: 'Only the last k exchanges are read back',
  additionalParams: true,
  optional: true,
};

/*
 * The checks below run while the node is built, so the engine's error names the node already;
 * errors of the store itself come up inside the chain that reads it, and name the memory there.
 */

/** The Window Size input: undefined when empty, else a whole number of at least 1. */
export function windowSizeInput(ctx: NodeContext): number | undefined {
  const window = numberInput(ctx.inputs.windowSize);
  if (window !== undefined && (window < 1 || !Number.isInteger(window)))
    throw new Error('Window Size must be a whole number of at least 1');
  return window;
}

/** The session the memory keeps its messages under: Session Id, else the run's session. */
export function externalSessionId(ctx: NodeContext): string {
  const sessionId = memorySessionId(ctx);
  if (sessionId.length > MAX_SESSION_ID_CHARS)
    throw new Error(`the session id is longer than ${MAX_SESSION_ID_CHARS} characters`);
  return sessionId;
}

/** One message as LangChain stores it (`{"type":"human","data":{"content":…}}`), as JSON text. */
export function storedMessage(type: 'human' | 'ai', content: string): string {
  return JSON.stringify({ type, data: { content, additional_kwargs: {}, response_metadata: {} } });
}

/** A stored message (JSON text, or already parsed by a driver) as a turn; undefined when unreadable. */
export function turnFromStored(value: unknown): ChatTurn | undefined {
  let message: unknown = value;
  if (typeof value === 'string' || Buffer.isBuffer(value)) {
    try {
      message = JSON.parse(value.toString()) as unknown;
    } catch {
      return undefined;
    }
  }
  if (typeof message !== 'object' || message === null) return undefined;
  const { type, data } = message as { type?: unknown; data?: { content?: unknown } };
  if (typeof data?.content !== 'string') return undefined;
  return { role: type === 'human' ? 'userMessage' : 'apiMessage', content: data.content };
}

/** The newest turns whose text fits in `chars` characters in all, oldest first. */
export function newestWithin(turns: readonly ChatTurn[], chars: number): ChatTurn[] {
  let used = 0;
  let first = turns.length;
  while (first > 0 && used + turns[first - 1]!.content.length <= chars) {
    used += turns[first - 1]!.content.length;
    first--;
  }
  return turns.slice(first);
}

/** Where an external memory keeps one session's messages. */
export interface SessionStore {
  /** The session's latest `count` stored messages, oldest first. */
  latest(count: number): Promise<unknown[]>;
  /** Adds stored messages (JSON text) after the session's others, in order. */
  append(messages: readonly string[]): Promise<void>;
  /** Deletes the session's messages. */
  clear(): Promise<void>;
}

/** A memory handle over a session store: window, read and write limits applied here. */
export function externalMemory(
  ctx: NodeContext,
  service: string,
  store: SessionStore,
  options: { window?: number } = {},
): MemoryHandle & { clear(): Promise<void> } {
  const count = Math.min(options.window ? options.window * 2 : MAX_HISTORY_MESSAGES, MAX_HISTORY_MESSAGES);
  const fit = (text: string) => {
    if (text.length <= MAX_STORED_MESSAGE_CHARS) return text;
    ctx.run.services.logger.warn(`${service}: a message was stored cut to its first characters`, {
      nodeId: ctx.node.id,
      length: text.length,
      kept: MAX_STORED_MESSAGE_CHARS,
    });
    return text.slice(0, MAX_STORED_MESSAGE_CHARS);
  };
  return {
    kind: 'memory',
    label: ctx.node.label,
    memoryKey: memoryKeyInput(ctx),
    async load() {
      const turns = (await store.latest(count))
        .map(turnFromStored)
        .filter((turn): turn is ChatTurn => turn !== undefined);
      return newestWithin(turns, MAX_HISTORY_CHARS);
    },
    save: (question, answer) =>
      store.append([storedMessage('human', fit(question)), storedMessage('ai', fit(answer))]),
    clear: () => store.clear(),
  };
}
