import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, errorMessage } from '../../api/errorMessage';
import { chatApi, type JsonAnswer } from './chatApi';
import { INTERNAL_CHANNEL, type ChatChannel } from './chatChannel';
import {
  fromHistoryRow,
  readableError,
  type ChatMessage,
  type ChatMessageRow,
  type FeedbackRating,
} from './chatMessages';
import { clearStoredChat, ensureChatId, newChatId, readChatData } from './chatStorage';
import { forgetFailedTurns, readFailedTurns, rememberFailedTurn, withFailedTurns } from './failedTurns';
import type { StreamEvent } from './stream/parseSse';

/** How a question ended: `refused` when the server turned the run down before it started. */
export type SendOutcome = 'answered' | 'stopped' | 'failed' | 'refused';

/** What differs between the chats of the flow kinds (chatflow, agentflow, assistant…). */
export interface ChatKind<M extends ChatMessage> {
  /** A stored message as a bubble. */
  fromRow(row: ChatMessageRow, base: ChatMessage): M;
  /** The answer bubble after one stream event. */
  applyEvent(message: M, event: StreamEvent): M;
  /** The answer bubble from a JSON (non-streaming) answer. */
  applyJson(message: M, answer: JsonAnswer): M;
  /** The thread as a new question goes out (e.g. answered actions lose their buttons). */
  beforeSend?(messages: M[]): M[];
  /** Sees every stream event (e.g. node statuses for the canvas). */
  onEvent?(event: StreamEvent): void;
  /** Called as a question goes out. */
  onRunStart?(): void;
}

export interface SendOptions {
  /** Files attached to search (RAG uploads), upserted with the chat id before the question. */
  ragFiles?: readonly File[];
}

/** "a.txt", "a.txt and b.md", "a.txt, b.md and c.pdf". */
function fileList(files: readonly File[]): string {
  const names = files.map((file) => file.name);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? '');
}

/**
 * Loads the files attached to search into the flow's vector store for this chat, before the question
 * goes out; the answer bubble (changed through `update`) shows the progress, and why it failed.
 */
async function loadRagFiles<M extends ChatMessage>(
  flowId: string,
  chatId: string,
  files: readonly File[],
  signal: AbortSignal,
  update: (change: (message: M) => M) => void,
): Promise<'loaded' | 'stopped' | 'refused'> {
  const names = fileList(files);
  update((message) => ({ ...message, progress: `Adding ${names} to the vector store…` }));
  try {
    await chatApi.upsertFiles(flowId, chatId, files, signal);
    update(({ progress: _done, ...message }) => message as M);
    return 'loaded';
  } catch (error) {
    if (signal.aborted) {
      update(({ progress: _done, ...message }) => ({ ...message, status: 'stopped' }) as M);
      return 'stopped';
    }
    const reason = readableError(errorMessage(error, 'The upload failed.'));
    update(
      ({ progress: _done, ...message }) =>
        ({
          ...message,
          status: 'error',
          error: `${names} could not be added to the vector store, so the question was not sent: ${reason}`,
        }) as M,
    );
    return 'refused';
  }
}

export interface ChatSession<M extends ChatMessage> {
  messages: M[];
  /** An answer is streaming. */
  busy: boolean;
  loadingHistory: boolean;
  historyError: string;
  loadHistory: () => Promise<void>;
  /**
   * Asks `flowId`; `extra` joins the request body (uploads, humanInput). `ragFiles` are first loaded
   * into the flow's vector store for this chat; when that fails the question is not sent.
   */
  send: (
    flowId: string,
    question: string,
    extra?: Record<string, unknown>,
    options?: SendOptions,
  ) => Promise<SendOutcome>;
  stop: () => void;
  clear: () => Promise<void>;
  rate: (message: M, rating: FeedbackRating, content?: string) => Promise<void>;
}

/**
 * The chat core of every flow chat: history of the stored chat id (with feedback, and the questions
 * that failed), streamed answers, stop, clear and feedback. The chat id lives in the browser under
 * `<flowId>_INTERNAL` (a visitor's under `_EXTERNAL`, see `channel`). What a kind of flow adds to its
 * bubbles comes from `kind`.
 */
