import { chatStorageKey, clearChatData, parseChatStorage, type ChatStorageData } from '@flowloom/shared';

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

/** The chat data the browser keeps for a flow (`<flowId>_INTERNAL`: chatId and lead). */
export function readChatData(flowId: string): ChatStorageData {
  try {
    return parseChatStorage(storage()?.getItem(chatStorageKey(flowId)));
  } catch {
    return {};
  }
}

export function writeChatData(flowId: string, data: ChatStorageData): void {
  try {
    storage()?.setItem(chatStorageKey(flowId), JSON.stringify(data));
  } catch {
    // storage full or disabled: the chat simply starts anew next time
  }
}

/** The flow's current chat id, created and remembered on first use. */
export function ensureChatId(flowId: string): string {
  const data = readChatData(flowId);
  if (data.chatId) return data.chatId;
  const chatId = newChatId();
  writeChatData(flowId, { ...data, chatId });
  return chatId;
}

/** Forgets the chat (a new one starts), keeping the lead the visitor already gave (SPEC §4). */
export function clearStoredChat(flowId: string): void {
  writeChatData(flowId, clearChatData(readChatData(flowId)));
}
