import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { contactOf } from './account-contact.repository';

/**
 * The account's name and e-mail address, for another module's document about the account (billing's invoice names
 * its buyer): other modules read `users` only through the accounts module (docs/decisions/056-module-shape.md).
 * Throws when there is no such account.
 */
export async function accountContact(
  db: Kysely<Database>,
  userId: string,
): Promise<{ firstName: string; lastName: string; email: string }> {
  return contactOf(db, userId);
}
