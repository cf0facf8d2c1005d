import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * The tickets as the ticket-autoclose job reads and closes them (docs/decisions/030-lifecycle-automation.md,
 * docs/decisions/056-module-shape.md): answered by staff and silent since `threshold`.
 */

/** No message on the ticket after `threshold`. */
const silentSince = (threshold: number) => (eb: ExpressionBuilder<Database, 'tickets'>) =>
  eb.not(
    eb.exists(
      eb
        .selectFrom('ticketMessages')
        .select('ticketMessages.id')
        .whereRef('ticketMessages.ticketId', '=', 'tickets.id')
        .where('ticketMessages.createdAt', '>', threshold),
    ),
  );

/** Customers' tickets (not guests') answered and silent since `threshold`. */
export const answeredTicketsSilentSince = (db: Kysely<Database>, threshold: number) =>
  db
    .selectFrom('tickets')
    .select(['id', 'userId'])
    .where('userId', 'is not', null)
    .$narrowType<{ userId: string }>()
    .where('status', '=', 'answered')
    .where('updatedAt', '<=', threshold)
    .where(silentSince(threshold))
    .execute();

/** Closes a ticket still answered and silent since `threshold`; answers whether it did. */
export async function closeAnsweredSilentSince(
  trx: Kysely<Database>,
  id: string,
  threshold: number,
  now: number,
): Promise<boolean> {
  const done = await trx
    .updateTable('tickets')
    .set({ status: 'closed', closedAt: now, updatedAt: now })
    .where('id', '=', id)
    .where('status', '=', 'answered')
    .where('updatedAt', '<=', threshold)
    .where(silentSince(threshold))
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

export const ticketNumberOf = (db: Kysely<Database>, id: string) =>
  db.selectFrom('tickets').select(['number']).where('id', '=', id).executeTakeFirstOrThrow();
