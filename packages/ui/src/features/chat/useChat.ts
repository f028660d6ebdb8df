import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../api/errorMessage';
import { chatApi, streamPrediction } from './chatApi';
import {
  applyJsonAnswer,
  applyStreamEvent,
  fromHistoryRow,
  readableError,
  type ChatMessage,
  type FeedbackRating,
} from './chatMessages';
import { clearStoredChat, ensureChatId, newChatId, readChatData } from './chatStorage';

export interface ChatState {
  messages: ChatMessage[];
  /** An answer is streaming. */
  busy: boolean;
  loadingHistory: boolean;
  historyError: string;
  loadHistory: () => Promise<void>;
  send: (flowId: string, question: string) => Promise<void>;
  stop: () => void;
  clear: () => Promise<void>;
  rate: (message: ChatMessage, rating: FeedbackRating, content?: string) => Promise<void>;
}

/**
 * The chat with a saved flow: history of the stored chat id, streamed answers, stop, clear and
 * feedback. The chat id lives in the browser under `<flowId>_INTERNAL`.
 */
export function useChat(chatflowId: string | undefined): ChatState {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [busy, setBusy] = useState(false);
  const [loadingHistory, setLoadingHistory] = useState(false);
  const [historyError, setHistoryError] = useState('');
  const running = useRef<{ controller: AbortController; flowId: string; chatId: string } | null>(null);
  /** The flow the shown messages belong to. */
  const shownFlow = useRef(chatflowId);

  const loadHistory = useCallback(async () => {
    if (!chatflowId || running.current) return;
    setHistoryError('');
    const { chatId } = readChatData(chatflowId);
    if (!chatId) {
      setMessages([]);
      return;
    }
    setLoadingHistory(true);
    try {
      const rows = await chatApi.history(chatflowId, chatId);
      shownFlow.current = chatflowId;
      setMessages(rows.map(fromHistoryRow));
    } catch (error) {
      setHistoryError(errorMessage(error, 'The chat history could not be loaded.'));
    } finally {
      setLoadingHistory(false);
    }
  }, [chatflowId]);

  // Another flow: another chat. A flow saved for the first time by sending a question keeps it.
  useEffect(() => {
    if (shownFlow.current === chatflowId) return;
    shownFlow.current = chatflowId;
    setMessages([]);
    setHistoryError('');
  }, [chatflowId]);

  const send = useCallback(async (flowId: string, question: string) => {
    if (running.current) return;
    const chatId = ensureChatId(flowId);
    const answerKey = newChatId();
    shownFlow.current = flowId;
    setMessages((current) => [
      ...current,
      { key: newChatId(), role: 'userMessage', content: question, status: 'done' },
      { key: answerKey, role: 'apiMessage', content: '', status: 'streaming' },
    ]);
    const update = (change: (message: ChatMessage) => ChatMessage) =>
      setMessages((current) =>
        current.map((message) => (message.key === answerKey ? change(message) : message)),
      );
    const controller = new AbortController();
    running.current = { controller, flowId, chatId };
    setBusy(true);
    try {
      const json = await streamPrediction(
        flowId,
        { question, chatId },
        (event) => update((message) => applyStreamEvent(message, event)),
        controller.signal,
      );
      update((message) => {
        if (json) return applyJsonAnswer(message, json);
        return message.status === 'streaming' ? { ...message, status: 'done' } : message;
      });
    } catch (error) {
      update((message) =>
        controller.signal.aborted
          ? { ...message, status: 'stopped' }
          : {
              ...message,
              status: 'error',
              error: readableError(errorMessage(error, 'The flow did not answer.')),
            },
      );
    } finally {
      running.current = null;
      setBusy(false);
    }
  }, []);

  const stop = useCallback(() => {
    const run = running.current;
    if (!run) return;
    // The server stops the run; dropping the connection stops it too if that call fails.
    chatApi.abort(run.flowId, run.chatId).then(
      () => undefined,
      () => undefined,
    );
    run.controller.abort();
  }, []);

  const clear = useCallback(async () => {
    if (!chatflowId) return;
    const { chatId } = readChatData(chatflowId);
    if (chatId) await chatApi.clear(chatflowId, chatId);
    clearStoredChat(chatflowId);
    setMessages([]);
  }, [chatflowId]);

  const rate = useCallback(
    async (message: ChatMessage, rating: FeedbackRating, content?: string) => {
      if (!chatflowId || !message.messageId) return;
      const { chatId } = readChatData(chatflowId);
      if (!chatId) return;
      await chatApi.feedback({
        chatflowid: chatflowId,
        chatId,
        messageId: message.messageId,
        rating,
        ...(content && { content }),
      });
      setMessages((current) =>
        current.map((item) => (item.key === message.key ? { ...item, feedback: rating } : item)),
      );
    },
    [chatflowId],
  );

  return { messages, busy, loadingHistory, historyError, loadHistory, send, stop, clear, rate };
}
