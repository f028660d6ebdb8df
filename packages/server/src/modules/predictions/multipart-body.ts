import type { MultipartFile } from '@fastify/multipart';
import { AppError } from '../../errors.js';

/** Fields whose form value is JSON text of an object or array (a JSON body carries them as such). */
const JSON_FIELDS = ['overrideConfig', 'history', 'uploads', 'form', 'humanInput', 'action'] as const;

export const FILE_PART_REFUSAL =
  'File uploads to flows arrive with document loaders; send uploads as base64 `uploads`';

/**
 * Files sent to a flow in Flowise end up in a document loader of that flow; Flowloom has no file
 * storage nor such loaders yet, so a file part is refused instead of being silently dropped. Images
 * and already-extracted text travel in the `uploads` field (JSON body or form field).
 */
export function rejectFilePart(part: MultipartFile): Promise<void> {
  part.file.resume();
  return Promise.reject(
    new AppError(
      'BAD_REQUEST',
      `${FILE_PART_REFUSAL} (got file field "${part.fieldname}": ${part.filename})`,
    ),
  );
}

/**
 * Form fields of a multipart prediction as the JSON body they stand for: text fields as they are
 * (`streaming: "true"` is understood), JSON-valued fields parsed. Validation then runs as for JSON.
 */
export function formToPredictionBody(fields: unknown): Record<string, unknown> {
  const body: Record<string, unknown> = {
    ...(fields && typeof fields === 'object' ? (fields as Record<string, unknown>) : {}),
  };
  for (const name of JSON_FIELDS) {
    const value = body[name];
    if (typeof value !== 'string') continue;
    if (value.trim() === '') {
      delete body[name];
      continue;
    }
    try {
      body[name] = JSON.parse(value) as unknown;
    } catch {
      throw new AppError('BAD_REQUEST', `Form field ${name} must be JSON text`);
    }
  }
  return body;
}
