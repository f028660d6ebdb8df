/**
 * The shape an imported bundle must have (FLOWISE_API.md §6.2). Each section is a list of rows;
 * fields Flowise writes that we do not keep (`deployed`, `apikeyid`, `agentflow`, …) are ignored,
 * fields we need are checked, and the first problem is reported with its place in the file
 * (`ChatFlow[3].flowData must be a JSON object`).
 */
import { EXPORT_BUNDLE_KEYS, type ExportBundleKey } from '@flowloom/shared';
import { z } from 'zod';
import { AppError } from '../../errors.js';

const id = z.string().min(1, 'must not be empty').max(255, 'must be at most 255 characters');
const name = z.string().min(1, 'must not be empty').max(255, 'must be at most 255 characters');
const shortText = z.string().max(255, 'must be at most 255 characters');

/** A JSON-text column: text is kept, an object or list (a raw Flowise row) becomes its JSON text. */
const jsonText = z
  .unknown()
  .optional()
  .transform((value) =>
    value === undefined || value === null ? null : typeof value === 'string' ? value : JSON.stringify(value),
  );

const optionalText = z
  .string()
  .nullable()
  .optional()
  .transform((value) => value ?? null);

/** A date as Flowise writes it (ISO text); stored as ISO text, missing ones become the import time. */
const date = z
  .union([z.string(), z.number()])
  .nullable()
  .optional()
  .refine(
    (value) => value === null || value === undefined || !Number.isNaN(new Date(value).getTime()),
    'is not a date',
  )
  .transform((value) => (value === null || value === undefined ? null : new Date(value).toISOString()));

const flowData = z.string().refine((text) => {
  try {
    const parsed = JSON.parse(text) as unknown;
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed);
  } catch {
    return false;
  }
}, 'must be the JSON text of an object');

const flowRow = z.object({
  id,
  name,
  flowData,
  category: optionalText,
  chatbotConfig: jsonText,
  apiConfig: jsonText,
  analytic: jsonText,
  speechToText: jsonText,
  textToSpeech: jsonText,
  followUpPrompts: jsonText,
  createdDate: date,
  updatedDate: date,
});

const assistantRow = z.object({
  id,
  details: z
    .union([z.string(), z.record(z.string(), z.unknown())])
    .transform((v) => (typeof v === 'string' ? v : JSON.stringify(v))),
  credential: optionalText,
  iconSrc: optionalText,
  createdDate: date,
  updatedDate: date,
});

const messageRow = z.object({
  id,
  role: z.enum(['userMessage', 'apiMessage'], { message: 'must be "userMessage" or "apiMessage"' }),
  chatflowid: id,
  executionId: optionalText,
  content: z.string(),
  sourceDocuments: jsonText,
  usedTools: jsonText,
  fileAnnotations: jsonText,
  agentReasoning: jsonText,
  reasonContent: jsonText,
  fileUploads: jsonText,
  artifacts: jsonText,
  action: jsonText,
  chatType: shortText,
  chatId: id,
  memoryType: optionalText,
  sessionId: optionalText,
  leadEmail: optionalText,
  followUpPrompts: jsonText,
  createdDate: date,
});

const feedbackRow = z.object({
  id,
  chatflowid: id,
  chatId: id,
  messageId: id,
  rating: z
    .enum(['THUMBS_UP', 'THUMBS_DOWN'], { message: 'must be "THUMBS_UP" or "THUMBS_DOWN"' })
    .nullable()
    .optional()
    .transform((value) => value ?? null),
  content: optionalText,
  createdDate: date,
});

const customTemplateRow = z.object({
  id,
  name,
  flowData: z.string().optional(),
  description: optionalText,
  badge: optionalText,
  framework: jsonText,
  usecases: jsonText,
  type: optionalText,
  iconSrc: optionalText,
  schema: optionalText,
  func: optionalText,
  createdDate: date,
  updatedDate: date,
});

const documentStoreRow = z.object({
  id,
  name,
  description: optionalText,
  loaders: jsonText,
  whereUsed: jsonText,
  status: shortText.optional(),
  vectorStoreConfig: jsonText,
  embeddingConfig: jsonText,
  recordManagerConfig: jsonText,
  createdDate: date,
  updatedDate: date,
});

const chunkRow = z.object({
  id,
  docId: id,
  storeId: id,
  chunkNo: z.number().int('must be a whole number'),
  pageContent: z.string(),
  metadata: jsonText,
});

