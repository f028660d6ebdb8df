import type { Compilable, CompiledQuery } from 'kysely';
import type { Db } from './database.js';

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
