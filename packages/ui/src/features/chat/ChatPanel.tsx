import type { Chatflow } from '@flowloom/shared';
import { ChatWindow } from './ChatWindow';
import { useChat } from './useChat';
import { useStarterPrompts } from '../flow-config/useStarterPrompts';

/**
 * Chat with the chatflow on the canvas. An unsaved or changed flow is saved (after asking for a name
 * the first time) before a question is sent; files attached to search go to its vector store first.
 */
export function ChatPanel({
  chatflowId,
  isDirty,
  onSave,
}: {
  chatflowId: string | undefined;
  isDirty: boolean;
  onSave: () => Promise<Chatflow | null>;
}) {
  const chat = useChat(chatflowId);
  const starterPrompts = useStarterPrompts();
  const ask = async (question: string, uploads: Record<string, unknown>[], ragFiles: File[]) => {
    let flowId = chatflowId;
    if (!flowId || isDirty) {
      const saved = await onSave();
      if (!saved) return undefined;
      flowId = saved.id;
    }
    return chat.send(
      flowId,
      question,
      uploads.length > 0 ? { uploads } : undefined,
      ragFiles.length > 0 ? { ragFiles } : undefined,
    );
  };
  return (
    <ChatWindow
      noun="chatflow"
      chatflowId={chatflowId}
      isDirty={isDirty}
      onSave={onSave}
      chat={chat}
      onAsk={ask}
      starterPrompts={starterPrompts}
    />
  );
}
