import { objectInput } from '../llm/chat-model.js';

/**
 * A metadata filter input in the store's own filter language (JSON text or an object, already
 * resolved for variables): the object, or undefined when empty. Its contents go to the store as
 * they are; the store says what it does not understand.
 */
export function storeFilterInput(value: unknown, inputLabel: string): Record<string, unknown> | undefined {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === ''))
    return undefined;
  let filter: Record<string, unknown> | undefined;
  try {
    filter = objectInput(value);
  } catch {
    throw new Error(
      `${inputLabel} is not valid JSON: ${(typeof value === 'string' ? value : JSON.stringify(value)).slice(0, 80)}`,
    );
  }
  if (!filter) throw new Error(`${inputLabel} must be a JSON object, e.g. {"source": "a.pdf"}`);
  return Object.keys(filter).length > 0 ? filter : undefined;
}

/**
 * Both filters, in the `$and` language Pinecone, Chroma and the embedded store share; either alone
 * when the other is unset. Nesting keeps each whole (an `$or` of one never widens the other).
 */
export function allOf(
  a: Record<string, unknown> | undefined,
  b: Record<string, unknown> | undefined,
): Record<string, unknown> | undefined {
  return a && b ? { $and: [a, b] } : (a ?? b);
}
