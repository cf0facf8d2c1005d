import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema';
import { mailboxOf } from './users.repository';

/**
 * Where another module's mail to an account goes: its address, first name and language (the notices that follow
 * a job's or a task's change, a staff answer to a ticket, the back office's test mail), and when it was deleted.
 * Undefined when the account does not exist.
 */
export function accountMailbox(
  db: Kysely<Database>,
  userId: string,
): Promise<Pick<UserRow, 'email' | 'firstName' | 'preferredLanguage' | 'deletedAt'> | undefined> {
  return mailboxOf(db, userId);
}
