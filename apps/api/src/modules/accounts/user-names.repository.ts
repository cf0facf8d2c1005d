import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** A user's id, address and names; throws when there is no such user. */
export function findUserContactOrThrow(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('users')
    .select(['id as userId', 'email', 'firstName', 'lastName'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

/** A user's id and names, or undefined. */
export function findUserName(db: Kysely<Database>, userId: string) {
  return db.selectFrom('users').select(['id', 'firstName', 'lastName']).where('id', '=', userId).executeTakeFirst();
}
