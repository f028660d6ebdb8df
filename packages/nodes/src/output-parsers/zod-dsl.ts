import { z } from 'zod';
import { tokenize, ZodDslError, type Token } from './zod-dsl-tokens.js';

export { ZodDslError };

/**
 * Reads schema text written in zod's own syntax (Flowise's Advanced Structured Output Parser and
 * custom tool schemas), e.g. `z.object({ title: z.string(), year: z.number().int() // release year })`,
 * WITHOUT running it: a tokenizer and a recursive-descent parser accept only `z.<factory>(…)` calls,
 * a fixed list of chainable methods and literal arguments, then build the real zod schema. A line
 * comment after a property becomes its description when it has none.
 */

type Literal = string | number | boolean | null | Literal[] | { [key: string]: Literal };
type Value = { schema: z.ZodType } | { literal: Literal };

const FACTORIES = new Set([
  'object',
  'string',
  'number',
  'boolean',
  'array',
  'enum',
  'literal',
  'union',
  'any',
  'unknown',
  'null',
  'record',
]);
const METHODS = new Set([
  'optional',
  'nullable',
  'nullish',
  'describe',
  'default',
  'array',
  'or',
  'min',
  'max',
  'length',
  'nonempty',
  'int',
  'positive',
  'negative',
  'nonnegative',
  'nonpositive',
  'gt',
  'gte',
  'lt',
  'lte',
  'multipleOf',
  'finite',
  'email',
  'url',
  'uuid',
  'startsWith',
  'endsWith',
  'includes',
  'trim',
  'toLowerCase',
  'toUpperCase',
  'strict',
]);
const MAX_LENGTH = 20_000;
const MAX_DEPTH = 50;

class Parser {
  private index = 0;
  private depth = 0;
  constructor(private readonly tokens: Token[]) {}

  parse(): z.ZodType {
    const schema = this.schema();
    while (this.peek(';')) this.index++;
    const rest = this.tokens[this.index];
    if (rest) this.fail(rest, `unexpected "${rest.text}" after the schema`);
    return schema;
  }

  private fail(token: Token | undefined, message: string): never {
    if (!token) throw new ZodDslError(`The schema ends too early: ${message}`);
    throw new ZodDslError(`Line ${token.line}, column ${token.column}: ${message}`);
  }

  private peek(text: string): boolean {
    const token = this.tokens[this.index];
    return token?.kind === 'punct' && token.text === text;
  }

  private expect(text: string): Token {
    const token = this.tokens[this.index];
    if (token?.kind !== 'punct' || token.text !== text) this.fail(token, `expected "${text}"`);
    this.index++;
    return token;
  }

  private name(): Token {
    const token = this.tokens[this.index];
    if (token?.kind !== 'name') this.fail(token, 'expected a name');
    this.index++;
    return token;
  }

  private schema(): z.ZodType {
    if (++this.depth > MAX_DEPTH) this.fail(this.tokens[this.index], 'the schema is nested too deeply');
    const start = this.name();
    if (start.text !== 'z') this.fail(start, `expected "z.", found "${start.text}"`);
    this.expect('.');
    const factory = this.name();
    if (!FACTORIES.has(factory.text)) this.fail(factory, `z.${factory.text}() is not supported`);
    let schema =
      factory.text === 'object'
        ? this.object()
        : factory.text === 'union'
          ? this.union(factory)
          : this.factory(factory, this.arguments());
    while (this.peek('.')) {
      this.index++;
      const method = this.name();
      if (!METHODS.has(method.text)) this.fail(method, `.${method.text}() is not supported`);
      const args = this.arguments();
      schema = this.method(schema, method, args);
    }
    this.depth--;
    return schema;
  }

  private arguments(): Value[] {
    this.expect('(');
    const args: Value[] = [];
    while (!this.peek(')')) {
      args.push(this.value());
      if (!this.peek(')')) this.expect(',');
    }
    this.expect(')');
    return args;
  }

  private value(): Value {
    const token = this.tokens[this.index];
    if (token?.kind === 'name' && token.text === 'z') return { schema: this.schema() };
    return { literal: this.literal() };
  }

  private literal(): Literal {
    const token = this.tokens[this.index];
    if (!token) this.fail(token, 'expected a value');
    if (token.kind === 'string' || token.kind === 'number') {
      this.index++;
      return token.value!;
    }
    if (token.kind === 'name' && ['true', 'false', 'null'].includes(token.text)) {
      this.index++;
      return token.text === 'null' ? null : token.text === 'true';
    }
    if (this.peek('[')) {
      this.index++;
      const items: Literal[] = [];
      while (!this.peek(']')) {
        items.push(this.literal());
        if (!this.peek(']')) this.expect(',');
      }
      this.expect(']');
      return items;
    }
    if (this.peek('{')) return this.entries(() => this.literal());
    return this.fail(token, `expected a value, found "${token.text}"`);
  }

