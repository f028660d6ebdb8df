import { z } from 'zod';

const historyItem = z.union([
  z.object({ role: z.enum(['userMessage', 'apiMessage']), content: z.string() }),
  // Older clients (flowise-sdk) send {type, message}.
  z.object({ type: z.enum(['userMessage', 'apiMessage']), message: z.string() }),
]);

export const uploadItem = z.object({
  type: z.enum(['file', 'url', 'audio', 'file:rag', 'file:full']),
  name: z.string().max(255),
  mime: z.string().max(255).default('application/octet-stream'),
  data: z.string().optional(),
});

/** `POST /api/v1/prediction/:id` body (FLOWISE_API.md §1.3). Unknown fields are ignored, as Flowise does. */
export const predictionBody = z
  .object({
    question: z.string({ message: 'question must be a string' }).max(1_000_000).default(''),
    form: z.record(z.string(), z.unknown()).optional(),
    streaming: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
    chatId: z.string({ message: 'Invalid chatId: must be a string' }).max(255).optional(),
    overrideConfig: z.record(z.string(), z.unknown()).optional(),
    history: z
      .array(historyItem, { message: 'Invalid history format: expected [{role, content}]' })
      .optional(),
    uploads: z.array(uploadItem).optional(),
    leadEmail: z.string().max(255).optional(),
    action: z.unknown().optional(),
    humanInput: z
      .object({
        type: z.enum(['proceed', 'reject']),
        startNodeId: z.string().optional(),
        feedback: z.string().optional(),
      })
      .optional(),
  })
  .loose();
export type PredictionBody = z.infer<typeof predictionBody>;
