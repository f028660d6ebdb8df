/** One row of a Condition node, after variables were resolved. */
export interface ConditionRow {
  type?: unknown;
  value1?: unknown;
  operation?: unknown;
  value2?: unknown;
}

/**
 * Markdown as the plain text a person reads: `**a**` compares as `a`. Rich-text values reach the
 * node as Markdown (the executor converts the editor's HTML), so emphasis, code and headings go.
 */
export function stripMarkdown(text: string): string {
  return text
    .replace(/```[^\n]*\n?([\s\S]*?)```/g, '$1')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, '$2')
    .replace(/(^|[^\w*])\*(?=\S)([^*]*?\S)\*(?!\w)/g, '$1$2')
    .replace(/(^|\W)_(?=\S)([^_]*?\S)_(?!\w)/g, '$1$2')
    .replace(/~~([\s\S]*?)~~/g, '$1')
    .replace(/^\s{0,3}#{1,6}\s+/gm, '')
    .replace(/^\s{0,3}>\s?/gm, '')
    .trim();
}

function asString(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return stripMarkdown(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

function asNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  return parseFloat(asString(value)) || 0;
}

function asBoolean(value: unknown): boolean {
  if (typeof value === 'string') return stripMarkdown(value).toLowerCase() === 'true';
  return value === true;
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && stripMarkdown(value) === '');
}

function regexTest(value: string, pattern: string): boolean {
  try {
    return new RegExp(pattern).test(value);
  } catch {
    return false; // an invalid pattern never matches
  }
}

/** Whether one Condition row holds (AGENTFLOW_V2.md §1.4). */
export function evaluateRow(row: ConditionRow): boolean {
  const operation = typeof row.operation === 'string' ? row.operation : 'equal';
  switch (row.type) {
    case 'number': {
      // Unlike Flowise, "is empty" looks at the value before it is read as a number.
      if (operation === 'isEmpty') return isBlank(row.value1);
      if (operation === 'notEmpty') return !isBlank(row.value1);
      const a = asNumber(row.value1);
      const b = asNumber(row.value2);
      switch (operation) {
        case 'equal':
          return a === b;
        case 'notEqual':
          return a !== b;
        case 'larger':
          return a > b;
        case 'largerEqual':
          return a >= b;
        case 'smaller':
          return a < b;
        case 'smallerEqual':
          return a <= b;
        default:
          return false;
      }
    }
    case 'boolean': {
      const a = asBoolean(row.value1);
      const b = asBoolean(row.value2);
      return operation === 'notEqual' ? a !== b : a === b;
    }
    default: {
      if (operation === 'isEmpty') return isBlank(row.value1);
      if (operation === 'notEmpty') return !isBlank(row.value1);
      const a = asString(row.value1);
      // A regex is used as written: stripping Markdown would eat its `*` and `_`.
      if (operation === 'regex')
        return regexTest(a, typeof row.value2 === 'string' ? row.value2.trim() : asString(row.value2));
      const b = asString(row.value2);
      switch (operation) {
        case 'equal':
          return a === b;
        case 'notEqual':
          return a !== b;
        case 'contains':
          return a.includes(b);
        case 'notContains':
          return !a.includes(b);
        case 'startsWith':
          return a.startsWith(b);
        case 'endsWith':
          return a.endsWith(b);
        default:
          return false;
      }
    }
  }
}
