import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema';
import { accountNamesByIds } from './users.repository';

/** The names and e-mails of the accounts among `ids`, deleted ones too (the audit log names its records by them). */
export function accountNames(
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<Pick<UserRow, 'id' | 'firstName' | 'lastName' | 'email'>[]> {
  return accountNamesByIds(db, ids);
}
