import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * Takes `count` numbers from a named counter and returns the first (docs/decisions/012-data-model.md).
 * Call it inside the transaction that writes the numbered rows: the upsert locks the counter's row until
 * that transaction ends (PostgreSQL), and SQLite runs one writer at a time, so two writers never take the
 * same number.
 */
export async function takeNumbers(db: Kysely<Database>, key: string, count = 1): Promise<number> {
  const row = await db
    .insertInto('counters')
    .values({ key, value: count })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => ({ value: eb('counters.value', '+', eb.ref('excluded.value')) })),
    )
    .returning('value')
    .executeTakeFirstOrThrow();
  return Number(row.value) - count + 1;
}

export const invoiceCounterKey = (year: number) => `invoice:${year}`;
export const TICKET_COUNTER = 'ticket';
/** Ticket numbers start above 1000, so the first reads TCK-1001. */
export const TICKET_NUMBER_BASE = 1000;
