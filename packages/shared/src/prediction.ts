import { z } from 'zod';
import { jsonSizeWithin } from './rules/json-size.js';

/**
 * Per-field limits of a run request: whatever a visitor sends is stored and answered in proportion
 * to these, never more (issue 10). The whole body is also capped by FLOWLOOM_BODY_LIMIT_MB.
 */
export const PREDICTION_LIMITS = {
  questionChars: 1_000_000,
  formChars: 1_000_000,
  formFields: 100,
  historyItems: 500,
  historyChars: 2_000_000,
  overrideConfigChars: 1_000_000,
  uploads: 10,
  uploadDataChars: 10_000_000,
  feedbackChars: 100_000,
  actionChars: 100_000,
} as const;

const count = (n: number) => n.toLocaleString('en-US');

/** A JSON value of at most `max` characters as text, with a message naming the field. */
const jsonWithin = <T extends z.ZodType>(schema: T, field: string, max: number) =>
  schema.refine((value) => jsonSizeWithin(value, max), {
    message: `${field} is too large: at most ${count(max)} characters as JSON`,
  });

const historyItem = z.union([
  z.object({ role: z.enum(['userMessage', 'apiMessage']), content: z.string() }),
  // Older clients (flowise-sdk) send {type, message}.
  z.object({ type: z.enum(['userMessage', 'apiMessage']), message: z.string() }),
]);

export const uploadItem = z.object({
  type: z.enum(['file', 'url', 'audio', 'file:rag', 'file:full']),
  name: z.string().max(255),
  mime: z.string().max(255).default('application/octet-stream'),
  data: z
    .string()
    .max(PREDICTION_LIMITS.uploadDataChars, {
      message: `An upload is too large: at most ${count(PREDICTION_LIMITS.uploadDataChars)} characters of data`,
    })
    .optional(),
});

/** `POST /api/v1/prediction/:id` body (FLOWISE_API.md §1.3). Unknown fields are ignored, as Flowise does. */
export const predictionBody = z
  .object({
    question: z
      .string({ message: 'question must be a string' })
      .max(PREDICTION_LIMITS.questionChars, {
        message: `question is too long: at most ${count(PREDICTION_LIMITS.questionChars)} characters`,
      })
      .default(''),
    form: jsonWithin(
      z
        .record(z.string(), z.unknown())
        .refine((form) => Object.keys(form).length <= PREDICTION_LIMITS.formFields, {
          message: `form has too many fields: at most ${PREDICTION_LIMITS.formFields}`,
        }),
      'form',
      PREDICTION_LIMITS.formChars,
    ).optional(),
    streaming: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
    chatId: z.string({ message: 'Invalid chatId: must be a string' }).max(255).optional(),
    overrideConfig: jsonWithin(
      z.record(z.string(), z.unknown()),
      'overrideConfig',
      PREDICTION_LIMITS.overrideConfigChars,
    ).optional(),
    history: jsonWithin(
      z
        .array(historyItem, { message: 'Invalid history format: expected [{role, content}]' })
        .max(PREDICTION_LIMITS.historyItems, {
          message: `history is too long: at most ${PREDICTION_LIMITS.historyItems} messages`,
        }),
      'history',
      PREDICTION_LIMITS.historyChars,
    ).optional(),
    uploads: z
      .array(uploadItem)
      .max(PREDICTION_LIMITS.uploads, {
        message: `Too many uploads: at most ${PREDICTION_LIMITS.uploads} a message`,
      })
      .optional(),
    leadEmail: z.string().max(255).optional(),
    action: jsonWithin(z.unknown(), 'action', PREDICTION_LIMITS.actionChars).optional(),
    humanInput: z
      .object({
        type: z.enum(['proceed', 'reject']),
        startNodeId: z.string().max(255).optional(),
        feedback: z
          .string()
          .max(PREDICTION_LIMITS.feedbackChars, {
            message: `humanInput.feedback is too long: at most ${count(PREDICTION_LIMITS.feedbackChars)} characters`,
          })
          .optional(),
      })
      .optional(),
  })
  .loose();
export type PredictionBody = z.infer<typeof predictionBody>;