export function useChatSession<M extends ChatMessage>(
  chatflowId: string | undefined,
  kind: ChatKind<M>,
  channel: ChatChannel = INTERNAL_CHANNEL,
): ChatSession<M> {
  const [messages, setMessages] = useState<M[]>([]);
  const [busy, setBusy] = useState(false);
  const [loadingHistory, setLoadingHistory] = useState(false);
  const [historyError, setHistoryError] = useState('');
  const running = useRef<{ controller: AbortController; flowId: string; chatId: string } | null>(null);
  /** The flow the shown messages belong to. */
  const shownFlow = useRef(chatflowId);
  const kindRef = useRef(kind);
  kindRef.current = kind;
  const type = channel.type;
  /** The thread changed by this page (asked, rated): a channel that keeps it writes it down. */
  const changed = useRef(false);

  useEffect(() => {
    if (!changed.current || busy || !chatflowId || shownFlow.current !== chatflowId) return;
    channel.keep?.(chatflowId, messages);
  }, [channel, chatflowId, messages, busy]);

  const loadHistory = useCallback(async () => {
    if (!chatflowId || running.current) return;
    setHistoryError('');
    const { chatId } = readChatData(chatflowId, type);
    if (!chatId) {
      setMessages([]);
      return;
    }
    setLoadingHistory(true);
    try {
      const rows = await channel.history(chatflowId, chatId);
      shownFlow.current = chatflowId;
      const stored = rows.map((row) => ({
        item: kindRef.current.fromRow(row, fromHistoryRow(row)),
        at: row.createdDate,
      }));
      setMessages(
        withFailedTurns(stored, readFailedTurns(chatflowId, chatId, type), (turn, index) => [
          { key: `failed-q-${index}`, role: 'userMessage', content: turn.question, status: 'done' } as M,
          {
            key: `failed-a-${index}`,
            role: 'apiMessage',
            content: '',
            status: 'error',
            error: turn.error,
          } as M,
        ]),
      );
    } catch (error) {
      setHistoryError(errorMessage(error, 'The chat history could not be loaded.'));
    } finally {
      setLoadingHistory(false);
    }
  }, [chatflowId, channel, type]);

  // Another flow: another chat. A flow saved for the first time by sending a question keeps it.
  useEffect(() => {
    if (shownFlow.current === chatflowId) return;
    shownFlow.current = chatflowId;
    setMessages([]);
    setHistoryError('');
  }, [chatflowId]);

  const send = useCallback(
    async (
      flowId: string,
      question: string,
      extra?: Record<string, unknown>,
      options?: SendOptions,
    ): Promise<SendOutcome> => {
      if (running.current) return 'refused';
      changed.current = true;
      const chatId = ensureChatId(flowId, type);
      const answerKey = newChatId();
      const askedAt = new Date().toISOString();
      const attachments = Array.isArray(extra?.uploads)
        ? (extra.uploads as { name: string; mime: string; data?: string }[]).map(({ name, mime, data }) => ({
            name,
            mime,
            ...(data && { data }),
          }))
        : [];
      shownFlow.current = flowId;
      kindRef.current.onRunStart?.();
      const questionKey = newChatId();
      setMessages((current) => [
        ...(kindRef.current.beforeSend?.(current) ?? current),
        {
          key: questionKey,
          role: 'userMessage',
          content: question,
          status: 'done',
          at: askedAt,
          ...(attachments.length > 0 && { attachments }),
        } as M,
        { key: answerKey, role: 'apiMessage', content: '', status: 'streaming', at: askedAt } as M,
      ]);
      const update = (change: (message: M) => M) =>
        setMessages((current) =>
          current.map((message) => (message.key === answerKey ? change(message) : message)),
        );
      // A recorded question (no text) shows what the flow heard once the server says.
      const spoken = question === '' && attachments.some((file) => file.mime.startsWith('audio/'));
      const heard = (transcript: unknown) => {
        if (!spoken || typeof transcript !== 'string' || transcript.trim() === '') return;
        setMessages((current) =>
          current.map((message) =>
            message.key === questionKey ? { ...message, content: transcript } : message,
          ),
        );
      };
      let started = false;
      let streamError: string | undefined;
      const onEvent = (event: StreamEvent) => {
        started = true;
        if (event.event === 'metadata') heard((event.data as { question?: unknown } | null)?.question);
        kindRef.current.onEvent?.(event);
        update((message) => {
          const next = kindRef.current.applyEvent(message, event);
          if (next.status === 'error' && next.error) streamError = next.error;
          return next;
        });
      };
      const controller = new AbortController();
      running.current = { controller, flowId, chatId };
      setBusy(true);
      try {
        const ragFiles = options?.ragFiles ?? [];
        if (ragFiles.length > 0) {
          const loaded = await loadRagFiles(flowId, chatId, ragFiles, controller.signal, update);
          if (loaded !== 'loaded') return loaded;
        }
        const json = await channel.predict(
          flowId,
          { question, chatId, ...extra },
          onEvent,
          controller.signal,
        );
        if (json) heard(json.question);
        update((message) => {
          if (json) return kindRef.current.applyJson(message, json);
          return message.status === 'streaming' ? { ...message, status: 'done' } : message;
        });
        if (streamError) {
          rememberFailedTurn(flowId, chatId, { question, error: streamError, at: askedAt }, type);
          return 'failed';
        }
        return 'answered';
      } catch (error) {
        if (controller.signal.aborted) {
          update((message) => ({ ...message, status: 'stopped' }));
          return 'stopped';
        }
        const text = readableError(errorMessage(error, 'The flow did not answer.'));
        update((message) => ({ ...message, status: 'error', error: text }));
        rememberFailedTurn(flowId, chatId, { question, error: text, at: askedAt }, type);
        // A 4xx before any event: the server turned the run down (a required input is missing…).
        return !started && error instanceof ApiError && error.status < 500 ? 'refused' : 'failed';
      } finally {
        running.current = null;
        setBusy(false);
      }
    },
    [channel, type],
  );

  const stop = useCallback(() => {
    const run = running.current;
    if (!run) return;
    // The server stops the run; dropping the connection stops it too if that call fails.
    channel.abort(run.flowId, run.chatId).then(
      () => undefined,
      () => undefined,
    );
    run.controller.abort();
  }, [channel]);

  const clear = useCallback(async () => {
    if (!chatflowId) return;
    const { chatId } = readChatData(chatflowId, type);
    if (chatId) await channel.clear(chatflowId, chatId);
    clearStoredChat(chatflowId, type);
    forgetFailedTurns(chatflowId, type);
    changed.current = false;
    setMessages([]);
  }, [chatflowId, channel, type]);

  const rate = useCallback(
    async (message: M, rating: FeedbackRating, content?: string) => {
      if (!chatflowId || !message.messageId) return;
      const { chatId } = readChatData(chatflowId, type);
      if (!chatId) return;
      changed.current = true;
      await channel.feedback({
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
    [chatflowId, channel, type],
  );

  return { messages, busy, loadingHistory, historyError, loadHistory, send, stop, clear, rate };
}
