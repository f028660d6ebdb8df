export const ARGUMENT_TYPES = ['string', 'number', 'boolean', 'date', 'object', 'array'] as const;
export type ArgumentType = (typeof ARGUMENT_TYPES)[number];

/** One row of a tool's argument grid (Flowise `schema` row shape). */
export interface ToolArgument {
  id: number;
  property: string;
  type: ArgumentType;
  description: string;
  required: boolean;
}

/** Reads the `schema` JSON string; unreadable text yields no rows. */
export function parseToolSchema(schema: string | null | undefined): ToolArgument[] {
  if (!schema?.trim()) return [];
  try {
    const rows = JSON.parse(schema) as unknown;
    if (!Array.isArray(rows)) return [];
    return rows.map((row: Record<string, unknown>, index) => ({
      id: index + 1,
      property: typeof row.property === 'string' ? row.property : '',
      type: (ARGUMENT_TYPES as readonly string[]).includes(row.type as string)
        ? (row.type as ArgumentType)
        : 'string',
      description: typeof row.description === 'string' ? row.description : '',
      required: row.required === true,
    }));
  } catch {
    return [];
  }
}

/** The `schema` JSON string stored with the tool. */
export function serializeToolSchema(rows: readonly ToolArgument[]): string {
  return JSON.stringify(
    rows.map((row, index) => ({
      id: index + 1,
      property: row.property.trim(),
      description: row.description,
      type: row.type,
      required: row.required,
    })),
  );
}

export const DEFAULT_TOOL_COLOR = 'linear-gradient(rgb(63,94,251), rgb(252,70,107))';

export const TOOL_COLORS = [
  DEFAULT_TOOL_COLOR,
  'linear-gradient(rgb(91,91,214), rgb(20,184,166))',
  'linear-gradient(rgb(245,158,11), rgb(239,68,68))',
  'linear-gradient(rgb(16,185,129), rgb(59,130,246))',
  'linear-gradient(rgb(236,72,153), rgb(139,92,246))',
  'linear-gradient(rgb(71,85,105), rgb(15,23,42))',
];

export const DEFAULT_TOOL_FUNC = `/*
 * Runs when an agent calls this tool. Return a string.
 * - Each argument is available as a variable named after its property, prefixed with $ (property "city" → $city).
 * - Flow details: $flow.sessionId, $flow.chatId, $flow.chatflowId, $flow.input, $flow.state
 * - Variables: $vars.<name>
 */
const city = typeof $city === 'undefined' ? 'nowhere' : $city;
return \`The weather in \${city} is sunny.\`;
`;
