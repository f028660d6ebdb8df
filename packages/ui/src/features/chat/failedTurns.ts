import type { ChatType } from './chatStorage';

/**
 * Questions whose run failed are not stored by the server (as in Flowise), so the chat would forget
 * them and their error on reload. The browser keeps them beside the chat id, for that chat only, and
 * the thread shows them again in time order among the stored messages.
 */

/** A question that got an error instead of an answer. */
export interface FailedTurn {
  question: string;
  error: string;
  /** When it was asked (ISO time), to place it among the stored messages. */
  at: string;
}

interface Stored {
  chatId: string;
  turns: FailedTurn[];
}

/** The newest turns kept per chat: enough to read back what went wrong, bounded in storage. */
const MAX_TURNS = 20;
const MAX_TEXT = 4000;

const keyOf = (flowId: string, type: ChatType) => `${flowId}_${type}_FAILED`;

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

/** The failed turns of `chatId` (none when the stored ones belong to another chat). */
export function readFailedTurns(flowId: string, chatId: string, type: ChatType = 'INTERNAL'): FailedTurn[] {
  try {
    const stored = JSON.parse(storage()?.getItem(keyOf(flowId, type)) ?? 'null') as Stored | null;
    if (!stored || stored.chatId !== chatId || !Array.isArray(stored.turns)) return [];
    return stored.turns.filter(
      (turn) =>
        typeof turn?.question === 'string' && typeof turn.error === 'string' && typeof turn.at === 'string',
    );
  } catch {
    return [];
  }
}

export function rememberFailedTurn(
  flowId: string,
  chatId: string,
  turn: FailedTurn,
  type: ChatType = 'INTERNAL',
): void {
  const turns = [
    ...readFailedTurns(flowId, chatId, type),
    { question: turn.question.slice(0, MAX_TEXT), error: turn.error.slice(0, MAX_TEXT), at: turn.at },
  ].slice(-MAX_TURNS);
  try {
    storage()?.setItem(keyOf(flowId, type), JSON.stringify({ chatId, turns } satisfies Stored));
  } catch {
    // storage full or disabled: the error is still shown until the page is left
  }
}

export function forgetFailedTurns(flowId: string, type: ChatType = 'INTERNAL'): void {
  try {
    storage()?.removeItem(keyOf(flowId, type));
  } catch {
    // nothing kept
  }
}

/**
 * Stored messages with the failed turns placed by time: each turn goes before the first stored message
 * created after it was asked.
 */
export function withFailedTurns<T>(
  stored: readonly { item: T; at: string | undefined }[],
  turns: readonly FailedTurn[],
  toItems: (turn: FailedTurn, index: number) => T[],
): T[] {
  const out: T[] = [];
  const pending = [...turns].sort((a, b) => a.at.localeCompare(b.at));
  let next = 0;
  for (const { item, at } of stored) {
    while (next < pending.length && at !== undefined && pending[next]!.at < at)
      out.push(...toItems(pending[next]!, next++));
    out.push(item);
  }
  while (next < pending.length) out.push(...toItems(pending[next]!, next++));
  return out;
}
