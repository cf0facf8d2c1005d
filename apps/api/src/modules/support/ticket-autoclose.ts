import { ticketStates } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { answeredTicketsSilentSince, closeAnsweredSilentSince, ticketNumberOf } from './ticket-autoclose.repository';

/**
 * What the ticket-autoclose job (docs/decisions/030-lifecycle-automation.md) reads and changes of tickets, for the
 * scheduler module (docs/decisions/056-module-shape.md). A guest ticket (decision 053) is never a candidate: its
 * visitor has no account to be told. The close takes the job's transaction (`trx`).
 */

/** Customers' tickets answered by staff whose last message is older than `threshold`. */
export function ticketsSilentSince(db: Kysely<Database>, threshold: number) {
  return answeredTicketsSilentSince(db, threshold);
}

/**
 * Closes a ticket still answered and silent since `threshold`; answers its number, or undefined when it was no
 * longer due (the customer wrote, or staff closed it).
 */
export async function closeSilentTicket(
  trx: Kysely<Database>,
  id: string,
  threshold: number,
  now: number,
): Promise<number | undefined> {
  ticketStates.assertTransition('answered', 'closed');
  if (!(await closeAnsweredSilentSince(trx, id, threshold, now))) return undefined;
  return (await ticketNumberOf(trx, id)).number;
}
