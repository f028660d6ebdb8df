import type { SourceDocument, UsedTool } from '@flowloom/shared';
import type { StreamEvent } from './stream/parseSse';
import { artifactsOf, fileAnnotationsOf, listOf, type Artifact, type FileAnnotation } from './chatArtifacts';

export type FeedbackRating = 'THUMBS_UP' | 'THUMBS_DOWN';

/** One bubble of the chat thread. */
export interface ChatMessage {
  /** Key in the thread (the server id once known). */
  key: string;
  role: 'userMessage' | 'apiMessage';
  content: string;
  /** Server id of an answer (`chatMessageId`); feedback needs it. */
  messageId?: string;
  sourceDocuments?: SourceDocument[];
  usedTools?: UsedTool[];
  status: 'streaming' | 'done' | 'stopped' | 'error';
  error?: string;
  feedback?: FeedbackRating;
  /** What happens before the answer starts (files being added to the vector store). */
  progress?: string;
  /** Files sent with a question: pictures while the page holds them, names from the history. */
  attachments?: { name: string; mime: string; data?: string }[];
  /** Questions the answer suggests asking next (Flowise `followUpPrompts`). */
  followUpPrompts?: string[];
  /** When it was written (ISO time), once known. */
  at?: string;
  /** Pictures and other things the answer produced (Flowise `artifacts`). */
  artifacts?: Artifact[];
  /** Files the answer cites or wrote, kept for the chat (Flowise `fileAnnotations`). */
  fileAnnotations?: FileAnnotation[];
  /** The chat the answer belongs to, once known (its kept files are the chat's). */
  chatId?: string;
}

/** A row of `GET /chatmessage/:chatflowid`. */
export interface ChatMessageRow {
  id: string;
  role: 'userMessage' | 'apiMessage';
  content: string;
  sourceDocuments?: unknown;
  usedTools?: unknown;
  feedback?: { rating?: FeedbackRating } | null;
  createdDate?: string;
  fileUploads?: unknown;
  followUpPrompts?: unknown;
  artifacts?: unknown;
  fileAnnotations?: unknown;
  chatId?: string;
}

const arrayOr = <T>(value: unknown): T[] | undefined =>
  Array.isArray(value) && value.length > 0 ? (value as T[]) : undefined;

export function fromHistoryRow(row: ChatMessageRow): ChatMessage {
  return {
    key: row.id,
    role: row.role,
    content: row.content ?? '',
    ...(row.role === 'apiMessage' && { messageId: row.id }),
    sourceDocuments: arrayOr<SourceDocument>(row.sourceDocuments),
    usedTools: arrayOr<UsedTool>(row.usedTools),
    status: 'done',
    ...(row.feedback?.rating && { feedback: row.feedback.rating }),
    ...(storedUploads(row.fileUploads) && { attachments: storedUploads(row.fileUploads) }),
    ...(promptList(row.followUpPrompts) && { followUpPrompts: promptList(row.followUpPrompts) }),
    ...(row.createdDate && { at: row.createdDate }),
    ...producedOf(row),
    ...(row.chatId && { chatId: row.chatId }),
  };
}

/** The artifacts and file annotations of an answer (stored, streamed or answered as JSON). */
function producedOf(source: { artifacts?: unknown; fileAnnotations?: unknown }) {
  const artifacts = artifactsOf(source.artifacts);
  const fileAnnotations = fileAnnotationsOf(source.fileAnnotations);
  return { ...(artifacts && { artifacts }), ...(fileAnnotations && { fileAnnotations }) };
}

/** Follow-up prompts as the server sends them (a JSON text of a list, or the list); none when empty. */
export function promptList(value: unknown): string[] | undefined {
  const list = listOf(value);
  if (!list) return undefined;
  const prompts = list.filter((item): item is string => typeof item === 'string' && item.trim() !== '');
  return prompts.length > 0 ? prompts : undefined;
}

