import { chatStorageKey, clearChatData, parseChatStorage, type ChatStorageData } from '@flowloom/shared';

/** Whose chat: the web app's (`INTERNAL`) or a visitor's on the public chatbot page (`EXTERNAL`). */
export type ChatType = 'INTERNAL' | 'EXTERNAL';

/** A random id for a new chat (UUID v4; `crypto.randomUUID` is missing outside secure contexts). */
export function newChatId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

/** The whole stored record (a visitor's also holds the thread, `chatHistory`); `{}` when unreadable. */
export function readChatRecord(flowId: string, type: ChatType = 'INTERNAL'): Record<string, unknown> {
  try {
    const parsed = JSON.parse(storage()?.getItem(chatStorageKey(flowId, type)) ?? 'null') as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** Changes some keys of the stored record, keeping the others (as the Flowise embed does). */
export function updateChatRecord(
  flowId: string,
  change: Record<string, unknown>,
  type: ChatType = 'INTERNAL',
): void {
  try {
    storage()?.setItem(
      chatStorageKey(flowId, type),
      JSON.stringify({ ...readChatRecord(flowId, type), ...change }),
    );
  } catch {
    // storage full or disabled: the chat simply starts anew next time
  }
}

/** The chat data the browser keeps for a flow (`<flowId>_INTERNAL` or `_EXTERNAL`: chatId and lead). */
export function readChatData(flowId: string, type: ChatType = 'INTERNAL'): ChatStorageData {
  try {
    return parseChatStorage(storage()?.getItem(chatStorageKey(flowId, type)));
  } catch {
    return {};
  }
}

export function writeChatData(flowId: string, data: ChatStorageData, type: ChatType = 'INTERNAL'): void {
  updateChatRecord(flowId, { ...data }, type);
}

/** The flow's current chat id, created and remembered on first use. */
export function ensureChatId(flowId: string, type: ChatType = 'INTERNAL'): string {
  const data = readChatData(flowId, type);
  if (data.chatId) return data.chatId;
  const chatId = newChatId();
  writeChatData(flowId, { ...data, chatId }, type);
  return chatId;
}

/** Forgets the chat (a new one starts), keeping the lead the visitor already gave (SPEC §4). */
export function clearStoredChat(flowId: string, type: ChatType = 'INTERNAL'): void {
  try {
    storage()?.setItem(
      chatStorageKey(flowId, type),
      JSON.stringify(clearChatData(readChatData(flowId, type))),
    );
  } catch {
    // nothing kept
  }
}

/** Forgets everything kept for a visitor's chat of the flow, lead included (a new session). */
export function dropStoredChat(flowId: string, type: ChatType): void {
  try {
    storage()?.removeItem(chatStorageKey(flowId, type));
  } catch {
    // nothing kept
  }
}
