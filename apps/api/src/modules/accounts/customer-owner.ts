import { CUSTOMER_ROLE } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { activeAccountIdByEmail } from './users.repository';

/**
 * The id of the account staff give a service or a domain to: an active customer, not deleted, found by e-mail
 * (docs/decisions/033-hosting-and-domain-administration.md). Undefined for anyone else, staff included.
 */
export function activeCustomerId(db: Kysely<Database>, email: string): Promise<string | undefined> {
  return activeAccountIdByEmail(db, email, CUSTOMER_ROLE);
}
