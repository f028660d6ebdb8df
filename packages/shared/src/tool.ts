import { z } from 'zod';

/** A custom tool (Flowise shape: `schema` is a JSON string of the argument rows). */
export interface Tool {
  id: string;
  name: string;
  description: string;
  color: string;
  iconSrc: string | null;
  schema: string | null;
  func: string | null;
  workspaceId: string;
  createdDate: string;
  updatedDate: string;
}

export const toolSchemaRow = z.object({
  id: z.union([z.string(), z.number()]).optional(),
  property: z.string().trim().min(1, 'Each argument needs a property name'),
  description: z.string().default(''),
  type: z.enum(['string', 'number', 'boolean', 'date', 'object', 'array'], {
    message: 'Argument type must be string, number, boolean, date, object or array',
  }),
  required: z.boolean().default(false),
});

/** `schema` must be a JSON string of argument rows (or empty). */
const toolSchemaText = z
  .string()
  .nullable()
  .superRefine((text, ctx) => {
    if (text === null || text.trim() === '') return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'Input schema must be valid JSON' });
      return;
    }
    const result = z.array(toolSchemaRow).safeParse(parsed);
    if (!result.success) {
      ctx.addIssue({
        code: 'custom',
        message: `Input schema: ${result.error.issues[0]?.message ?? 'invalid'}`,
      });
    }
  });

/** Tool names become function names offered to models: letters, digits, `_` and `-`. */
const toolName = z
  .string()
  .trim()
  .min(1, 'Tool name is required')
  .max(64, 'Tool name must be at most 64 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'Tool name may contain only letters, digits, "_" and "-"');

export const createToolBody = z.object({
  name: toolName,
  description: z.string().trim().min(1, 'Tool description is required').max(4000),
  color: z.string().max(64).default('linear-gradient(rgb(63,94,251), rgb(252,70,107))'),
  iconSrc: z.string().max(2048).nullable().optional(),
  schema: toolSchemaText.optional(),
  func: z.string().max(200_000).nullable().optional(),
});
export const updateToolBody = createToolBody.partial();
export type CreateToolBody = z.infer<typeof createToolBody>;
export type UpdateToolBody = z.infer<typeof updateToolBody>;
