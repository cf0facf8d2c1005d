import { type Kysely, sql } from 'kysely';

/**
 * What a payment was for (docs/decisions/043-refunds-and-due-dates.md): `topup`, money added to the balance
 * (by card, or by bank transfer with its pro-forma invoice), or `invoice`, an order's or a renewal's invoice
 * paid. A top-up is refunded only back to where it came from, out of the balance; an invoice payment only to
 * the balance. Payments already made are classified by what they paid: none, or a pro-forma top-up invoice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('payments')
    .addColumn('purpose', 'text', (col) =>
      col
        .notNull()
        .defaultTo('invoice')
        .check(sql`purpose in ('topup', 'invoice')`),
    )
    .execute();
  await sql`
    update payments set purpose = 'topup'
    where invoice_id is null
       or invoice_id in (select invoice_id from invoice_lines where description_key = 'invoiceLines.topUp')
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payments').dropColumn('purpose').execute();
}
