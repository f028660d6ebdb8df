import { applyJsonAnswer, applyStreamEvent, type ChatMessage } from './chatMessages';
import { VISITOR_CHANNEL } from './chatChannel';
import { useChatSession, type ChatKind, type ChatSession } from './useChatSession';

export type ChatState = ChatSession<ChatMessage>;

const CHATFLOW_CHAT: ChatKind<ChatMessage> = {
  fromRow: (_row, base) => base,
  applyEvent: applyStreamEvent,
  applyJson: applyJsonAnswer,
};

/** The chat with a saved chatflow: the chat core with plain answers. */
export function useChat(chatflowId: string | undefined): ChatState {
  return useChatSession(chatflowId, CHATFLOW_CHAT);
}

/** A visitor's chat with a public flow (the public chatbot page): public routes, thread kept in the browser. */
export function useVisitorChat(chatflowId: string): ChatState {
  return useChatSession(chatflowId, CHATFLOW_CHAT, VISITOR_CHANNEL);
}
