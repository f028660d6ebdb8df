import { htmlToMarkdown } from '@flowloom/engine';

const BLOCK_HTML = /^\s*<(p|div|h[1-6]|ul|ol|blockquote|pre|table)[\s>]/i;

/** Rich-text (TipTap HTML) values as the Markdown the run works on; other values unchanged. */
export function plainText(value: unknown): unknown {
  return typeof value === 'string' && BLOCK_HTML.test(value) ? htmlToMarkdown(value) : value;
}

/** A text input: '' when unset, objects as JSON. */
export function textInput(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined || value === null) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** The rows of an `array` input; the canvas stores '' for an empty one. */
export function rowsInput<T extends object>(value: unknown): T[] {
  if (Array.isArray(value)) return value.filter((v): v is T => typeof v === 'object' && v !== null);
  if (typeof value === 'string' && value.trim().startsWith('[')) {
    try {
      return rowsInput<T>(JSON.parse(value));
    } catch {
      return [];
    }
  }
  return [];
}

/** A `<name>Config` sub-form, with rich-text strings turned into plain text. */
export function configInput(value: unknown): Record<string, unknown> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plainText(v)]));
}

/** The name a node's messages carry in the run's chat history: its label in snake case. */
export function historyName(label: string, id: string): string {
  return label ? label.toLowerCase().trim().replace(/\s+/g, '_') : id;
}

/** The node's result text as state updates and later nodes read it. */
export function contentText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined || value === null) return '';
  return JSON.stringify(value, null, 2);
}
