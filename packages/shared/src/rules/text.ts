import { z } from 'zod';

/**
 * Text hygiene shared by the API schemas and the server's body guard. Names are shown in lists,
 * headers and exports: they hold no control characters. No text anywhere holds a NUL (PostgreSQL
 * refuses it) or half of a UTF-16 surrogate pair (it is not a character and would be stored as
 * U+FFFD, changing what was sent).
 */

// Unpaired high surrogate, or low surrogate not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// eslint-disable-next-line no-control-regex -- control characters are what this finds
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;

/** Why a string may not be stored as any text (NUL, lone surrogate), or undefined when it may. */
export function unsafeTextReason(text: string): string | undefined {
  if (text.includes('\u0000')) return 'contains a NUL character';
  if (LONE_SURROGATE.test(text)) return 'contains half of a surrogate pair (not a character)';
  return undefined;
}

/** Why a string may not be a name (control characters, line breaks, NUL, lone surrogate), or undefined. */
export function unsafeNameReason(text: string): string | undefined {
  if (CONTROL.test(text)) return 'must not contain control characters or line breaks';
  if (LONE_SURROGATE.test(text)) return 'must not contain half of a surrogate pair';
  return undefined;
}

/**
 * The deepest nesting of objects and arrays in a JSON text, found by scanning its brackets outside
 * strings (no parse, no recursion), stopping once `max` is passed. Malformed text gives a depth too:
 * validity is checked separately.
 */
export function jsonTextDepthWithin(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 92 /* \ */) i++;
      else if (code === 34 /* " */) inString = false;
    } else if (code === 34) inString = true;
    else if (code === 123 /* { */ || code === 91 /* [ */) {
      if (++depth > max) return false;
    } else if (code === 125 /* } */ || code === 93 /* ] */) depth--;
  }
  return true;
}

/** Nesting allowed in request bodies and in the JSON text fields they carry. */
export const MAX_JSON_DEPTH = 64;

const shortPath = (path: string) => (path.length > 120 ? `${path.slice(0, 117)}…` : path);

export interface UnsafeValue {
  /** Where in the value: `chatbotConfig.theme.title`, `history[3].content`, or '' for the top. */
  path: string;
  reason: string;
}

/**
 * The first place in a parsed JSON value that nests deeper than `maxDepth` or holds text that may not
 * be stored (keys included); undefined when all is well. Walks without recursion.
 */
export function findUnsafeJson(value: unknown, maxDepth = MAX_JSON_DEPTH): UnsafeValue | undefined {
  const pending: { value: unknown; path: string; depth: number }[] = [{ value, path: '', depth: 0 }];
  while (pending.length > 0) {
    const item = pending.pop()!;
    if (typeof item.value === 'string') {
      const reason = unsafeTextReason(item.value);
      if (reason) return { path: shortPath(item.path), reason };
    } else if (item.value !== null && typeof item.value === 'object') {
      const depth = item.depth + 1;
      // The field it starts in says enough; the path down 64 levels would not help anyone.
      if (depth > maxDepth)
        return { path: /^[^.[]*/.exec(item.path)![0], reason: `nests deeper than ${maxDepth} levels` };
      if (Array.isArray(item.value)) {
        for (let i = 0; i < item.value.length; i++)
          pending.push({ value: item.value[i], path: `${item.path}[${i}]`, depth });
      } else {
        for (const [key, child] of Object.entries(item.value)) {
          const path = item.path ? `${item.path}.${key}` : key;
          const reason = unsafeTextReason(key);
          if (reason) return { path: shortPath(path), reason: `has a name that ${reason}` };
          pending.push({ value: child, path, depth });
        }
      }
    }
  }
  return undefined;
}

/**
 * A name people give something (a flow, a key, a credential, themselves): trimmed, required, at most
 * `max` characters, no control characters; messages name the field by its `label` as the form shows it.
 */
export function nameText(label: string, max = 255) {
  return z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .superRefine((value, ctx) => {
      const reason = unsafeNameReason(value);
      if (reason) ctx.addIssue({ code: 'custom', message: `${label} ${reason}` });
    });
}
