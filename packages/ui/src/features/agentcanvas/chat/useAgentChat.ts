import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../api/errorMessage';
import { chatApi, streamPrediction } from '../../chat/chatApi';
import { fromHistoryRow, readableError } from '../../chat/chatMessages';
import { clearStoredChat, ensureChatId, newChatId, readChatData } from '../../chat/chatStorage';
import type { StreamEvent } from '../../chat/stream/parseSse';
import {
  agentMessageFromRow,
  applyAgentEvent,
  stepOf,
  type AgentChatMessage,
  type AgentStep,
} from './agentMessages';

/** What a resume request carries (AGENTFLOW_V2.md §2.7). */
export interface HumanInputReply {
  type: 'proceed' | 'reject';
  startNodeId: string;
  feedback?: string;
}

export interface AgentChatState {
  messages: AgentChatMessage[];
  busy: boolean;
  loadingHistory: boolean;
  historyError: string;
  loadHistory: () => Promise<void>;
  send: (flowId: string, question: string, humanInput?: HumanInputReply) => Promise<void>;
  stop: () => void;
  clear: () => Promise<void>;
}

/**
 * The chat with a saved agentflow: like the chatflow chat, plus the step trace of each answer,
 * the human-input action, and resume requests. `onStep` sees every node status as it streams
 * (the canvas shows them as badges); `onRunStart` is called when a new question is sent.
 */
export function useAgentChat(
  chatflowId: string | undefined,
  onStep: (step: AgentStep) => void,
  onRunStart: () => void,
): AgentChatState {
  const [messages, setMessages] = useState<AgentChatMessage[]>([]);
  const [busy, setBusy] = useState(false);
  const [loadingHistory, setLoadingHistory] = useState(false);
  const [historyError, setHistoryError] = useState('');
  const running = useRef<{ controller: AbortController; flowId: string; chatId: string } | null>(null);
  const shownFlow = useRef(chatflowId);
  const callbacks = useRef({ onStep, onRunStart });
  callbacks.current = { onStep, onRunStart };

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
      setMessages(rows.map((row) => agentMessageFromRow(row, fromHistoryRow(row))));
    } catch (error) {
      setHistoryError(errorMessage(error, 'The chat history could not be loaded.'));
    } finally {
      setLoadingHistory(false);
    }
  }, [chatflowId]);

  useEffect(() => {
    if (shownFlow.current === chatflowId) return;
    shownFlow.current = chatflowId;
    setMessages([]);
    setHistoryError('');
  }, [chatflowId]);

  const send = useCallback(async (flowId: string, question: string, humanInput?: HumanInputReply) => {
    if (running.current) return;
    const chatId = ensureChatId(flowId);
    const answerKey = newChatId();
    shownFlow.current = flowId;
    callbacks.current.onRunStart();
    setMessages((current) => [
      // An answered action has no buttons any more.
      ...current.map((message) => (message.action ? { ...message, action: undefined } : message)),
      { key: newChatId(), role: 'userMessage', content: question, status: 'done' },
      { key: answerKey, role: 'apiMessage', content: '', status: 'streaming', steps: [] },
    ]);
    const update = (change: (message: AgentChatMessage) => AgentChatMessage) =>
      setMessages((current) =>
        current.map((message) => (message.key === answerKey ? change(message) : message)),
      );
    const onEvent = (event: StreamEvent) => {
      if (event.event === 'nextAgentFlow') {
        const step = stepOf(event.data);
        if (step) callbacks.current.onStep(step);
      }
      update((message) => applyAgentEvent(message, event));
    };
    const controller = new AbortController();
    running.current = { controller, flowId, chatId };
    setBusy(true);
    try {
      const json = await streamPrediction(
        flowId,
        { question, chatId, ...(humanInput && { humanInput: { ...humanInput } }) },
        onEvent,
        controller.signal,
      );
      update((message) => {
        if (json) {
          const text = typeof json.text === 'string' ? json.text : message.content;
          return { ...message, content: text, status: 'done' };
        }
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

  return { messages, busy, loadingHistory, historyError, loadHistory, send, stop, clear };
}
