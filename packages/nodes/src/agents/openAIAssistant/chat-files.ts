import type { FileAnnotation, RunContext } from '@flowloom/engine';
import type OpenAI from 'openai';

/** Largest file an answer may bring into the chat's files. */
const MAX_CHAT_FILE_BYTES = 20 * 1024 * 1024;

const MIME_BY_EXTENSION: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  csv: 'text/csv',
  txt: 'text/plain',
  json: 'application/json',
  pdf: 'application/pdf',
  md: 'text/markdown',
};

/** The name a file keeps in the chat: its last path segment (OpenAI's may contain `/mnt/data/…`). */
function baseName(name: string): string {
  return name.split(/[/\\]/).pop()?.trim() || 'file';
}

/**
 * Brings the files an assistant's answer cites, writes or draws from OpenAI into the chat's files
 * (each once per answer), so the chat can show pictures and offer the files for download. With
 * downloads disabled, cited and written files are not kept (pictures still are: they are part of
 * the answer people see).
 */
export class ChatFileKeeper {
  private readonly kept = new Map<string, Promise<FileAnnotation | undefined>>();

  constructor(
    private readonly client: OpenAI,
    private readonly run: RunContext,
    private readonly signal: AbortSignal,
    private readonly downloadsDisabled: boolean,
  ) {}

  /**
   * Keeps the file (`extension` is added when its name has none, as pictures come unnamed). A file
   * that cannot be kept never fails the answer: OpenAI refuses to hand out the files people uploaded
   * for assistants (a cited document), so those are named without a download (`filePath` empty).
   */
  keep(fileId: string, extension?: string): Promise<FileAnnotation | undefined> {
    if (this.downloadsDisabled && !extension) return Promise.resolve(undefined);
    let pending = this.kept.get(fileId);
    if (!pending) {
      pending = this.download(fileId, extension).catch((error: unknown) => {
        this.signal.throwIfAborted();
        this.run.services.logger.warn('could not keep a file of an assistant answer', {
          fileId,
          reason: error instanceof Error ? error.message : String(error),
        });
        return undefined;
      });
      this.kept.set(fileId, pending);
    }
    return pending;
  }

  private async download(fileId: string, extension?: string): Promise<FileAnnotation | undefined> {
    const save = this.run.services.files.saveChatFile?.bind(this.run.services.files);
    const meta = await this.client.files.retrieve(fileId, { signal: this.signal });
    let name = baseName(meta.filename);
    if (extension && !name.toLowerCase().endsWith(`.${extension}`)) name = `${name}.${extension}`;
    const named = { fileName: name, filePath: '' };
    if (!save || !this.run.chatId) return named;
    if (meta.bytes > MAX_CHAT_FILE_BYTES) {
      this.run.services.logger.warn('assistant file too large to keep', { fileId, bytes: meta.bytes });
      return named;
    }
    let data: Uint8Array;
    try {
      const content = await this.client.files.content(fileId, { signal: this.signal });
      data = new Uint8Array(await content.arrayBuffer());
    } catch (error) {
      this.signal.throwIfAborted();
      // Uploaded documents (purpose "assistants") cannot be downloaded from OpenAI: named only.
      if ((error as { status?: unknown }).status === 400 || (error as { status?: unknown }).status === 403)
        return named;
      throw error;
    }
    const mime = MIME_BY_EXTENSION[name.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';
    const stored = await save(this.run.chatId, { name, mime, data });
    return { fileName: stored, filePath: stored };
  }
}
