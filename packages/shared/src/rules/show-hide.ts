/**
 * Conditional display of node inputs (SPEC §4): a parameter's `show` and `hide` rules map an input
 * name (or a dotted path such as `llmModelConfig.streaming`) to the value that triggers them.
 */

/** The display rules of a parameter (a subset of `NodeParam`). */
export interface DisplayRules {
  show?: Record<string, unknown>;
  hide?: Record<string, unknown>;
}

/**
 * Whether the `actual` input value satisfies the `expected` rule value:
 * - actual is an array (or a string holding a JSON array, as multi-select inputs are stored):
 *   matches when any item matches `expected` (for an expected array: any shared item);
 * - expected is an array: matches when `actual` deep-equals one of its items;
 * - expected is a string: exact equality, else a regex built from it is tested against the
 *   string form of `actual` (unanchored, as Flowise node definitions expect); an invalid regex
 *   falls back to equality alone. A missing value reads as `''`;
 * - expected is a boolean: equality, also accepting the strings `'true'`/`'false'` that
 *   overrides and older flows store;
 * - anything else (numbers, null, objects): deep equality.
 */
export function matchesCondition(expected: unknown, actual: unknown): boolean {
  const actualValue = parseJsonArray(actual);
  if (Array.isArray(actualValue)) {
    if (Array.isArray(expected))
      return expected.some((item) => actualValue.some((value) => deepEqual(item, value)));
    return actualValue.some((value) => matchesScalar(expected, value));
  }
  if (Array.isArray(expected)) return expected.some((item) => deepEqual(item, actualValue));
  return matchesScalar(expected, actualValue);
}

function matchesScalar(expected: unknown, actual: unknown): boolean {
  if (typeof expected === 'string') return matchesString(expected, actual);
  if (typeof expected === 'boolean') {
    return actual === expected || (typeof actual === 'string' && actual === String(expected));
  }
  return deepEqual(expected, actual);
}

function matchesString(expected: string, actual: unknown): boolean {
  if (actual === expected) return true;
  let text: string;
  if (actual === null || actual === undefined) text = '';
  else if (typeof actual === 'string') text = actual;
  else if (typeof actual === 'number' || typeof actual === 'boolean' || typeof actual === 'bigint') {
    text = String(actual);
  } else return false; // objects and functions have no meaningful string form to test
  let pattern: RegExp;
  try {
    pattern = new RegExp(expected);
  } catch {
    return false; // not a valid regex: equality (checked above) was the only way to match
  }
  return pattern.test(text);
}

/**
 * Whether a parameter is visible for the current input values: every `show` condition must
 * match, and any one matching `hide` condition hides it (Flowise checks hide keys one by one, and
 * imported flows rely on that). An empty `hide` map hides nothing. Missing values are not replaced by defaults: pass values that
 * already include them.
 */
export function isParamVisible(param: DisplayRules, values: Record<string, unknown>): boolean {
  const show = Object.entries(param.show ?? {});
  if (!show.every(([path, expected]) => matchesCondition(expected, readPath(values, path)))) return false;
  const hide = Object.entries(param.hide ?? {});
  return !hide.some(([path, expected]) => matchesCondition(expected, readPath(values, path)));
}

/** The parameters of `params` that {@link isParamVisible} shows, in their original order. */
export function visibleParams<T extends DisplayRules>(
  params: readonly T[],
  values: Record<string, unknown>,
): T[] {
  return params.filter((param) => isParamVisible(param, values));
}

/**
 * Reads an input by name or dotted path. A literal key containing dots wins over the path, so
 * an input really named `a.b` is still found.
 */
function readPath(values: Record<string, unknown>, path: string): unknown {
  if (Object.hasOwn(values, path)) return values[path];
  let current: unknown = values;
  for (const segment of path.split('.')) {
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, segment)) return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

function parseJsonArray(value: unknown): unknown {
  if (typeof value !== 'string' || !value.startsWith('[') || !value.endsWith(']')) return value;
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed : value;
  } catch {
    return value;
  }
}

/** Structural equality of JSON-like values (primitives, arrays, plain objects). */
function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a === 'number' && typeof b === 'number') return Number.isNaN(a) && Number.isNaN(b);
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, index) => deepEqual(item, b[index]));
  }
  const aKeys = Object.keys(a);
  const bRecord = b as Record<string, unknown>;
  if (aKeys.length !== Object.keys(b).length) return false;
  return aKeys.every(
    (key) => Object.hasOwn(bRecord, key) && deepEqual((a as Record<string, unknown>)[key], bRecord[key]),
  );
}
