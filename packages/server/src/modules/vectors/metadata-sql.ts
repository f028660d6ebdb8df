import type { MetadataFilter } from '@flowloom/shared';
import { AppError } from '../../errors.js';

/**
 * Metadata filters (shared `MetadataFilter`) as SQL over a JSON metadata column, for SQLite (JSON
 * text) and PostgreSQL (jsonb). The meaning is the one `matchesMetadataFilter` gives in JavaScript:
 * equality also matches a list that contains the value; `$gt`… compare numbers with numbers and
 * text with text; a missing field matches `$ne`, `$nin` and `$exists: false` only.
 */
export interface SqlFilter {
  sql: string;
  params: unknown[];
}

type Scalar = string | number | boolean | null;
type Dialect = 'sqlite' | 'postgres';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

class Builder {
  readonly params: unknown[] = [];
  constructor(
    private readonly dialect: Dialect,
    private readonly column: string,
  ) {}

  /** A placeholder for `value`: `?` (SQLite) or `$n` (PostgreSQL, numbered in order). */
  private bind(value: unknown): string {
    this.params.push(value);
    return this.dialect === 'sqlite' ? '?' : `$${this.params.length}`;
  }

  /** SQLite binds no booleans: JSON true/false read as 1/0 there. */
  private scalar(value: Scalar): string {
    if (this.dialect === 'postgres') return `${this.bind(JSON.stringify(value))}::jsonb`;
    return this.bind(typeof value === 'boolean' ? Number(value) : value);
  }

  private jsonPath(parts: string[]): string {
    for (const part of parts)
      if (/["\\]/.test(part) || part === '')
        throw new AppError(
          'BAD_REQUEST',
          `A metadata filter key cannot contain quotes or backslashes: ${part}`,
        );
    return `$${parts.map((p) => `."${p}"`).join('')}`;
  }

  /** The JSON value at a key: the literal key first, then the dotted path into nested objects. */
  private value(key: string): string {
    const parts = key.split('.');
    if (this.dialect === 'sqlite') {
      const literal = this.bind(this.jsonPath([key]));
      if (parts.length === 1) return `json_extract(${this.column}, ${literal})`;
      return `coalesce(json_extract(${this.column}, ${literal}), json_extract(${this.column}, ${this.bind(this.jsonPath(parts))}))`;
    }
    const literal = `${this.column} -> ${this.bind(key)}::text`;
    if (parts.length === 1) return `(${literal})`;
    return `coalesce(${literal}, ${this.column} #> ${this.bind(parts)}::text[])`;
  }

  /** The path of a key for SQLite's `json_each` / `json_type` (literal key when present). */
  private sqlitePath(key: string): string {
    const parts = key.split('.');
    if (parts.length === 1) return this.bind(this.jsonPath(parts));
    const literal = this.jsonPath([key]);
    const nested = this.jsonPath(parts);
    return `(CASE WHEN json_type(${this.column}, ${this.bind(literal)}) IS NOT NULL THEN ${this.bind(literal)} ELSE ${this.bind(nested)} END)`;
  }

  private equals(key: string, operand: Scalar): string {
    if (this.dialect === 'sqlite') {
      const path = this.sqlitePath(key);
      return `EXISTS (SELECT 1 FROM json_each(${this.column}, ${path}) WHERE value IS ${this.scalar(operand)})`;
    }
    const value = this.value(key);
    const bound = this.scalar(operand);
    return `coalesce(${value} = ${bound} OR (jsonb_typeof(${value}) = 'array' AND ${value} @> jsonb_build_array(${bound})), false)`;
  }

  private oneOf(key: string, operands: Scalar[]): string {
    if (operands.length === 0) return '(1 = 0)';
    return `(${operands.map((operand) => this.equals(key, operand)).join(' OR ')})`;
  }

  private exists(key: string): string {
    if (this.dialect === 'sqlite') return `json_type(${this.column}, ${this.sqlitePath(key)}) IS NOT NULL`;
    return `(${this.value(key)} IS NOT NULL)`;
  }

  private compare(key: string, operator: string, operand: Scalar): string {
    const sqlOperator = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' }[operator]!;
    const kind = typeof operand;
    if (kind !== 'number' && kind !== 'string') return '(1 = 0)';
    if (this.dialect === 'sqlite') {
      const types = kind === 'number' ? `('integer', 'real')` : `('text')`;
      return `(json_type(${this.column}, ${this.sqlitePath(key)}) IN ${types} AND ${this.value(key)} ${sqlOperator} ${this.scalar(operand)})`;
    }
    const value = this.value(key);
    return `coalesce(jsonb_typeof(${value}) = '${kind === 'number' ? 'number' : 'string'}' AND ${value} ${sqlOperator} ${this.scalar(operand)}, false)`;
  }

  private field(key: string, condition: unknown): string {
    if (!isRecord(condition)) return this.equals(key, condition as Scalar);
    const parts = Object.entries(condition).map(([operator, operand]) => {
      switch (operator) {
        case '$eq':
          return this.equals(key, operand as Scalar);
        case '$ne':
          return `NOT ${this.equals(key, operand as Scalar)}`;
        case '$in':
          return this.oneOf(key, operand as Scalar[]);
        case '$nin':
          return `NOT ${this.oneOf(key, operand as Scalar[])}`;
        case '$exists':
          return operand ? this.exists(key) : `NOT ${this.exists(key)}`;
        default:
          return this.compare(key, operator, operand as Scalar);
      }
    });
    return parts.length === 1 ? parts[0]! : `(${parts.join(' AND ')})`;
  }

  filter(filter: MetadataFilter): string {
    const parts = Object.entries(filter).map(([key, condition]) => {
      if (key === '$and' || key === '$or') {
        const joined = (condition as MetadataFilter[]).map((part) => this.filter(part));
        return `(${joined.join(key === '$and' ? ' AND ' : ' OR ')})`;
      }
      return this.field(key, condition);
    });
    return parts.length === 0 ? '(1 = 1)' : `(${parts.join(' AND ')})`;
  }
}

/**
 * The SQL condition of a filter (already checked by `parseMetadataFilter`) over `column`. For
 * PostgreSQL, placeholders are numbered from `$<firstParam>`.
 */
export function metadataFilterSql(
  dialect: Dialect,
  column: string,
  filter: MetadataFilter,
  firstParam = 1,
): SqlFilter {
  const builder = new Builder(dialect, column);
  const sql = builder.filter(filter);
  if (dialect === 'postgres' && firstParam !== 1) {
    // Renumber: the builder counts from $1.
    const shifted = sql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + firstParam - 1}`);
    return { sql: shifted, params: builder.params };
  }
  return { sql, params: builder.params };
}
