import type { Assistant } from '@flowloom/shared';

/** What the list shows of an assistant, read from its details (JSON text). */
export interface AssistantSummary {
  name: string;
  instruction: string;
  model: { name: string; label: string } | null;
  toolCount: number;
  storeCount: number;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const count = (value: unknown) => (Array.isArray(value) ? value.length : 0);

/** The list's view of an assistant; damaged details read as an unnamed one. */
export function assistantSummary(assistant: Pick<Assistant, 'details'>): AssistantSummary {
  let details: Json = {};
  try {
    const parsed = JSON.parse(assistant.details) as unknown;
    if (isObject(parsed)) details = parsed;
  } catch {
    // Shown as "Unnamed assistant" below.
  }
  const model = isObject(details.chatModel) ? details.chatModel : undefined;
  const modelName = text(model?.name);
  return {
    name: text(details.name) || 'Unnamed assistant',
    instruction: text(details.instruction),
    model: modelName ? { name: modelName, label: text(model?.label) || modelName } : null,
    toolCount: count(details.tools),
    storeCount: count(details.documentStores),
  };
}
