import type { NodeType } from '@flowloom/engine';
import { booleanInput } from '../../llm/chat-model.js';
import { badgeIcon } from '../../utilities/icons.js';
import type { OutputParserHandle } from '../parser.js';
import { autofixInput, OUTPUT_PARSER_BASE_CLASSES, structuredParser } from '../structured.js';
import { parseZodDsl } from '../zod-dsl.js';

export const DEFAULT_ZOD_SCHEMA = `z.object({
    title: z.string(), // Title of the movie as a string
    yearOfRelease: z.number().int(), // Release year as an integer number,
    genres: z.enum([
        "Action", "Comedy", "Drama", "Fantasy", "Horror",
        "Mystery", "Romance", "Science Fiction", "Thriller", "Documentary"
    ]).array().max(2), // Array of genres, max of 2 from the defined enum
    shortDescription: z.string().max(500) // Short description, max 500 characters
})`;

export const advancedStructuredOutputParser: NodeType = {
  icon: badgeIcon('Z', '#8d6e63'),
  definition: {
    label: 'Advanced Structured Output Parser',
    name: 'advancedStructuredOutputParser',
    version: 1,
    type: 'AdvancedStructuredOutputParser',
    category: 'Output Parsers',
    baseClasses: ['AdvancedStructuredOutputParser', ...OUTPUT_PARSER_BASE_CLASSES],
    description: 'Parse the output of an LLM call into a given structure by providing a Zod schema.',
    inputs: [
      autofixInput,
      {
        label: 'Example JSON',
        name: 'exampleJson',
        type: 'string',
        description: 'Zod schema for the output of the model (read, never run)',
        rows: 10,
        default: DEFAULT_ZOD_SCHEMA,
      },
    ],
  },
  init(ctx): OutputParserHandle {
    const text = typeof ctx.inputs.exampleJson === 'string' ? ctx.inputs.exampleJson : DEFAULT_ZOD_SCHEMA;
    let schema;
    try {
      schema = parseZodDsl(text);
    } catch (error) {
      throw new Error(`Example JSON is not a schema this parser understands: ${(error as Error).message}`, {
        cause: error,
      });
    }
    return structuredParser(schema, booleanInput(ctx.inputs.autofixParser, false));
  },
};
