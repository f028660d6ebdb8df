/** Per-flow chat data kept in the browser (SPEC §3 browser-stored chat data, §4 clearing it). */

/** Suffix of the browser storage key of a flow's chat data. */
export const CHAT_STORAGE_SUFFIX = '_INTERNAL';

/** What the browser keeps for one flow: the current chat and, once given, the visitor's lead. */
export interface ChatStorageData<Lead = unknown> {
  chatId?: string;
  lead?: Lead;
}

/**
 * Storage key of a flow's chat data: the flow id plus `_INTERNAL` (the web app's chat), or
 * `_EXTERNAL` for a visitor's chat (the public chatbot page, as the Flowise embed keeps it).
 */
export function chatStorageKey(flowId: string, chatType: 'INTERNAL' | 'EXTERNAL' = 'INTERNAL'): string {
  return chatType === 'EXTERNAL' ? `${flowId}_EXTERNAL` : `${flowId}${CHAT_STORAGE_SUFFIX}`;
}

/**
 * Chat data after "clear chat": only the lead survives, so a visitor who already left their
 * contact details is not asked again; the chat id goes, which starts a new conversation.
 * Returns `{ lead }` when there is a lead (not null/undefined), otherwise `{}`.
 */
export function clearChatData<Lead>(data: ChatStorageData<Lead> | null | undefined): ChatStorageData<Lead> {
  if (data?.lead === undefined || data.lead === null) return {};
  return { lead: data.lead };
}

/**
 * Reads stored chat data text. Anything that is not a JSON object reads as `{}`, and a `chatId`
 * that is not a string is dropped, so a tampered or outdated entry never breaks the chat window.
 */
export function parseChatStorage(text: string | null | undefined): ChatStorageData {
  if (!text) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return {};
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
  const { chatId, lead } = parsed as Record<string, unknown>;
  const data: ChatStorageData = {};
  if (typeof chatId === 'string') data.chatId = chatId;
  if (lead !== undefined && lead !== null) data.lead = lead;
  return data;
}
