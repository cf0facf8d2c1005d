import type { Kysely } from 'kysely';

/**
 * A customer's saved card for renewals (docs/decisions/038-saved-card-for-renewals.md): one per account (user_id
 * unique), only what may be shown — brand, last four digits, expiry, holder — and the provider's opaque token.
 * The full number and the CVC are never stored. `renewal_invoices.card_attempted_at` marks the renewal invoice
 * whose shortfall auto-renew already tried to charge to the card, so a declined card is tried once per invoice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('payment_methods')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('brand', 'text', (col) => col.notNull())
    .addColumn('last4', 'text', (col) => col.notNull())
    .addColumn('exp_month', 'integer', (col) => col.notNull())
    .addColumn('exp_year', 'integer', (col) => col.notNull())
    .addColumn('holder', 'text', (col) => col.notNull())
    .addColumn('token', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.alterTable('renewal_invoices').addColumn('card_attempted_at', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('renewal_invoices').dropColumn('card_attempted_at').execute();
  await db.schema.dropTable('payment_methods').execute();
}
