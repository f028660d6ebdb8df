/**
 * What a prompt node builds. Templates use single-brace variables (`{text}`, `{context}`); `{{` and
 * `}}` stand for literal braces. `values` come from the node's Format Prompt Values.
 */
export interface PromptHandle {
  kind: 'prompt';
  system?: string;
  human: string;
  values: Record<string, unknown>;
}

export function isPrompt(value: unknown): value is PromptHandle {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'prompt';
}

const VARIABLE = /\{\{|\}\}|\{([A-Za-z_][\w-]*)\}/g;

/** Variable names a template uses, in order of first use. */
export function templateVariables(template: string): string[] {
  const names: string[] = [];
  for (const match of template.matchAll(VARIABLE)) {
    if (match[1] && !names.includes(match[1])) names.push(match[1]);
  }
  return names;
}

function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

export function renderTemplate(template: string, values: Record<string, unknown>): string {
  return template.replace(VARIABLE, (match, name: string | undefined) => {
    if (match === '{{') return '{';
    if (match === '}}') return '}';
    return name !== undefined && name in values ? asText(values[name]) : match;
  });
}

/** Parses Format Prompt Values (an object, or JSON text of one). */
export function promptValues(value: unknown): Record<string, unknown> {
  if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  if (typeof value !== 'string' || value.trim() === '') return {};
  try {
    const parsed = JSON.parse(value) as unknown;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      return parsed as Record<string, unknown>;
  } catch {
    // fall through to the error
  }
  throw new Error('Format Prompt Values must be a JSON object, e.g. {"context": "{{question}}"}');
}

/**
 * The messages of a prompt for one question: variables the prompt's values do not give are filled
 * with the question (so `Answer: {text}` just works).
 */
export function formatPrompt(
  prompt: PromptHandle,
  question: string,
  extra: Record<string, unknown> = {},
): { system?: string; human: string } {
  const values: Record<string, unknown> = { ...prompt.values, ...extra };
  const used = [...templateVariables(prompt.system ?? ''), ...templateVariables(prompt.human)];
  for (const name of used) if (!(name in values)) values[name] = question;
  return {
    ...(prompt.system !== undefined && { system: renderTemplate(prompt.system, values) }),
    human: renderTemplate(prompt.human, values),
  };
}
