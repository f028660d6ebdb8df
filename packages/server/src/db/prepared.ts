import type { Compilable, CompiledQuery } from 'kysely';
import type { Db } from './database.js';
import type { Database } from './schema.js';

/**
 * Compiles the query `build` makes once, with marker strings standing for `slots` values, and
 * answers the compiled query for new values: the SQL text stays the same (one cached statement
 * in SQLite and PostgreSQL), only the parameters change. Constants of the query are kept; every
 * marker must be used as a value.
 */
function compiledWithSlots<Row>(
  slots: number,
  build: (markers: string[]) => Compilable<Row>,
): (values: readonly unknown[]) => CompiledQuery<Row> {
  const markers = Array.from({ length: slots }, (_, index) => `\u0000slot-${index}\u0000`);
  const compiled = build(markers).compile();
  const sources = compiled.parameters.map((value) =>
    typeof value === 'string' ? markers.indexOf(value) : -1,
  );
  for (let index = 0; index < slots; index += 1) {
    if (!sources.includes(index)) throw new Error(`preparedQuery: argument ${index} is not used`);
  }
  return (values) => ({
    ...compiled,
    parameters: sources.map((source, index) => (source >= 0 ? values[source] : compiled.parameters[index])),
  });
}

/**
 * A query compiled once and then run with new argument values: for the few reads made on every
 * run of a flow, where building and compiling the query each time cost more than running it.
 *
 * `build` receives placeholder strings standing for the arguments and must use each of them as a
 * value (`where('id', '=', id)`); constants it uses are kept.
 */
export function preparedQuery<Row, Args extends string[]>(
  db: Db,
  arity: Args['length'],
  build: (...args: Args) => Compilable<Row>,
): (...args: Args) => Promise<Row[]> {
  const query = compiledWithSlots(arity, (markers) => build(...(markers as Args)));
  return async (...args: Args) => (await db.executeQuery<Row>(query(args))).rows;
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
  const shapes = new Map<number, (values: readonly unknown[]) => CompiledQuery>();

  function shapeFor(count: number) {
    let shape = shapes.get(count);
    if (shape) return shape;
    shape = compiledWithSlots(count * columns.length, (markers) =>
      db.insertInto(table).values(
        // Markers fill every column, which the table's row type does not allow.
        Array.from({ length: count }, (_, row) =>
          Object.fromEntries(columns.map((name, column) => [name, markers[row * columns.length + column]])),
        ) as never,
      ),
    );
    if (shapes.size >= INSERT_SHAPES_KEPT) shapes.clear();
    shapes.set(count, shape);
    return shape;
  }

  return async (rows) => {
    if (rows.length === 0) return;
    const values = rows.flatMap((row) => columns.map((column) => row[column] ?? null));
    await db.executeQuery(shapeFor(rows.length)(values));
  };
}
