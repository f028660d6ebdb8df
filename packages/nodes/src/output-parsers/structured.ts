import type { z } from 'zod';
import type { NodeParam } from '@flowloom/shared';
import type { OutputParserHandle } from './parser.js';
import { toJsonSchema } from './zod-dsl.js';

/** Flowise's Autofix toggle, shared by every output parser. */
export const autofixInput: NodeParam = {
  label: 'Autofix',
  name: 'autofixParser',
  type: 'boolean',
  optional: true,
  description:
    'In the event that the first call fails, will make another call to the model to fix any errors.',
};

/** Base classes of every output parser (what LLM Chain's Output Parser input accepts). */
export const OUTPUT_PARSER_BASE_CLASSES = ['BaseLLMOutputParser', 'Runnable'];

/** The answer without a surrounding Markdown code fence (models add them even when told not to). */
export function stripCodeFence(text: string): string {
  const fenced = /```[\w-]*\s*\n?([\s\S]*?)```/.exec(text);
  return (fenced ? fenced[1]! : text).trim();
}

/** The JSON value in a model's answer: a fenced block, the whole answer, or its first {…} / […]. */
export function extractJson(text: string): unknown {
  const body = stripCodeFence(text);
  const start = body.search(/[[{]/);
  const candidates = [
    body,
    start >= 0 ? body.slice(start, Math.max(body.lastIndexOf('}'), body.lastIndexOf(']')) + 1) : '',
  ];
  let failure = 'the answer holds no JSON';
  for (const candidate of candidates) {
    if (!candidate) continue;
    try {
      return JSON.parse(candidate) as unknown;
    } catch (error) {
      failure = (error as Error).message;
    }
  }
  throw new Error(`The answer is not valid JSON (${failure}): ${text.slice(0, 200)}`);
}

/** Tells the model to answer with JSON matching a schema (shown as JSON Schema). */
export function jsonFormatInstructions(schema: Record<string, unknown>): string {
  return [
    'Answer only with a JSON value that conforms to the JSON Schema below, inside a ```json code block, with no other text.',
    'The schema describes the value; do not answer with the schema itself. For example, for the schema {"type":"object","properties":{"colors":{"type":"array","items":{"type":"string"}}},"required":["colors"]} the answer {"colors":["red","blue"]} is right, while {"properties":{"colors":["red","blue"]}} is wrong.',
    '',
    'JSON Schema:',
    '```json',
    JSON.stringify(schema),
    '```',
  ].join('\n');
}

/** Readable zod issues: `genres: Too big: expected array to have <=2 items; year: …`. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : 'value'}: ${issue.message}`)
    .join('; ');
}

/** An output parser that reads JSON from the answer and checks it against a zod schema. */
export function structuredParser(schema: z.ZodType, autofix: boolean): OutputParserHandle {
  const instructions = jsonFormatInstructions(toJsonSchema(schema));
  return {
    kind: 'outputParser',
    autofix,
    formatInstructions: () => instructions,
    parse(text) {
      return new Promise((resolve) => {
        const result = schema.safeParse(extractJson(text));
        if (!result.success)
          throw new Error(`The answer does not have the expected structure: ${describeIssues(result.error)}`);
        resolve(result.data);
      });
    },
  };
}
