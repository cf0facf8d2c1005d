import type { Kysely } from 'kysely';

/**
 * Refunds to the customer's balance (docs/decisions/033-hosting-and-domain-administration.md): how much of a
 * completed payment staff have refunded so far. A refund raises it with one conditional UPDATE that refuses to
 * pass the payment's amount, so two refunds at the same moment never return more than was paid.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('payments')
    .addColumn('refunded_cents', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payments').dropColumn('refunded_cents').execute();
}
