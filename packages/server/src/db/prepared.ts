import type { Compilable, CompiledQuery } from 'kysely';
import type { Db } from './database.js';
import type { Database } from './schema.js';

/**
 * A query compiled once and then run with new argument values: for the few reads made on every
 * run of a flow, where building and compiling the query each time cost more than running it.
 *
 * `build` receives placeholder strings standing for the arguments and must use each of them as a
 * value (`where('id', '=', id)`); constants it uses are kept. The compiled SQL is the same text
 * every time, so the SQLite statement cache and PostgreSQL see one statement.
 */
export function preparedQuery<Row, Args extends string[]>(
  db: Db,
  arity: Args['length'],
  build: (...args: Args) => Compilable<Row>,
): (...args: Args) => Promise<Row[]> {
  const placeholders = Array.from({ length: arity }, (_, index) => `\u0000argument-${index}\u0000`) as Args;
  const compiled: CompiledQuery<Row> = build(...placeholders).compile();
  const sources = compiled.parameters.map((value) =>
    typeof value === 'string' ? placeholders.indexOf(value) : -1,
  );
  for (let index = 0; index < arity; index += 1) {
    if (!sources.includes(index)) throw new Error(`preparedQuery: argument ${index} is not used`);
  }
  return async (...args: Args) => {
    const parameters = sources.map((source, index) =>
      source >= 0 ? args[source] : compiled.parameters[index],
    );
    const result = await db.executeQuery<Row>({ ...compiled, parameters });
    return result.rows;
  };
}

/** Multi-row statements kept per row count; group commits rarely exceed a few dozen rows. */
const INSERT_SHAPES_KEPT = 64;

/**
 * An INSERT of whole rows into `table`, compiled once per number of rows and then run with the
 * rows' values: for writes made on every run of a flow (the exchange of a prediction), where
 * building and compiling the statement cost more than SQLite takes to run it.
 *
 * Every row is written with all of `columns`, in that order; a column a row lacks is written as
 * NULL (its default does not apply).
 */
export function preparedInsert<Table extends keyof Database>(
  db: Db,
  table: Table,
  columns: readonly (keyof Database[Table] & string)[],
): (rows: readonly Partial<Record<keyof Database[Table] & string, unknown>>[]) => Promise<void> {
  const shapes = new Map<number, { compiled: CompiledQuery; sources: [row: number, column: number][] }>();

  function shapeFor(count: number) {
    let shape = shapes.get(count);
    if (shape) return shape;
    const cell = new Map<string, [row: number, column: number]>();
    const placeholder = (row: number, column: number) => {
      const marker = `\u0000cell-${row}-${column}\u0000`;
      cell.set(marker, [row, column]);
      return marker;
    };
    const rows = Array.from({ length: count }, (_, row) =>
      Object.fromEntries(columns.map((name, column) => [name, placeholder(row, column)])),
    );
    // The placeholder rows hold a string in every column, which the table's row type does not allow.
    const compiled = db
      .insertInto(table)
      .values(rows as never)
      .compile();
    const sources = compiled.parameters.map((value): [number, number] => {
      const source = typeof value === 'string' ? cell.get(value) : undefined;
      if (!source) throw new Error(`preparedInsert: unexpected parameter in INSERT INTO ${table}`);
      return source;
    });
    shape = { compiled, sources };
    if (shapes.size >= INSERT_SHAPES_KEPT) shapes.clear();
    shapes.set(count, shape);
    return shape;
  }

  return async (rows) => {
    if (rows.length === 0) return;
    const { compiled, sources } = shapeFor(rows.length);
    const parameters = sources.map(([row, column]) => rows[row]![columns[column]!] ?? null);
    await db.executeQuery({ ...compiled, parameters });
  };
}
