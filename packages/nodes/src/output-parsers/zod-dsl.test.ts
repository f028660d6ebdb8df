import { describe, expect, it } from 'vitest';
import { parseZodDsl, toJsonSchema } from './zod-dsl.js';

const FLOWISE_EXAMPLE = `z.array(z.object({
    title: z.string(), // Title of the movie as a string
    yearOfRelease: z.number().int(), // Release year as an integer number,
    genres: z.enum([
        "Action", "Comedy", "Drama", "Fantasy", "Horror",
        "Mystery", "Romance", "Science Fiction", "Thriller", "Documentary"
    ]).array().max(2), // Array of genres, max of 2 from the defined enum
    shortDescription: z.string().max(500) // Short description, max 500 characters
}))`;

describe('the zod schema text parser', () => {
  it('reads the Flowise template schema, comments becoming descriptions', () => {
    const schema = parseZodDsl(FLOWISE_EXAMPLE);
    const movie = {
      title: 'Heat',
      yearOfRelease: 1995,
      genres: ['Action', 'Drama'],
      shortDescription: 'Cops.',
    };
    expect(schema.parse([movie])).toEqual([movie]);
    expect(schema.safeParse([{ ...movie, yearOfRelease: 1995.5 }]).success).toBe(false);
    expect(schema.safeParse([{ ...movie, genres: ['Action', 'Drama', 'Horror'] }]).success).toBe(false);
    expect(schema.safeParse([{ ...movie, genres: ['Western'] }]).success).toBe(false);
    const json = toJsonSchema(schema) as { items: { properties: Record<string, { description?: string }> } };
    expect(json.items.properties.title!.description).toBe('Title of the movie as a string');
    expect(json.items.properties.genres!.description).toBe('Array of genres, max of 2 from the defined enum');
  });

  it('supports optional, nullable, describe, min/max, literals, unions and records', () => {
    const schema = parseZodDsl(`
      /* a person */
      z.object({
        'full name': z.string().min(1, "needed").describe('Full name'),
        age: z.number().int().nonnegative().optional(),
        tags: z.array(z.string()).max(3),
        kind: z.literal('person'),
        id: z.union([z.string(), z.number()]),
        extra: z.record(z.string(), z.number()).nullable(),
        active: z.boolean().default(true),
      });`);
    expect(schema.parse({ 'full name': 'Ada', tags: [], kind: 'person', id: 7, extra: null })).toEqual({
      'full name': 'Ada',
      tags: [],
      kind: 'person',
      id: 7,
      extra: null,
      active: true,
    });
    expect(schema.safeParse({ 'full name': '', tags: [], kind: 'person', id: 1, extra: null }).success).toBe(
      false,
    );
    expect(
      (toJsonSchema(schema) as { properties: { 'full name': { description: string } } }).properties[
        'full name'
      ].description,
    ).toBe('Full name');
  });

  it('never runs code: only z calls, listed methods and literal arguments parse', () => {
    expect(() => parseZodDsl('z.string().refine(check)')).toThrow(/\.refine\(\) is not supported/);
    expect(() => parseZodDsl('z.string().min((s) => s)')).toThrow(/unexpected "="/);
    expect(() => parseZodDsl('z.string().transform(process.exit)')).toThrow(
      /\.transform\(\) is not supported/,
    );
    expect(() => parseZodDsl('require("fs")')).toThrow(/expected "z\."/);
    expect(() => parseZodDsl('z.custom()')).toThrow(/z\.custom\(\) is not supported/);
    expect(() => parseZodDsl('z.string().min(`${1}`)')).toThrow(/template literals/);
    expect(() => parseZodDsl('z.object({ a: process.env })')).toThrow(/expected "z\.", found "process"/);
    expect(() => parseZodDsl('z.string(); globalThis.x')).toThrow(/unexpected "globalThis" after the schema/);
  });

  it('says where the text is wrong', () => {
    expect(() => parseZodDsl('z.object({\n  a: z.string(\n})')).toThrow(
      /^Line 3, column 1: expected a value, found "}"/,
    );
    expect(() => parseZodDsl('z.enum([1, 2])')).toThrow(/z\.enum\(\) takes a non-empty list of strings/);
    expect(() => parseZodDsl('z.number().max(3).email()')).toThrow(/\.email\(\) cannot be used here/);
    expect(() => parseZodDsl('z.object({ a: z.string() ')).toThrow(/ends too early/);
    expect(() => parseZodDsl('z.string() @')).toThrow(/unexpected "@"/);
  });
});
