/**
 * Metadata filters of the embedded and in-memory vector stores: a JSON object in the style Pinecone
 * and MongoDB use. `{"source": "a.pdf"}` keeps records whose `source` is `a.pdf` (or, for a list
 * value, contains it); operators: `$eq $ne $gt $gte $lt $lte $in $nin $exists` on a field, `$and`
 * and `$or` over filters. A dotted key (`"author.name"`) reads a nested field.
 */
export type MetadataFilter = Record<string, unknown>;

const FIELD_OPERATORS = new Set(['$eq', '$ne', '$gt', '$gte', '$lt', '$lte', '$in', '$nin', '$exists']);
const MAX_DEPTH = 8;
const MAX_CLAUSES = 200;

type Scalar = string | number | boolean | null;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isScalar = (value: unknown): value is Scalar =>
  value === null || ['string', 'number', 'boolean'].includes(typeof value);

/**
 * Parses a filter given as an object or JSON text; empty text and `{}` mean no filter. Throws a
 * readable error naming what is wrong.
 */
export function parseMetadataFilter(value: unknown): MetadataFilter | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  let filter: unknown = value;
  if (typeof value === 'string') {
    try {
      filter = JSON.parse(value) as unknown;
    } catch {
      throw new Error(`The metadata filter is not valid JSON: ${value.slice(0, 80)}`);
    }
  }
  if (!isRecord(filter))
    throw new Error('The metadata filter must be a JSON object, e.g. {"source": "a.pdf"}');
  if (Object.keys(filter).length === 0) return undefined;
  let clauses = 0;
  const check = (node: Record<string, unknown>, depth: number) => {
    if (depth > MAX_DEPTH) throw new Error(`The metadata filter is nested deeper than ${MAX_DEPTH} levels`);
    for (const [key, condition] of Object.entries(node)) {
      if (++clauses > MAX_CLAUSES)
        throw new Error(`The metadata filter has more than ${MAX_CLAUSES} conditions`);
      if (key === '$and' || key === '$or') {
        if (!Array.isArray(condition) || condition.length === 0 || !condition.every(isRecord))
          throw new Error(`${key} in the metadata filter takes a list of filters`);
        for (const part of condition) check(part, depth + 1);
        continue;
      }
      if (key.startsWith('$')) throw new Error(`Unknown operator ${key} in the metadata filter`);
      if (!isRecord(condition)) {
        if (!isScalar(condition))
          throw new Error(`The metadata filter compares "${key}" with a list or object; use $in for a list`);
        continue;
      }
      for (const [operator, operand] of Object.entries(condition)) {
        if (!FIELD_OPERATORS.has(operator))
          throw new Error(`Unknown operator ${operator} for "${key}" in the metadata filter`);
        if (operator === '$in' || operator === '$nin') {
          if (!Array.isArray(operand) || !operand.every(isScalar))
            throw new Error(`${operator} for "${key}" takes a list of values`);
          // Each value is a condition of its own to evaluate.
          clauses += operand.length;
          if (clauses > MAX_CLAUSES)
            throw new Error(`The metadata filter has more than ${MAX_CLAUSES} conditions`);
        } else if (operator === '$exists') {
          if (typeof operand !== 'boolean') throw new Error(`$exists for "${key}" takes true or false`);
        } else if (!isScalar(operand)) {
          throw new Error(`${operator} for "${key}" takes a single value`);
        }
      }
    }
  };
  check(filter, 1);
  return filter;
}

/** The value at a dotted path, or undefined. */
export function metadataValue(metadata: Record<string, unknown>, path: string): unknown {
  if (path in metadata) return metadata[path];
  let current: unknown = metadata;
  for (const part of path.split('.')) {
    if (!isRecord(current)) return undefined;
    current = current[part];
  }
  return current;
}

function compare(a: unknown, b: Scalar): number | undefined {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  return undefined;
}

function equals(value: unknown, operand: Scalar): boolean {
  if (Array.isArray(value)) return value.some((item) => item === operand);
  return value === operand;
}

function fieldMatches(value: unknown, condition: unknown): boolean {
  if (!isRecord(condition)) return equals(value, condition as Scalar);
  return Object.entries(condition).every(([operator, operand]) => {
    switch (operator) {
      case '$eq':
        return equals(value, operand as Scalar);
      case '$ne':
        return !equals(value, operand as Scalar);
      case '$in':
        return (operand as Scalar[]).some((item) => equals(value, item));
      case '$nin':
        return !(operand as Scalar[]).some((item) => equals(value, item));
      case '$exists':
        return (value !== undefined) === operand;
      case '$gt':
      case '$gte':
      case '$lt':
      case '$lte': {
        const order = compare(value, operand as Scalar);
        if (order === undefined) return false;
        if (operator === '$gt') return order > 0;
        if (operator === '$gte') return order >= 0;
        if (operator === '$lt') return order < 0;
        return order <= 0;
      }
      default:
        return false;
    }
  });
}

/** Whether a record's metadata passes a filter made by {@link parseMetadataFilter}. */
export function matchesMetadataFilter(metadata: Record<string, unknown>, filter: MetadataFilter): boolean {
  return Object.entries(filter).every(([key, condition]) => {
    if (key === '$and')
      return (condition as MetadataFilter[]).every((f) => matchesMetadataFilter(metadata, f));
    if (key === '$or') return (condition as MetadataFilter[]).some((f) => matchesMetadataFilter(metadata, f));
    return fieldMatches(metadataValue(metadata, key), condition);
  });
}
