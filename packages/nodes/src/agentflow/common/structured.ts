import type { JSONSchema7 } from 'ai';
import { rowsInput, textInput } from './values.js';

type Row = {
  key?: unknown;
  type?: unknown;
  enumValues?: unknown;
  jsonSchema?: unknown;
  description?: unknown;
};

function itemSchema(text: string, key: string): JSONSchema7 {
  if (!text.trim()) return { type: 'object' };
  try {
    const properties = JSON.parse(text) as Record<string, JSONSchema7>;
    return { type: 'object', properties, required: Object.keys(properties) };
  } catch {
    throw new Error(`The JSON schema of structured output "${key}" is not valid JSON`);
  }
}

/**
 * The JSON schema of a "JSON Structured Output" table (LLM and Agent nodes), or undefined when the
 * table is empty. Every key is required.
 */
export function structuredOutputSchema(value: unknown): JSONSchema7 | undefined {
  const rows = rowsInput<Row>(value).filter((r) => textInput(r.key).trim() !== '');
  if (rows.length === 0) return undefined;
  const properties: Record<string, JSONSchema7> = {};
  for (const row of rows) {
    const key = textInput(row.key).trim();
    const description = textInput(row.description).trim();
    const described = description ? { description } : {};
    switch (row.type) {
      case 'stringArray':
        properties[key] = { type: 'array', items: { type: 'string' }, ...described };
        break;
      case 'number':
        properties[key] = { type: 'number', ...described };
        break;
      case 'boolean':
        properties[key] = { type: 'boolean', ...described };
        break;
      case 'enum': {
        const values = textInput(row.enumValues)
          .split(',')
          .map((v) => v.trim())
          .filter(Boolean);
        properties[key] = { type: 'string', ...(values.length > 0 && { enum: values }), ...described };
        break;
      }
      case 'jsonArray':
        properties[key] = { type: 'array', items: itemSchema(textInput(row.jsonSchema), key), ...described };
        break;
      default:
        properties[key] = { type: 'string', ...described };
    }
  }
  return { type: 'object', properties, required: Object.keys(properties), additionalProperties: false };
}
