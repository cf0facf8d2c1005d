import type { Kysely } from 'kysely';
import type { Database, PaymentMethodRow } from '../../db/schema';

/**
 * The queries of a customer's saved card (docs/decisions/038-saved-card-for-renewals.md): one row per account,
 * holding the provider's token and what may be shown, never the full number.
 */

/** The account's saved card, or undefined. */
export function savedCardOf(db: Kysely<Database>, userId: string) {
  return db.selectFrom('paymentMethods').selectAll().where('userId', '=', userId).executeTakeFirst();
}

/** Saves the account's card, replacing the one it had (the account has at most one); answers the stored row. */
export function upsertSavedCard(
  trx: Kysely<Database>,
  row: PaymentMethodRow,
  card: Omit<PaymentMethodRow, 'id' | 'userId' | 'createdAt'>,
) {
  return trx
    .insertInto('paymentMethods')
    .values(row)
    .onConflict((oc) => oc.column('userId').doUpdateSet(card))
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Removes the account's card; answers the removed row, or undefined when none was saved. */
export function deleteSavedCard(trx: Kysely<Database>, userId: string) {
  return trx.deleteFrom('paymentMethods').where('userId', '=', userId).returningAll().executeTakeFirst();
}