  /** `{ key: item, … }` with identifier or string keys and an optional trailing comma. */
  private entries<T>(item: () => T, describe?: (value: T, comment: string) => T): Record<string, T> {
    this.expect('{');
    const result: Record<string, T> = {};
    while (!this.peek('}')) {
      const key = this.tokens[this.index];
      if (key?.kind !== 'name' && key?.kind !== 'string') this.fail(key, 'expected a property name');
      this.index++;
      this.expect(':');
      let value = item();
      const last = this.tokens[this.index - 1]!;
      const comma = this.peek('}') ? undefined : this.expect(',');
      const comment = last.comment ?? comma?.comment;
      if (describe && comment) value = describe(value, comment);
      result[key.kind === 'string' ? String(key.value) : key.text] = value;
    }
    this.expect('}');
    return result;
  }

  private factory(token: Token, args: Value[]): z.ZodType {
    const schemaArg = (i: number) => {
      const arg = args[i];
      if (!arg || !('schema' in arg))
        this.fail(token, `z.${token.text}() needs a schema as argument ${i + 1}`);
      return arg.schema;
    };
    const literalArg = (i: number) => {
      const arg = args[i];
      if (!arg || !('literal' in arg))
        this.fail(token, `z.${token.text}() needs a value as argument ${i + 1}`);
      return arg.literal;
    };
    switch (token.text) {
      case 'string':
        return z.string();
      case 'number':
        return z.number();
      case 'boolean':
        return z.boolean();
      case 'any':
        return z.any();
      case 'unknown':
        return z.unknown();
      case 'null':
        return z.null();
      case 'array':
        return z.array(schemaArg(0));
      case 'record':
        return args.length > 1 ? z.record(z.string(), schemaArg(1)) : z.record(z.string(), schemaArg(0));
      case 'literal': {
        const value = literalArg(0);
        if (typeof value === 'object' && value !== null)
          this.fail(token, 'z.literal() takes a string, number or boolean');
        return z.literal(value);
      }
      case 'enum': {
        const values = literalArg(0);
        if (!Array.isArray(values) || values.length === 0 || !values.every((v) => typeof v === 'string'))
          this.fail(token, 'z.enum() takes a non-empty list of strings');
        return z.enum(values as [string, ...string[]]);
      }
      default:
        return this.fail(token, `z.${token.text}() is not supported`);
    }
  }

  /** `({ key: schema, … })`: a comment after a property describes it. */
  private object(): z.ZodType {
    this.expect('(');
    const shape = this.entries(
      () => this.schema(),
      (schema, comment) => (schema.description === undefined ? schema.describe(comment) : schema),
    );
    this.expect(')');
    return z.object(shape);
  }

  /** `([a, b, …])` */
  private union(token: Token): z.ZodType {
    this.expect('(');
    this.expect('[');
    const options: z.ZodType[] = [];
    while (!this.peek(']')) {
      options.push(this.schema());
      if (!this.peek(']')) this.expect(',');
    }
    this.expect(']');
    this.expect(')');
    if (options.length < 2) this.fail(token, 'z.union() needs at least two schemas');
    return z.union(options as [z.ZodType, z.ZodType, ...z.ZodType[]]);
  }

  private method(schema: z.ZodType, token: Token, args: Value[]): z.ZodType {
    const target = schema as unknown as Record<string, unknown>;
    const fn = target[token.text];
    if (typeof fn !== 'function') this.fail(token, `.${token.text}() cannot be used here`);
    const values = args.map((a) => ('schema' in a ? a.schema : a.literal));
    try {
      return (fn as (...a: unknown[]) => z.ZodType).apply(schema, values);
    } catch (error) {
      return this.fail(token, `.${token.text}(): ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

/** Parses zod schema text into a zod schema, running none of it. */
export function parseZodDsl(text: string): z.ZodType {
  if (text.length > MAX_LENGTH) throw new ZodDslError(`The schema is longer than ${MAX_LENGTH} characters`);
  return new Parser(tokenize(text)).parse();
}

/** The JSON schema of a parsed schema, for format instructions and tool parameters. */
export function toJsonSchema(schema: z.ZodType): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { unrepresentable: 'any' }) as Record<string, unknown>;
  delete json.$schema;
  return json;
}
