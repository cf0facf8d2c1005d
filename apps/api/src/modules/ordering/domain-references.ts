import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { orderLinesNamingDomain } from './orders.repository';

/**
 * Whether an order line names a domain, read in the caller's transaction: such a domain is hidden rather than
 * removed when staff delete it, so the order keeps its reference.
 */
export const ordersNameDomain = async (trx: Kysely<Database>, domainId: string): Promise<boolean> =>
  (await orderLinesNamingDomain(trx, domainId)) > 0;
