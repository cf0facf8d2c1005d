import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { billingRowsNamingDomain } from './billing.repository';

/**
 * Whether accounting names a domain (an invoice line or a ledger entry), read in the caller's transaction: such a
 * domain is hidden rather than removed when staff delete it, so the reference stays.
 */
export const billingNamesDomain = async (trx: Kysely<Database>, domainId: string): Promise<boolean> =>
  (await billingRowsNamingDomain(trx, domainId)) > 0;
