import type { OutputAnchor } from '../flow.js';

/**
 * Output branches of a Condition node (SPEC §4–5). In code mode each branch is a string the
 * condition code returns; in structured mode each item names a branch and a final `End` branch
 * catches everything else.
 */

/** Alerts shown when a condition cannot be saved, word for word from SPEC §5. */
export const CONDITION_ALERTS = {
  missingVariable:
    'Please specify a Variable. Try connecting Condition node to a previous node and select the variable',
  missingOutputName: 'Please specify an Output Name',
  missingOperation: 'Please select an operation for the condition',
  missingItem: 'Please add an item for the condition',
  missingReturn:
    'Please add a return statement in the condition code to define the output. You can refer to How to Use for more information.',
} as const;

/** The fixed last output of a structured condition, taken when no item matches. */
export const CONDITION_END_OUTPUT = 'End';

/** One row of a structured condition (SPEC §3 condition entry). */
export interface ConditionItem {
  variable?: string;
  output?: string;
  operation?: string;
}

/**
 * Output names of condition code: the string literals it returns (`return "Yes";`,
 * `return ('No')`, a template literal without `${}`), deduplicated in order of appearance.
 * Returns of anything else (`return x`, `return "a" + b`) are ignored because the branch name
 * cannot be known before running; so are empty strings and `return` inside comments or strings.
 */
export function conditionOutputsFromCode(code: string): string[] {
  const names: string[] = [];
  let i = 0;
  while (i < code.length) {
    const char = code[i] ?? '';
    const after = code[i + 1];
    if (char === '/' && after === '/') i = skipPast(code, i, '\n');
    else if (char === '/' && after === '*') i = skipPast(code, i + 2, '*/');
    else if (char === '"' || char === "'" || char === '`') i = readString(code, i).end;
    else if (isIdentifierChar(char)) {
      const start = i;
      while (i < code.length && isIdentifierChar(code[i] ?? '')) i += 1;
      // `obj.return` is a property, not a statement.
      if (code.slice(start, i) === 'return' && code[start - 1] !== '.') {
        const literal = readReturnedLiteral(code, i);
        if (literal) {
          if (literal.value.trim() && !names.includes(literal.value)) names.push(literal.value);
          i = literal.end;
        }
      }
    } else i += 1;
  }
  return names;
}

/**
 * Output names of a structured condition: each item's output name in order (blank ones skipped,
 * duplicates kept once), then `End`. An item named `End` is folded into the final `End`.
 */
export function conditionOutputsFromItems(items: readonly { output?: string }[]): string[] {
  const names: string[] = [];
  for (const { output } of items) {
    if (output?.trim() && output !== CONDITION_END_OUTPUT && !names.includes(output)) names.push(output);
  }
  return [...names, CONDITION_END_OUTPUT];
}

/**
 * The first alert that stops a structured condition from being saved, or `null` when it is
 * complete. No items → add an item; otherwise items are checked in order, each for its
 * variable, then its output name, then its operation. Blank text counts as missing.
 */
export function validateStructuredCondition(items: readonly ConditionItem[]): string | null {
  if (items.length === 0) return CONDITION_ALERTS.missingItem;
  for (const item of items) {
    if (!item.variable?.trim()) return CONDITION_ALERTS.missingVariable;
    if (!item.output?.trim()) return CONDITION_ALERTS.missingOutputName;
    if (!item.operation?.trim()) return CONDITION_ALERTS.missingOperation;
  }
  return null;
}

/** The code-mode alert when the code returns no literal output name, else `null`. */
export function validateConditionCode(code: string): string | null {
  return conditionOutputsFromCode(code).length > 0 ? null : CONDITION_ALERTS.missingReturn;
}

/** The type of every condition output handle (`<nodeId>-output-<name>-Condition`). */
export const CONDITION_OUTPUT_TYPE = 'Condition';

/**
 * The name a condition output has in its handle id, as Flowise derives it from the label: words
 * split on spaces, the first lowercased, each following one capitalised with the rest lowercased
 * (`End` → `end`, `Code Reviewer` → `codeReviewer`). Stored edges of Flowise files use these ids.
 */
export function conditionOutputName(label: string): string {
  return label
    .split(' ')
    .map((word, index) =>
      index === 0 ? word.toLowerCase() : word.charAt(0).toUpperCase() + word.slice(1).toLowerCase(),
    )
    .join('');
}

