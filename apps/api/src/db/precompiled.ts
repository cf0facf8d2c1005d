import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { Database } from './schema';

/** Stands for the n-th value a precompiled query takes; never a real id or key. */
const slot = (n: number) => `\u0000precompiled-slot-${n}\u0000`;

/**
 * A query on a few string values (an id, say), built and compiled by Kysely once; each call only puts the values
 * into the parameters. Building and compiling a query cost more than SQLite's own read of a row by its primary key:
 * on `GET /api/users/me` the build took a quarter of the request's processor time
 * (docs/decisions/025-scale-read-paths.md). The statement's SQL text is fixed, so `prepare` (AppDatabase.prepare)
 * lets PostgreSQL plan it once per connection. The query takes as many values as `build` declares parameters.
 */
export function precompiled<Row, Values extends string[] = [string]>(
  db: Kysely<Database>,
  build: (...values: Values) => Compilable<Row>,
  prepare: (sqlText: string) => void = () => undefined,
): (...values: Values) => Promise<Row | undefined> {
  let compiled: CompiledQuery<Row> | undefined;
  let slots: Array<[parameter: number, value: number]> = [];
  const arity = Math.max(1, build.length);
  return async (...values) => {
    if (!compiled) {
      const marks = Array.from({ length: arity }, (_, n) => slot(n));
      compiled = build(...(marks as Values)).compile();
      slots = compiled.parameters.flatMap((parameter, index) => {
        const value = typeof parameter === 'string' ? marks.indexOf(parameter) : -1;
        return value === -1 ? [] : [[index, value] as [number, number]];
      });
      const used = new Set(slots.map(([, value]) => value));
      if (used.size !== arity) throw new Error('precompiled: the query does not use its value');
      prepare(compiled.sql);
    }
    const parameters = [...compiled.parameters];
    for (const [index, value] of slots) parameters[index] = values[value];
    const result = await db.executeQuery<Row>({ ...compiled, parameters });
    return result.rows[0];
  };
}