/** The names and types of the files a stored question carried (`fileUploads`, JSON text or list). */
function storedUploads(value: unknown): { name: string; mime: string }[] | undefined {
  const list = listOf(value);
  if (!list) return undefined;
  const files = list
    .filter(
      (item): item is { name: string; mime?: unknown } =>
        typeof item === 'object' && item !== null && typeof (item as { name?: unknown }).name === 'string',
    )
    .map((item) => ({ name: item.name, mime: typeof item.mime === 'string' ? item.mime : '' }));
  return files.length > 0 ? files : undefined;
}

/**
 * Server errors read `Error: <service>.<method> - <message>` (FLOWISE_API.md §1.9); the user sees
 * the message.
 */
export function readableError(message: string): string {
  return message.replace(/^(Error: [\w.]+ - )+/, '').trim() || 'Something went wrong while answering.';
}

/** The answer bubble after one stream event (`start`, `token`, `sourceDocuments`, …). */
export function applyStreamEvent(message: ChatMessage, { event, data }: StreamEvent): ChatMessage {
  switch (event) {
    case 'token':
      return typeof data === 'string' ? { ...message, content: message.content + data } : message;
    case 'sourceDocuments':
      return { ...message, sourceDocuments: arrayOr<SourceDocument>(data) };
    case 'usedTools':
      return { ...message, usedTools: arrayOr<UsedTool>(data) };
    case 'artifacts':
      return { ...message, ...producedOf({ artifacts: data }) };
    case 'fileAnnotations':
      return { ...message, ...producedOf({ fileAnnotations: data }) };
    case 'metadata': {
      const {
        chatMessageId: id,
        followUpPrompts,
        chatId,
      } = (data as { chatMessageId?: unknown; followUpPrompts?: unknown; chatId?: unknown } | null) ?? {};
      const prompts = promptList(followUpPrompts);
      return {
        ...message,
        ...(typeof id === 'string' && { messageId: id }),
        ...(typeof chatId === 'string' && { chatId }),
        ...(prompts && { followUpPrompts: prompts }),
      };
    }
    case 'error':
      return {
        ...message,
        status: 'error',
        error: readableError(typeof data === 'string' ? data : JSON.stringify(data)),
      };
    case 'abort':
      return { ...message, status: 'stopped' };
    case 'end':
      return message.status === 'streaming' ? { ...message, status: 'done' } : message;
    default:
      return message;
  }
}

/** The answer bubble from a JSON (non-streaming) prediction answer. */
export function applyJsonAnswer(
  message: ChatMessage,
  answer: {
    text?: unknown;
    json?: unknown;
    sourceDocuments?: unknown;
    usedTools?: unknown;
    chatMessageId?: unknown;
    followUpPrompts?: unknown;
    artifacts?: unknown;
    fileAnnotations?: unknown;
    chatId?: unknown;
  },
): ChatMessage {
  const prompts = promptList(answer.followUpPrompts);
  const content =
    typeof answer.text === 'string'
      ? answer.text
      : answer.json !== undefined
        ? '```json\n' + JSON.stringify(answer.json, null, 2) + '\n```'
        : '';
  return {
    ...message,
    content,
    sourceDocuments: arrayOr<SourceDocument>(answer.sourceDocuments),
    usedTools: arrayOr<UsedTool>(answer.usedTools),
    ...(typeof answer.chatMessageId === 'string' && { messageId: answer.chatMessageId }),
    ...(prompts && { followUpPrompts: prompts }),
    ...producedOf(answer),
    ...(typeof answer.chatId === 'string' && { chatId: answer.chatId }),
    status: 'done',
  };
}

/**
 * The questions the last answer suggests (its follow-up prompts), while no question is running: a
 * new question clears them.
 */
export function offeredFollowUps(messages: readonly ChatMessage[], busy: boolean): string[] {
  const last = messages.at(-1);
  return !busy && last?.role === 'apiMessage' ? (last.followUpPrompts ?? []) : [];
}
