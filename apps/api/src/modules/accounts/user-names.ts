import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { findUserContactOrThrow, findUserName } from './user-names.repository';

/**
 * Who a record names, for another module's staff screens (an order's customer and the staff member who decided it,
 * docs/decisions/032-ordering-and-checkout.md): read by id, in the caller's transaction if it passes one.
 */

/** The user's id (as `userId`), address and names; the user must exist (a record's owner is never removed). */
export const userContact = (db: Kysely<Database>, userId: string) => findUserContactOrThrow(db, userId);

/** The user's id and names, or undefined when there is no such user. */
export const userName = (db: Kysely<Database>, userId: string) => findUserName(db, userId);
