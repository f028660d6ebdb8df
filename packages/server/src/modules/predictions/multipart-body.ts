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

/** Form fields that are prediction body fields; any other field is an override (below). */
const BODY_FIELDS = new Set<string>([
  ...JSON_FIELDS,
  'question',
  'streaming',
  'chatId',
  'leadEmail',
  'socketIOClientId',
  'fileName',
]);

/**
 * Form fields of a multipart prediction as the JSON body they stand for: text fields as they are
 * (`streaming: "true"` is understood), JSON-valued fields parsed. Any other field is an override
 * (`temperature=0.2` stands for `overrideConfig.temperature`, `vars` is JSON text), as Flowise reads
 * a form with files; the `overrideConfig` field, when sent too, wins. The owner's override switches
 * still decide what takes effect. Validation then runs as for JSON.
 */
export function formToPredictionBody(fields: unknown): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  const overrides: Record<string, unknown> = {};
  const form = fields && typeof fields === 'object' ? (fields as Record<string, unknown>) : {};
  for (const [name, value] of Object.entries(form)) {
    if (BODY_FIELDS.has(name)) body[name] = value;
    else if (name === 'vars' && typeof value === 'string') overrides.vars = parseJsonField(name, value);
    else overrides[name] = value;
  }
  for (const name of JSON_FIELDS) {
    const value = body[name];
    if (typeof value !== 'string') continue;
    if (value.trim() === '') {
      delete body[name];
      continue;
    }
    body[name] = parseJsonField(name, value);
  }
  if (Object.keys(overrides).length > 0) {
    const sent = body.overrideConfig;
    // A sent overrideConfig that is not an object is left for validation to refuse.
    if (sent === undefined) body.overrideConfig = overrides;
    else if (sent && typeof sent === 'object' && !Array.isArray(sent))
      body.overrideConfig = { ...overrides, ...sent };
  }
  return body;
}

function parseJsonField(name: string, value: string): unknown {
  try {
    return JSON.parse(value) as unknown;
  } catch {
    throw new AppError('BAD_REQUEST', `Form field ${name} must be JSON text`);
  }
}