/**
 * The output anchors of a condition node (sequential-agent `seqCondition`, `seqConditionAgent`)
 * with one branch per label, in the Flowise shape: a single `options` anchor named `output` whose
 * options are all handles (`isAnchor`), each `{id: <nodeId>-output-<name>-Condition, name, label}`.
 * A label whose name repeats an earlier one is left out, since two handles cannot share an id.
 */
export function conditionOutputAnchors(nodeId: string, labels: readonly string[]): OutputAnchor[] {
  const options: NonNullable<OutputAnchor['options']> = [];
  for (const label of labels) {
    const name = conditionOutputName(label);
    if (!name || options.some((option) => option.name === name)) continue;
    options.push({
      id: `${nodeId}-output-${name}-${CONDITION_OUTPUT_TYPE}`,
      name,
      label,
      type: CONDITION_OUTPUT_TYPE,
      isAnchor: true,
    });
  }
  return [{ name: 'output', label: 'Output', type: 'options', options }];
}

/**
 * Drops the edges leaving `nodeId` through a handle that is not in `validHandles` (a branch
 * that was renamed or removed), including edges from that node with no source handle at all.
 * Edges of other nodes are kept; the input array is not modified.
 */
export function removeOrphanEdges<E extends { source: string; sourceHandle?: string | null }>(
  edges: readonly E[],
  nodeId: string,
  validHandles: readonly string[],
): E[] {
  const valid = new Set(validHandles);
  return edges.filter(
    (edge) => edge.source !== nodeId || (edge.sourceHandle != null && valid.has(edge.sourceHandle)),
  );
}

function isIdentifierChar(char: string): boolean {
  return /[\w$]/.test(char);
}

function skipPast(code: string, from: number, terminator: string): number {
  const found = code.indexOf(terminator, from);
  return found === -1 ? code.length : found + terminator.length;
}

/** Reads the quoted string starting at `start`; `literal` is false for templates with `${}`. */
function readString(code: string, start: number): { value: string; end: number; literal: boolean } {
  const quote = code[start];
  let raw = '';
  let literal = true;
  let i = start + 1;
  while (i < code.length) {
    const char = code[i] ?? '';
    if (char === '\\') {
      raw += code.slice(i, i + 2);
      i += 2;
      continue;
    }
    if (char === quote) return { value: unescape(raw), end: i + 1, literal };
    // An unclosed '…' or "…" ends at the line break; it is not a usable name.
    if (char === '\n' && quote !== '`') return { value: '', end: i, literal: false };
    if (quote === '`' && char === '$' && code[i + 1] === '{') literal = false;
    raw += char;
    i += 1;
  }
  return { value: '', end: i, literal: false };
}

/** A string literal returned right after `return` (parentheses allowed), ending the statement. */
function readReturnedLiteral(code: string, from: number): { value: string; end: number } | null {
  let i = skipSpaces(code, from);
  let parens = 0;
  while (code[i] === '(') {
    parens += 1;
    i = skipSpaces(code, i + 1);
  }
  const quote = code[i];
  if (quote !== '"' && quote !== "'" && quote !== '`') return null;
  const string = readString(code, i);
  if (!string.literal) return null;
  i = string.end;
  for (; parens > 0; parens -= 1) {
    i = skipSpaces(code, i);
    if (code[i] !== ')') return null;
    i += 1;
  }
  const rest = code.slice(i).match(/^[ \t]*(.?.?)/)?.[1] ?? '';
  // Anything but an end of statement means the literal is only part of an expression.
  const ends = rest === '' || /^[;}\r\n]/.test(rest) || rest === '//' || rest === '/*';
  return ends ? { value: string.value, end: i } : null;
}

function skipSpaces(code: string, from: number): number {
  let i = from;
  while (i < code.length && /\s/.test(code[i] ?? '')) i += 1;
  return i;
}

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', v: '\v', '0': '\0' };

function unescape(raw: string): string {
  return raw.replace(
    /\\(u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|\r\n|[\s\S])/g,
    (_, sequence: string) => {
      if (sequence.startsWith('u{')) return String.fromCodePoint(parseInt(sequence.slice(2, -1), 16));
      if (sequence.startsWith('u') || sequence.startsWith('x')) {
        return sequence.length > 1 ? String.fromCharCode(parseInt(sequence.slice(1), 16)) : sequence;
      }
      if (sequence === '\n' || sequence === '\r\n') return ''; // line continuation
      return ESCAPES[sequence] ?? sequence;
    },
  );
}
