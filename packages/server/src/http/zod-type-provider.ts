import type { FastifySchemaCompiler, FastifyTypeProvider } from 'fastify';
import { z } from 'zod';
import { AppError } from '../errors.js';

/** Lets handlers see the zod-parsed types of `body`, `querystring` and `params`. */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
}

/** One readable sentence from a zod error: the first problem, prefixed with its field path. */
export function describeZodError(error: z.ZodError, part: string): string {
  const issue = error.issues[0];
  if (!issue) return `Invalid ${part}`;
  const path = issue.path.join('.');
  // zod's own messages start with "Invalid input"; a schema's custom message is used as written.
  const custom = !issue.message.startsWith('Invalid input');
  if (issue.code === 'invalid_type' && !custom && /received undefined/.test(issue.message)) {
    return path ? `${path} is required` : `Request ${part} is required`;
  }
  if (custom && issue.code === 'invalid_type') return issue.message;
  if (issue.code === 'invalid_type') {
    // "Invalid input: expected number, received NaN" reads better as "limit must be a number".
    const subject = path || `Request ${part}`;
    const noun = issue.expected === 'object' && !path ? 'JSON object' : issue.expected;
    return `${subject} must be ${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;
  }
  if (issue.code === 'unrecognized_keys') {
    return `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}`;
  }
  // A schema's own sentence that starts with a capital names its field by its label ("Key name must
  // not…"): used as written. zod's defaults ("Too small: …") and lowercase notes get the field path.
  const sentence =
    !/^(Invalid|Too (small|big)|Unrecognized)\b/.test(issue.message) && /^\p{Lu}/u.test(issue.message);
  return path && !sentence && !issue.message.toLowerCase().startsWith(path.toLowerCase())
    ? `${path}: ${issue.message}`
    : issue.message;
}

/** Validates request parts with the zod schema declared on the route; parsed values replace the raw ones. */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart }) => {
  return (data: unknown) => {
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    return { error: new AppError('BAD_REQUEST', describeZodError(result.error, httpPart ?? 'body')) };
  };
};

/** Turns route zod schemas into JSON Schema for the OpenAPI document. */
export function zodToJsonSchema(schema: unknown): unknown {
  if (!(schema instanceof z.ZodType)) return schema;
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  } catch {
    return {};
  }
}
