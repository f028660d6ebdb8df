/**
 * Rich-text values (TipTap HTML, as Flowise saves prompts) start with a block tag; the executor
 * turns them into Markdown before resolving `{{ }}` (AGENTFLOW_V2.md §0.2). Same test as the engine.
 */
const BLOCK_HTML = /^\s*<(p|div|h[1-6]|ul|ol|blockquote|pre|table)[\s>]/i;

export function isRichText(text: string): boolean {
  return BLOCK_HTML.test(text);
}

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * How a variable is written into a field: `{{ X }}` in plain text, a mention span in rich text
 * (`<span class="variable" data-type="mention" data-id="X">{{ X }}</span>`).
 */
export function variableToken(expression: string, richText: boolean): string {
  if (!richText) return `{{ ${expression} }}`;
  const safe = escapeHtml(expression);
  return `<span class="variable" data-type="mention" data-id="${safe}">{{ ${safe} }}</span>`;
}

/** A `{{` typed before the caret and not closed yet: where it starts and what follows it. */
export interface OpenTrigger {
  start: number;
  query: string;
}

/** The open `{{` the caret is in, if any (on one line, no braces typed after it). */
export function openTrigger(text: string, caret: number): OpenTrigger | null {
  const before = text.slice(0, caret);
  const start = before.lastIndexOf('{{');
  if (start < 0) return null;
  const typed = before.slice(start + 2);
  if (/[{}\n]/.test(typed) || typed.length > 80) return null;
  return { start, query: typed.trim() };
}

/**
 * `text` with the variable written over `[from, to)` (the selection, or an open `{{…` being
 * typed, whose closing `}}` right after the caret is consumed too), and the caret after it.
 * Appended to rich text, it goes into the last block rather than after it.
 */
export function insertVariable(
  text: string,
  from: number,
  to: number,
  expression: string,
  /** Written as it is instead of the `{{ }}` token (see `VariableOption.insert`). */
  literal?: string,
): { text: string; caret: number } {
  const rich = isRichText(text);
  let start = Math.max(0, Math.min(from, text.length));
  let end = Math.max(start, Math.min(to, text.length));
  // Added at the very end of rich text, the mention goes inside the last paragraph.
  const closing = rich && start === text.length ? /<\/(p|div|h[1-6]|li|blockquote)>\s*$/i.exec(text) : null;
  if (closing) start = end = closing.index;
  const token = literal ?? variableToken(expression, rich);
  let after = text.slice(end);
  if (text.slice(start, start + 2) === '{{') after = after.replace(/^\s*\}\}/, '');
  const before = text.slice(0, start);
  return { text: before + token + after, caret: before.length + token.length };
}
