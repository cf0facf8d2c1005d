import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { Database } from './schema';

/** Stands for the one value a precompiled query takes; never a real id or key. */
const SLOT = '\u0000precompiled-slot\u0000';

/**
 * A query on one value (an id, say), built and compiled by Kysely once; each call only puts the value into the
 * parameters. Building and compiling a query cost more than SQLite's own read of a row by its primary key: on
 * `GET /api/users/me` the build took a quarter of the request's processor time (docs/decisions/025-scale-read-paths.md).
 * The statement's SQL text is fixed, so `prepare` (AppDatabase.prepare) lets PostgreSQL plan it once per connection.
 */
export function precompiled<Row>(
  db: Kysely<Database>,
  build: (value: string) => Compilable<Row>,
  prepare: (sqlText: string) => void = () => undefined,
): (value: string) => Promise<Row | undefined> {
  let compiled: CompiledQuery<Row> | undefined;
  let slots: number[] = [];
  return async (value) => {
    if (!compiled) {
      compiled = build(SLOT).compile();
      slots = compiled.parameters.flatMap((parameter, index) => (parameter === SLOT ? [index] : []));
      if (slots.length === 0) throw new Error('precompiled: the query does not use its value');
      prepare(compiled.sql);
    }
    const parameters = [...compiled.parameters];
    for (const index of slots) parameters[index] = value;
    const result = await db.executeQuery<Row>({ ...compiled, parameters });
    return result.rows[0];
  };
}
