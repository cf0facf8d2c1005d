import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { bumpCounter } from './counters.repository';

/**
 * Takes `count` numbers from a named counter and returns the first (docs/decisions/012-data-model.md).
 * Call it inside the transaction that writes the numbered rows: the upsert locks the counter's row until
 * that transaction ends (PostgreSQL), and SQLite runs one writer at a time, so two writers never take the
 * same number.
 */
export async function takeNumbers(db: Kysely<Database>, key: string, count = 1): Promise<number> {
  return (await bumpCounter(db, key, count)) - count + 1;
}

export const invoiceCounterKey = (year: number) => `invoice:${year}`;
export const TICKET_COUNTER = 'ticket';
/** Ticket numbers start above 1000, so the first reads TCK-1001. */
export const TICKET_NUMBER_BASE = 1000;
