import { CUSTOMER_ROLE } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * The id of the account staff give a service or a domain to: an active customer, not deleted, found by e-mail
 * (docs/decisions/033-hosting-and-domain-administration.md). Undefined for anyone else, staff included.
 */
export async function activeCustomerId(db: Kysely<Database>, email: string): Promise<string | undefined> {
  const owner = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .where('role', '=', CUSTOMER_ROLE)
    .where('status', '=', 'active')
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  return owner?.id;
}
