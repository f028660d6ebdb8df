import { z } from 'zod';

export const VARIABLE_TYPES = ['static', 'runtime'] as const;
export type VariableType = (typeof VARIABLE_TYPES)[number];

export interface Variable {
  id: string;
  name: string;
  value: string;
  type: VariableType;
  workspaceId: string;
  createdDate: string;
  updatedDate: string;
}

/** Variable names are referenced as `{{$vars.NAME}}`, so they must be identifier-like. */
const variableName = z
  .string()
  .trim()
  .min(1, 'Variable name is required')
  .max(255)
  .regex(
    /^[A-Za-z_][A-Za-z0-9_]*$/,
    'Variable name may contain only letters, digits and underscores, and must not start with a digit',
  );

export const createVariableBody = z.object({
  name: variableName,
  value: z.string().max(100_000).default(''),
  type: z.enum(VARIABLE_TYPES, { message: 'Type must be "static" or "runtime"' }).default('static'),
});
export const updateVariableBody = createVariableBody.partial();
export type CreateVariableBody = z.infer<typeof createVariableBody>;
export type UpdateVariableBody = z.infer<typeof updateVariableBody>;
