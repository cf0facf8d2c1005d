import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema';
import { findMailRecipient } from './mail-recipient.repository';

export type MailRecipient = Pick<UserRow, 'email' | 'firstName' | 'preferredLanguage'>;

/**
 * Whom a mail about a user's order goes to, for another module writing to them (the order mails,
 * docs/decisions/032-ordering-and-checkout.md): the address, first name and language; undefined when the user is
 * gone.
 */
export function mailRecipient(db: Kysely<Database>, userId: string): Promise<MailRecipient | undefined> {
  return findMailRecipient(db, userId);
}
