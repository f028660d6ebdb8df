import type { FeedbackRating } from '@flowloom/shared';
import type { ClearedConversation, MemoryClearing } from '../predictions/memory-clearing.js';
import type { ChatMessageRepository, MessageFilter } from './chat-message.repository.js';

/** Most OpenAI threads one clearing deletes at OpenAI (the rest expire there unused). */
const MAX_THREADS = 50;

export interface ChatClearingDeps {
  messages: Pick<ChatMessageRepository, 'conversationsMatching' | 'deleteMatching' | 'chatsWithMessages'>;
  /** Clears conversations in the memories of the flow that keep them themselves (Redis, SQL…). */
  memories?: Pick<MemoryClearing, 'clearChat' | 'clearInBulk'>;
  /** Removes the files runs kept for these chats of the flow. */
  removeChatFiles(workspaceId: string, flowId: string, chatIds: readonly string[]): Promise<void>;
  /** Deletes at OpenAI the threads the flow's assistants kept for sessions now gone (best effort). */
  forgetThreads?(workspaceId: string, flowId: string, threadIds: readonly string[]): Promise<void>;
  logWarning(message: string, fields: Record<string, unknown>): void;
}

/** What a deletion asks of the memories (Flowise's `hardDelete` and viewer's memory type). */
export interface ClearingOptions {
  /** Clear the flow's memories for a bulk deletion too (a named chat always is). */
  hardDelete?: boolean;
  /** The memory type the message viewer cleared, when it did. */
  viewerMemory?: string | undefined;
}

/** Each chat and session once (messages without a session were filed under their chat). */
function uniqueConversations(rows: { chatId: string; sessionId: string | null }[]): ClearedConversation[] {
  const seen = new Map<string, ClearedConversation>();
  for (const { chatId, sessionId } of rows) {
    const conversation = { chatId, sessionId: sessionId ?? chatId };
    seen.set(JSON.stringify(conversation), conversation);
  }
  return [...seen.values()];
}

/**
 * Deleting a flow's messages (a chat, a session, a range, rated exchanges): first the conversations
 * in the flow's own memories (a named chat always, a bulk deletion with `hardDelete`: a memory that
 * cannot be cleared stops a named chat's deletion), then the messages, then what was kept for the
 * chats left without any message — the files their runs kept, and the OpenAI threads of their
 * sessions (as Flowise clears an assistant's thread with its chat).
 */
export function createChatClearing(deps: ChatClearingDeps) {
  return {
    async clear(
      workspaceId: string,
      filter: Omit<MessageFilter, 'messageId' | 'order' | 'offset' | 'limit'>,
      ratings?: readonly FeedbackRating[],
      options: ClearingOptions = {},
    ): Promise<number> {
      const touched = await deps.messages.conversationsMatching(filter);
      if (deps.memories && (filter.chatId || options.hardDelete)) {
        const flow = { id: filter.chatflowid, workspaceId };
        const conversations = uniqueConversations(touched);
        // A chat named by id is cleared in its memories even when Flowloom holds none of its messages.
        if (filter.chatId) {
          if (conversations.length === 0)
            conversations.push({ chatId: filter.chatId, sessionId: filter.sessionId ?? filter.chatId });
          await deps.memories.clearChat(flow, conversations, options.viewerMemory);
        } else await deps.memories.clearInBulk(flow, conversations, options.viewerMemory);
      }
      const deleted = await deps.messages.deleteMatching(filter, ratings);
      if (deleted === 0) return 0;
      const flowId = filter.chatflowid;
      const chatIds = [...new Set(touched.map((t) => t.chatId))];
      const left = await deps.messages.chatsWithMessages(flowId, chatIds);
      const gone = new Set(chatIds.filter((id) => !left.has(id)));
      if (gone.size === 0) return deleted;
      await deps.removeChatFiles(workspaceId, flowId, [...gone]);
      const threads = [
        ...new Set(
          touched
            .filter((t) => gone.has(t.chatId) && t.sessionId?.startsWith('thread_'))
            .map((t) => t.sessionId!),
        ),
      ].slice(0, MAX_THREADS);
      if (threads.length && deps.forgetThreads)
        // OpenAI's answer is not waited for: the messages are gone either way.
        deps
          .forgetThreads(workspaceId, flowId, threads)
          .catch((error: unknown) =>
            deps.logWarning('could not delete OpenAI threads of a cleared chat', { flowId, err: error }),
          );
      return deleted;
    },
  };
}
export type ChatClearing = ReturnType<typeof createChatClearing>;
