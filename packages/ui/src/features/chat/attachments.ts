import type { UploadsConfig } from '@flowloom/shared';

/** A file chosen for the next question, read as a data URL (Flowise `uploads` item of type `file`). */
export interface Attachment {
  key: string;
  name: string;
  mime: string;
  /** `data:<mime>;base64,…` */
  data: string;
}

/** What the chat may attach, from `GET /chatflows-uploads/:id`: image types and size limit. */
export interface AttachRule {
  types: string[];
  maxBytes: number;
}

export function attachRule(config: UploadsConfig | undefined): AttachRule | undefined {
  const images = config?.isImageUploadAllowed ? config.imgUploadSizeAndTypes[0] : undefined;
  return images ? { types: images.fileTypes, maxBytes: images.maxUploadSize * 1024 * 1024 } : undefined;
}

/** At most this many files a question (the server takes ten). */
export const MAX_ATTACHMENTS = 10;

/** Why a file cannot be attached under `rule`, or undefined. */
export function attachRefusal(
  file: { name: string; type: string; size: number },
  rule: AttachRule,
): string | undefined {
  if (!rule.types.includes(file.type))
    return `${file.name} cannot be attached: this flow takes ${rule.types.map((t) => t.replace('image/', '').toUpperCase()).join(', ')} images`;
  if (file.size > rule.maxBytes)
    return `${file.name} is larger than ${Math.round(rule.maxBytes / 1024 / 1024)} MB, the most this flow takes`;
  return undefined;
}

export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

/** The request's `uploads` for the attachments. */
export function uploadsOf(attachments: readonly Attachment[]) {
  return attachments.map(({ name, mime, data }) => ({ type: 'file' as const, name, mime, data }));
}

/** A tiny id for an attachment of this page. */
let sequence = 0;
export const attachmentKey = () => `attachment-${++sequence}`;
