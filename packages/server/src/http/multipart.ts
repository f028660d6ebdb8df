import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import { unsafeBodyError } from './body-guard.js';

/** A file of a multipart request, read into memory. */
export interface UploadedFile {
  /** The name it was sent with (UTF-8); a label only, never a path. */
  name: string;
  mime: string;
  data: Buffer;
}

const MB = 1024 * 1024;
/** The most one text field may hold (a loader's text, an override), and how many fields a form may have. */
const FIELD_LIMIT = 10 * MB;
const MAX_FIELDS = 100;

/**
 * Reads a multipart request: its text fields (checked like a JSON body) and its files. One file may
 * weigh `fileLimit` bytes, one field 10 MB, and everything together `totalLimit`, counted as it
 * arrives, so a request never holds more than that in memory; past any of them the answer is 413
 * (never a field cut short).
 */
export async function readMultipart(
  request: FastifyRequest,
  { fileLimit, totalLimit, maxFiles = 50 }: { fileLimit: number; totalLimit: number; maxFiles?: number },
): Promise<{ fields: Record<string, unknown>; files: UploadedFile[] }> {
  const fields: Record<string, unknown> = {};
  const files: UploadedFile[] = [];
  let total = 0;
  const tooMuch = (what: string) =>
    new AppError(
      'PAYLOAD_TOO_LARGE',
      `${what}; send files of at most ${Math.round(fileLimit / MB)} MB, ${Math.round(totalLimit / MB)} MB in all`,
    );
  const parts = request.parts({
    limits: {
      fileSize: fileLimit,
      files: maxFiles,
      fields: MAX_FIELDS,
      fieldSize: Math.min(totalLimit, FIELD_LIMIT),
    },
  });
  for await (const part of parts) {
    if (part.type !== 'file') {
      if (part.valueTruncated || part.fieldnameTruncated)
        throw new AppError(
          'PAYLOAD_TOO_LARGE',
          `The form field ${part.fieldname.slice(0, 100)} is too large; a field may hold ${Math.round(FIELD_LIMIT / MB)} MB`,
        );
      total += typeof part.value === 'string' ? Buffer.byteLength(part.value) : 0;
      if (total > totalLimit) throw tooMuch('This request is too large');
      fields[part.fieldname] = part.value;
      continue;
    }
    const name = Buffer.from(part.filename, 'latin1').toString('utf8');
    const pieces: Buffer[] = [];
    for await (const piece of part.file) {
      total += (piece as Buffer).length;
      if (total > totalLimit) {
        part.file.resume();
        throw tooMuch('The files of this request are too large together');
      }
      pieces.push(piece as Buffer);
    }
    if (part.file.truncated) throw tooMuch(`${name} is too large`);
    files.push({ name, mime: part.mimetype, data: Buffer.concat(pieces) });
  }
  const unsafe = unsafeBodyError(fields);
  if (unsafe) throw unsafe;
  return { fields, files };
}
