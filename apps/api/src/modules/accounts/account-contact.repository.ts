import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** The account's name and e-mail address; throws when there is no such account. */
export function contactOf(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('users')
    .select(['firstName', 'lastName', 'email'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}
