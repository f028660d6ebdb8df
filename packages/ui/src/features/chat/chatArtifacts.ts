/** Something a tool, agent or assistant produced with an answer (Flowise `artifacts`). */
export interface Artifact {
  type: string;
  data: unknown;
}

/** A file an answer cites or wrote, kept for the chat (Flowise `fileAnnotations`). */
export interface FileAnnotation {
  fileName: string;
  filePath?: string;
}

/** The chat whose kept files an answer's pictures and files are. */
export interface ChatFilesOf {
  flowId: string;
  chatId: string;
}

const STORAGE_PREFIX = 'FILE-STORAGE::';

/** The artifacts of an answer, if it is a list of them. */
export function artifactsOf(value: unknown): Artifact[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const items = value.filter(
    (item: unknown): item is Artifact =>
      typeof item === 'object' && item !== null && typeof (item as { type?: unknown }).type === 'string',
  );
  return items.length > 0 ? items : undefined;
}

/** A list the server sends as a list or as its JSON text (stored message columns); else undefined. */
export function listOf(value: unknown): unknown[] | undefined {
  let list: unknown = value;
  if (typeof value === 'string') {
    try {
      list = JSON.parse(value) as unknown;
    } catch {
      return undefined;
    }
  }
  return Array.isArray(list) ? list : undefined;
}

/** The file annotations of an answer (a list, or its JSON text), named ones only. */
export function fileAnnotationsOf(value: unknown): FileAnnotation[] | undefined {
  const items = (listOf(value) ?? []).filter(
    (item: unknown): item is FileAnnotation =>
      typeof item === 'object' &&
      item !== null &&
      typeof (item as { fileName?: unknown }).fileName === 'string' &&
      (item as { fileName: string }).fileName !== '',
  );
  return items.length > 0 ? items : undefined;
}

/** The name of a file the server keeps for the chat (`FILE-STORAGE::chart.png`), if `data` is one. */
export function storedFileName(data: unknown): string | undefined {
  return typeof data === 'string' && data.startsWith(STORAGE_PREFIX)
    ? data.slice(STORAGE_PREFIX.length)
    : undefined;
}

/** Where the server serves a file kept for a chat: in place, or as a download. */
export function chatFileUrl(files: ChatFilesOf, fileName: string, download = false): string {
  const query = new URLSearchParams({ chatflowId: files.flowId, chatId: files.chatId, fileName });
  if (download) query.set('download', 'true');
  return `/api/v1/get-upload-file?${query.toString()}`;
}
