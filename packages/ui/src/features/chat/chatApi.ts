import type { UploadsConfig, UpsertOutcome } from '@flowloom/shared';
import { api, apiHost } from '../../api/api';
import { API_PREFIX } from '../../api/client';
import { ApiError, errorMessage } from '../../api/errorMessage';
import { readableError, type ChatMessageRow, type FeedbackRating } from './chatMessages';
import { readSseStream, type StreamEvent } from './stream/parseSse';

const path = (id: string) => encodeURIComponent(id);

/** Calls of the chat panel. Everything but the streaming answer goes through the API client. */
export const chatApi = {
  history: (chatflowId: string, chatId: string) =>
    api.get<ChatMessageRow[]>(`/chatmessage/${path(chatflowId)}`, {
      query: { chatId, chatType: 'INTERNAL', order: 'ASC', feedback: 'true' },
    }),
  /** What the chat may attach to a question of this flow. */
  uploads: (chatflowId: string) => api.get<UploadsConfig>(`/chatflows-uploads/${path(chatflowId)}`),
  clear: (chatflowId: string, chatId: string) =>
    api.delete<unknown>(`/chatmessage/${path(chatflowId)}`, { query: { chatId, chatType: 'INTERNAL' } }),
  abort: (chatflowId: string, chatId: string) =>
    api.put<unknown>(`/chatmessage/abort/${path(chatflowId)}/${path(chatId)}`),
  feedback: (body: {
    chatflowid: string;
    chatId: string;
    messageId: string;
    rating: FeedbackRating;
    content?: string;
  }) => api.post<{ id?: string }>('/feedback', body),
  /**
   * Loads files attached in the chat into the flow's vector store for this chat only
   * (`POST /vector/internal-upsert/:id`, multipart with `chatId`), before the question that needs
   * them goes out (RAG uploads, DOCUMENT_STORES.md §3).
   */
  upsertFiles: (chatflowId: string, chatId: string, files: readonly File[], signal: AbortSignal) => {
    const form = new FormData();
    for (const file of files) form.append('files', file, file.name);
    form.append('chatId', chatId);
    return api.post<UpsertOutcome>(`/vector/internal-upsert/${path(chatflowId)}`, form, { signal });
  },
};

/** The non-streaming answer of a prediction (FLOWISE_API.md §1.7). */
export interface JsonAnswer {
  text?: unknown;
  json?: unknown;
  sourceDocuments?: unknown;
  usedTools?: unknown;
  chatMessageId?: unknown;
  followUpPrompts?: unknown;
  /** The question as the flow read it (the transcript of a recorded one). */
  question?: unknown;
}

/**
 * Asks the flow a question and streams the answer: SSE events are handed to `onEvent` as they
 * arrive. A flow that cannot stream answers JSON, which is returned instead. Failed requests throw
 * an {@link ApiError} with the server's message. From the web app it is `POST /internal-prediction/:id`
 * (session cookie, internal header); a `visitor` (the public chatbot page) calls the public
 * `POST /prediction/:id` without cookies, as the chat widget does.
 */
export async function streamPrediction(
  chatflowId: string,
  body: { question: string; chatId: string; [field: string]: unknown },
  onEvent: (event: StreamEvent) => void,
  signal: AbortSignal,
  { visitor = false }: { visitor?: boolean } = {},
): Promise<JsonAnswer | null> {
  const route = visitor ? 'prediction' : 'internal-prediction';
  const response = await fetch(`${apiHost()}${API_PREFIX}/${route}/${path(chatflowId)}`, {
    method: 'POST',
    credentials: visitor ? 'omit' : 'include',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'text/event-stream',
      ...(!visitor && { 'x-request-from': 'internal' }),
    },
    body: JSON.stringify({ ...body, streaming: true }),
    signal,
  });
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok) throw await failure(response);
  if (type.startsWith('text/event-stream') && response.body) {
    await readSseStream(response.body, onEvent);
    return null;
  }
  return (await response.json()) as JsonAnswer;
}

/** What `POST /text-to-speech/generate` speaks with a flow's voice (FLOWISE_API.md §4.2). */
export interface SpeechRequest {
  chatflowId: string;
  chatId?: string;
  chatMessageId?: string;
  text: string;
}

/** Decodes one base64 piece of audio. */
const audioBytes = (base64: string) => Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));

/**
 * Speaks a text with the flow's voice: the audio of the `tts_data` events (base64 pieces of an MP3)
 * as one blob. A refusal (voice off, flow not public) throws an {@link ApiError} with the server's
 * message; a provider failure mid-way (`tts_error`) an Error with its message. A `visitor` calls
 * without cookies, as on the public chatbot page.
 */
export async function speakText(
  body: SpeechRequest,
  signal: AbortSignal,
  { visitor = false }: { visitor?: boolean } = {},
): Promise<Blob> {
  const response = await fetch(`${apiHost()}${API_PREFIX}/text-to-speech/generate`, {
    method: 'POST',
    credentials: visitor ? 'omit' : 'include',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'text/event-stream',
      ...(!visitor && { 'x-request-from': 'internal' }),
    },
    body: JSON.stringify(body),
    signal,
  });
  if (!response.ok) throw await failure(response);
  const pieces: Uint8Array<ArrayBuffer>[] = [];
  let format = 'mp3';
  let failed: string | undefined;
  if (response.body)
    await readSseStream(response.body, ({ event, data }) => {
      const fields = (data ?? {}) as { audioChunk?: unknown; format?: unknown; error?: unknown };
      if (event === 'tts_start' && typeof fields.format === 'string') format = fields.format;
      if (event === 'tts_data' && typeof fields.audioChunk === 'string')
        pieces.push(audioBytes(fields.audioChunk));
      if (event === 'tts_error')
        failed = typeof fields.error === 'string' && fields.error ? fields.error : 'The voice failed.';
    });
  if (failed) throw new Error(readableError(failed));
  if (pieces.length === 0) throw new Error('The voice sent no audio.');
  return new Blob(pieces, { type: format === 'mp3' ? 'audio/mpeg' : `audio/${format}` });
}

/** A public route called as a visitor (no cookies, no internal header); JSON in and out. */
export async function visitorRequest<T>(method: string, route: string, body?: unknown): Promise<T> {
  const response = await fetch(`${apiHost()}${API_PREFIX}${route}`, {
    method,
    credentials: 'omit',
    headers: {
      Accept: 'application/json',
      ...(body !== undefined && { 'Content-Type': 'application/json' }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw await failure(response);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The error of a failed answer, with the server's message. */
async function failure(response: Response): Promise<ApiError> {
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // plain-text error (rate limits, origin checks)
  }
  return new ApiError(response.status, errorMessage(parsed, `Request failed (${response.status})`), parsed);
}
