import { chatApi, streamPrediction, visitorRequest, type JsonAnswer } from './chatApi';
import type { ChatMessage, ChatMessageRow, FeedbackRating } from './chatMessages';
import { readChatRecord, updateChatRecord, type ChatType } from './chatStorage';
import type { StreamEvent } from './stream/parseSse';

const path = (id: string) => encodeURIComponent(id);

export interface FeedbackBody {
  chatflowid: string;
  chatId: string;
  messageId: string;
  rating: FeedbackRating;
  content?: string;
}

/**
 * Where a chat runs. The web app's chat (`INTERNAL`) asks with the session and reads its history
 * from the server; a visitor's chat on the public chatbot page (`EXTERNAL`) calls the public routes
 * without cookies and keeps its thread in the browser, beside its chat id (`<flowId>_EXTERNAL`,
 * `chatHistory`, as the Flowise embed does: a visitor may not read stored messages).
 */
export interface ChatChannel {
  type: ChatType;
  history(flowId: string, chatId: string): Promise<ChatMessageRow[]>;
  predict(
    flowId: string,
    body: { question: string; chatId: string; [field: string]: unknown },
    onEvent: (event: StreamEvent) => void,
    signal: AbortSignal,
  ): Promise<JsonAnswer | null>;
  abort(flowId: string, chatId: string): Promise<unknown>;
  clear(flowId: string, chatId: string): Promise<unknown>;
  feedback(body: FeedbackBody): Promise<unknown>;
  /** Keeps the thread where `history` reads it (only a visitor's chat keeps it itself). */
  keep?(flowId: string, messages: readonly ChatMessage[]): void;
}

export const INTERNAL_CHANNEL: ChatChannel = {
  type: 'INTERNAL',
  history: (flowId, chatId) => chatApi.history(flowId, chatId),
  predict: (flowId, body, onEvent, signal) => streamPrediction(flowId, body, onEvent, signal),
  abort: (flowId, chatId) => chatApi.abort(flowId, chatId),
  clear: (flowId, chatId) => chatApi.clear(flowId, chatId),
  feedback: (body) => chatApi.feedback(body),
};

/** A message of a visitor's thread as the Flowise embed stores it (`chatHistory`). */
interface StoredMessage {
  message: string;
  type: 'apiMessage' | 'userMessage';
  id?: string;
  sourceDocuments?: unknown;
  usedTools?: unknown;
  followUpPrompts?: string;
  fileUploads?: { type: string; name: string; mime: string }[];
  feedback?: { rating: FeedbackRating } | null;
  dateTime?: string;
}

/** The newest messages a visitor's browser keeps. */
const KEPT_MESSAGES = 200;

function storedThread(flowId: string): StoredMessage[] {
  const history = readChatRecord(flowId, 'EXTERNAL').chatHistory;
  if (!Array.isArray(history)) return [];
  return history.filter(
    (item): item is StoredMessage =>
      typeof item === 'object' &&
      item !== null &&
      typeof (item as StoredMessage).message === 'string' &&
      ((item as StoredMessage).type === 'apiMessage' || (item as StoredMessage).type === 'userMessage'),
  );
}

function toStored(message: ChatMessage): StoredMessage {
  return {
    message: message.content,
    type: message.role,
    ...(message.messageId && { id: message.messageId }),
    ...(message.sourceDocuments && { sourceDocuments: message.sourceDocuments }),
    ...(message.usedTools && { usedTools: message.usedTools }),
    ...(message.followUpPrompts && { followUpPrompts: JSON.stringify(message.followUpPrompts) }),
    // Pictures stay out of storage: their names are enough to read the thread back.
    ...(message.attachments && {
      fileUploads: message.attachments.map(({ name, mime }) => ({ type: 'file', name, mime })),
    }),
    ...(message.feedback && { feedback: { rating: message.feedback } }),
    ...(message.at && { dateTime: message.at }),
  };
}

/** The chat of a visitor on the public chatbot page (public routes, no cookies). */
export const VISITOR_CHANNEL: ChatChannel = {
  type: 'EXTERNAL',
  history: (flowId) =>
    Promise.resolve(
      storedThread(flowId).map((item, index): ChatMessageRow => ({
        id: item.id ?? `kept-${index}`,
        role: item.type,
        content: item.message,
        sourceDocuments: item.sourceDocuments,
        usedTools: item.usedTools,
        feedback: item.feedback ?? null,
        fileUploads: item.fileUploads,
        followUpPrompts: item.followUpPrompts,
        ...(item.dateTime && { createdDate: item.dateTime }),
      })),
    ),
  predict: (flowId, body, onEvent, signal) =>
    streamPrediction(flowId, body, onEvent, signal, { visitor: true }),
  abort: (flowId, chatId) => visitorRequest('PUT', `/chatmessage/abort/${path(flowId)}/${path(chatId)}`),
  // A visitor cannot delete stored messages: clearing starts a new chat in this browser.
  clear: () => Promise.resolve(),
  feedback: (body) => visitorRequest('POST', `/feedback/${path(body.chatflowid)}`, body),
  keep: (flowId, messages) => {
    // A question that failed is kept with its error among the failed turns, not here.
    const kept = messages
      .filter(
        (message, index) =>
          (message.status === 'done' || message.status === 'stopped') &&
          !(message.role === 'userMessage' && messages[index + 1]?.status === 'error'),
      )
      .slice(-KEPT_MESSAGES)
      .map(toStored);
    updateChatRecord(flowId, { chatHistory: kept }, 'EXTERNAL');
  },
};