const executionRow = z.object({
  id,
  executionData: z
    .union([z.string(), z.array(z.unknown())])
    .transform((v) => (typeof v === 'string' ? v : JSON.stringify(v))),
  state: shortText,
  agentflowId: id,
  sessionId: shortText,
  action: jsonText,
  isPublic: z
    .union([z.boolean(), z.number()])
    .nullable()
    .optional()
    .transform((v) => (v === null || v === undefined ? null : v ? 1 : 0)),
  stoppedDate: date,
  stoppedReason: optionalText,
  createdDate: date,
  updatedDate: date,
});

const toolRow = z.object({
  id,
  name,
  description: z.string().nullable().optional(),
  color: z.string().max(64).nullable().optional(),
  iconSrc: optionalText,
  schema: jsonText,
  func: optionalText,
  createdDate: date,
  updatedDate: date,
});

const variableRow = z.object({
  id,
  name,
  value: z
    .union([z.string(), z.number(), z.boolean()])
    .nullable()
    .optional()
    .transform((v) => (v === null || v === undefined ? '' : String(v))),
  type: z.string().max(32).nullable().optional(),
  createdDate: date,
  updatedDate: date,
});

const SECTION_ROWS = {
  AgentFlow: flowRow,
  AgentFlowV2: flowRow,
  AssistantFlow: flowRow,
  AssistantCustom: assistantRow,
  AssistantOpenAI: assistantRow,
  AssistantAzure: assistantRow,
  ChatFlow: flowRow,
  ChatMessage: messageRow,
  ChatMessageFeedback: feedbackRow,
  CustomTemplate: customTemplateRow,
  DocumentStore: documentStoreRow,
  DocumentStoreFileChunk: chunkRow,
  Execution: executionRow,
  Tool: toolRow,
  Variable: variableRow,
} satisfies Record<ExportBundleKey, z.ZodType>;

export type ImportBundle = { [K in ExportBundleKey]: z.output<(typeof SECTION_ROWS)[K]>[] };
export type FlowImportRow = z.output<typeof flowRow>;

/** Keys a bundle may carry besides its sections (the export answer's file name). */
const IGNORED_KEYS = new Set(['FileDefaultName']);

/**
 * Checks a parsed bundle and returns its rows, every section present (missing ones are empty).
 * Throws a 400 naming the first problem: not an object, an unknown section, a section that is not a
 * list, or a row with a missing or wrongly typed field.
 */
export function parseImportBundle(body: unknown): ImportBundle {
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw invalid(`the file must hold a JSON object with the sections ${EXPORT_BUNDLE_KEYS.join(', ')}`);
  const unknown = Object.keys(body).filter(
    (key) => !IGNORED_KEYS.has(key) && !(EXPORT_BUNDLE_KEYS as readonly string[]).includes(key),
  );
  if (unknown.length > 0)
    throw invalid(
      `unknown section${unknown.length > 1 ? 's' : ''} ${unknown.map((k) => `"${k.slice(0, 64)}"`).join(', ')} (expected ${EXPORT_BUNDLE_KEYS.join(', ')})`,
    );
  const bundle: Record<string, unknown[]> = {};
  for (const key of EXPORT_BUNDLE_KEYS) {
    const rows = (body as Record<string, unknown>)[key];
    if (rows === undefined || rows === null) {
      bundle[key] = [];
      continue;
    }
    if (!Array.isArray(rows)) throw invalid(`${key} must be a list of rows`);
    const schema = SECTION_ROWS[key];
    const parsed: unknown[] = new Array(rows.length);
    for (let i = 0; i < rows.length; i++) {
      const result = schema.safeParse(rows[i]);
      if (!result.success) throw invalid(rowProblem(key, i, result.error));
      parsed[i] = result.data;
    }
    bundle[key] = parsed;
  }
  return bundle as ImportBundle;
}

function rowProblem(section: string, index: number, error: z.ZodError): string {
  const issue = error.issues[0];
  const where = `${section}[${index}]`;
  if (!issue) return `${where} is not valid`;
  if (issue.path.length === 0) return `${where} must be an object`;
  const field = `${where}.${issue.path.map(String).join('.')}`;
  if (issue.code === 'invalid_type')
    return /received undefined/.test(issue.message)
      ? `${field} is required`
      : `${field} must be a ${issue.expected}`;
  return `${field} ${issue.message.replace(/^Invalid input: /, '')}`;
}

const invalid = (problem: string) => new AppError('BAD_REQUEST', `Invalid Imported File: ${problem}`);
