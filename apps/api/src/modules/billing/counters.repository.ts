import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * Adds `count` to a named counter (creating it at `count`) and answers its new value, in the caller's
 * transaction: the upsert locks the counter's row until that transaction ends (PostgreSQL).
 */
export async function bumpCounter(db: Kysely<Database>, key: string, count: number): Promise<number> {
  const row = await db
    .insertInto('counters')
    .values({ key, value: count })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => ({ value: eb('counters.value', '+', eb.ref('excluded.value')) })),
    )
    .returning('value')
    .executeTakeFirstOrThrow();
  return Number(row.value);
}
