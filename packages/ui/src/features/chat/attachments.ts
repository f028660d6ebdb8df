import type { UploadsConfig } from '@flowloom/shared';

/**
 * A file chosen for the next question. An `image` goes with the question as a data URL (Flowise
 * `uploads` item of type `file`). A `rag` file is first loaded into the flow's vector store for this
 * chat, then named in the question's `uploads` as type `file:rag` without its content.
 */
export interface Attachment {
  key: string;
  name: string;
  mime: string;
  kind: 'image' | 'rag';
  /** `data:<mime>;base64,…` of an image; empty for a file to search. */
  data: string;
  /** The picked file of a `rag` attachment, sent to the vector store before the question. */
  file?: File;
}

/** File types (image MIME types, or extensions such as `.txt`, `*` for any) and the largest size. */
export interface AttachLimit {
  types: string[];
  maxBytes: number;
}

/**
 * What the chat may attach, from `GET /chatflows-uploads/:id`: images when a model takes them, files
 * to search when a vector store with File Upload on is fed by a file loader (RAG uploads).
 */
export interface AttachRule {
  images?: AttachLimit;
  files?: AttachLimit;
}

const MB = 1024 * 1024;

export function attachRule(config: UploadsConfig | undefined): AttachRule | undefined {
  const images = config?.isImageUploadAllowed ? config.imgUploadSizeAndTypes[0] : undefined;
  const files = config?.isRAGFileUploadAllowed ? config.fileUploadSizeAndTypes[0] : undefined;
  if (!images && !files) return undefined;
  return {
    ...(images && { images: { types: images.fileTypes, maxBytes: images.maxUploadSize * MB } }),
    ...(files && { files: { types: files.fileTypes, maxBytes: files.maxUploadSize * MB } }),
  };
}

/** At most this many files a question (the server takes ten). */
export const MAX_ATTACHMENTS = 10;

/** How many file types a refusal names before it sums up the rest. */
const TYPES_NAMED = 6;

const takesAnyFile = (limit: AttachLimit) => limit.types.includes('*');

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot).toLowerCase() : '';
}

function fileTypeMatches(name: string, limit: AttachLimit): boolean {
  if (takesAnyFile(limit)) return true;
  const extension = extensionOf(name);
  return extension !== '' && limit.types.some((type) => type.trim().toLowerCase() === extension);
}

/** The file input's `accept`: the image types and file extensions the flow takes; any when it takes any file. */
export function acceptOf(rule: AttachRule): string | undefined {
  if (rule.files && takesAnyFile(rule.files)) return undefined;
  return [...(rule.images?.types ?? []), ...(rule.files?.types ?? [])].join(',');
}

function namedTypes(types: readonly string[]): string {
  const named = types.slice(0, TYPES_NAMED).join(', ');
  return types.length > TYPES_NAMED ? `${named} and ${types.length - TYPES_NAMED} more` : named;
}

/** What the flow takes, in words: "PNG, JPEG images and .txt, .md files". */
function takenWords(rule: AttachRule): string {
  const parts: string[] = [];
  if (rule.images)
    parts.push(`${rule.images.types.map((t) => t.replace('image/', '').toUpperCase()).join(', ')} images`);
  if (rule.files) parts.push(`${namedTypes(rule.files.types)} files`);
  return parts.join(' and ');
}

const tooLarge = (name: string, limit: AttachLimit) =>
  `${name} is larger than ${Math.round(limit.maxBytes / MB)} MB, the most this flow takes`;

/** What a file becomes under `rule`: an image, a file to search, or why it cannot be attached. */
export function attachKind(
  file: { name: string; type: string; size: number },
  rule: AttachRule,
): { kind: Attachment['kind'] } | { refusal: string } {
  if (rule.images?.types.includes(file.type))
    return file.size > rule.images.maxBytes
      ? { refusal: tooLarge(file.name, rule.images) }
      : { kind: 'image' };
  if (rule.files && fileTypeMatches(file.name, rule.files))
    return file.size > rule.files.maxBytes ? { refusal: tooLarge(file.name, rule.files) } : { kind: 'rag' };
  return { refusal: `${file.name} cannot be attached: this flow takes ${takenWords(rule)}` };
}

export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

/** The request's `uploads` for the attachments: images with their data, files to search by name only. */
export function uploadsOf(attachments: readonly Attachment[]) {
  return attachments.map(({ kind, name, mime, data }) =>
    kind === 'rag'
      ? { type: 'file:rag' as const, name, mime, data: '' }
      : { type: 'file' as const, name, mime, data },
  );
}

/** The files to load into the vector store before the question goes out. */
export function ragFilesOf(attachments: readonly Attachment[]): File[] {
  return attachments.flatMap((item) => (item.kind === 'rag' && item.file ? [item.file] : []));
}

/** A tiny id for an attachment of this page. */
let sequence = 0;
export const attachmentKey = () => `attachment-${++sequence}`;
