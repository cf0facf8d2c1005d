import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema';

/** The columns a mail to a user needs: the address, the name it greets and the language it is written in. */
export function findMailRecipient(
  db: Kysely<Database>,
  userId: string,
): Promise<Pick<UserRow, 'email' | 'firstName' | 'preferredLanguage'> | undefined> {
  return db
    .selectFrom('users')
    .select(['email', 'firstName', 'preferredLanguage'])
    .where('id', '=', userId)
    .executeTakeFirst();
}
