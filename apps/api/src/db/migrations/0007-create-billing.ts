import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Money (docs/decisions/012-data-model.md): integer minor units with a currency code, never a float.
 * - counters: named counters taken inside the writer's transaction (`invoice:2026` numbers that year's
 *   invoices, `ticket` numbers support tickets), so two writers never take the same number;
 * - invoices and their lines; payments (one attempt to take money: card, PayPal, ...);
 * - ledger_entries: the append-only ledger; a balance is the SUM of an account's entries, never stored.
 *   Triggers refuse UPDATE and DELETE on it in both databases;
 * - idempotency_keys: the stored answer of a money-moving request, replayed when the same key comes again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('counters')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('value', 'bigint', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('invoices')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id'))
    .addColumn('number', 'text', (col) => col.notNull().unique())
    .addColumn('year', 'integer', (col) => col.notNull())
    .addColumn('sequence', 'integer', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('unpaid', 'paid', 'void', 'refunded')`))
    .addColumn('currency', 'text', (col) => col.notNull().defaultTo('USD'))
    .addColumn('total_cents', 'integer', (col) => col.notNull().check(sql`total_cents >= 0`))
    .addColumn('issued_at', 'bigint', (col) => col.notNull())
    .addColumn('due_at', 'bigint', (col) => col.notNull())
    .addColumn('paid_at', 'bigint')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .addUniqueConstraint('invoices_year_sequence', ['year', 'sequence'])
    .execute();
  await db.schema.createIndex('invoices_user_issued').on('invoices').columns(['user_id', 'issued_at']).execute();
  await db.schema.createIndex('invoices_status_due').on('invoices').columns(['status', 'due_at']).execute();

  // A line's text is a translation key with JSON parameters, so each reader sees it in their language.
  await db.schema
    .createTable('invoice_lines')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('invoice_id', 'text', (col) => col.notNull().references('invoices.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('description_key', 'text', (col) => col.notNull())
    .addColumn('description_params', 'text', (col) => col.notNull().defaultTo('{}'))
    .addColumn('service_id', 'text', (col) => col.references('services.id'))
    .addColumn('domain_id', 'text', (col) => col.references('domains.id'))
    .addColumn('quantity', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('unit_price_cents', 'integer', (col) => col.notNull())
    .addColumn('amount_cents', 'integer', (col) => col.notNull())
    .addUniqueConstraint('invoice_lines_position', ['invoice_id', 'position'])
    .execute();

  await db.schema
    .createTable('payments')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id'))
    .addColumn('invoice_id', 'text', (col) => col.references('invoices.id'))
    .addColumn('method', 'text', (col) =>
      col.notNull().check(sql`method in ('credit_card', 'paypal', 'bank_transfer', 'balance')`),
    )
    .addColumn('status', 'text', (col) =>
      col.notNull().check(sql`status in ('pending', 'completed', 'failed', 'refunded')`),
    )
    .addColumn('amount_cents', 'integer', (col) => col.notNull().check(sql`amount_cents > 0`))
    .addColumn('currency', 'text', (col) => col.notNull().defaultTo('USD'))
    .addColumn('decline_reason', 'text')
    .addColumn('idempotency_key', 'text')
    .addColumn('provider_reference', 'text')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .addColumn('completed_at', 'bigint')
    .addUniqueConstraint('payments_user_idempotency_key', ['user_id', 'idempotency_key'])
    .execute();
  await db.schema.createIndex('payments_user_created').on('payments').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('payments_status_created').on('payments').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('payments_invoice').on('payments').column('invoice_id').execute();

  // `type` says what moved the money (topup, hosting_renewal, domain_registration, ...); the text a person
  // reads is a translation key with JSON parameters. Credits are positive, charges negative.
  await db.schema
    .createTable('ledger_entries')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id'))
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('amount_cents', 'integer', (col) => col.notNull().check(sql`amount_cents <> 0`))
    .addColumn('currency', 'text', (col) => col.notNull().defaultTo('USD'))
    .addColumn('description_key', 'text', (col) => col.notNull())
    .addColumn('description_params', 'text', (col) => col.notNull().defaultTo('{}'))
    .addColumn('payment_id', 'text', (col) => col.references('payments.id'))
    .addColumn('invoice_id', 'text', (col) => col.references('invoices.id'))
    .addColumn('service_id', 'text', (col) => col.references('services.id'))
    .addColumn('domain_id', 'text', (col) => col.references('domains.id'))
    .addColumn('actor_id', 'text', (col) => col.references('users.id'))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('ledger_entries_user_created')
    .on('ledger_entries')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema.createIndex('ledger_entries_created').on('ledger_entries').column('created_at').execute();
  await db.schema.createIndex('ledger_entries_payment').on('ledger_entries').column('payment_id').execute();

  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`
      create function ledger_entries_append_only() returns trigger language plpgsql as $$
      begin
        raise exception 'ledger_entries is append-only';
      end;
      $$`.execute(db);
    await sql`
      create trigger ledger_entries_no_change before update or delete on ledger_entries
      for each row execute function ledger_entries_append_only()`.execute(db);
  } else {
    await sql`
      create trigger ledger_entries_no_update before update on ledger_entries
      begin select raise(abort, 'ledger_entries is append-only'); end`.execute(db);
    await sql`
      create trigger ledger_entries_no_delete before delete on ledger_entries
      begin select raise(abort, 'ledger_entries is append-only'); end`.execute(db);
  }

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id'))
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('fingerprint', 'text', (col) => col.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('response_body', 'text')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('completed_at', 'bigint')
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key'])
    .execute();
  await db.schema.createIndex('idempotency_keys_created').on('idempotency_keys').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('idempotency_keys').execute();
  await db.schema.dropTable('ledger_entries').execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop function if exists ledger_entries_append_only()`.execute(db);
  }
  await db.schema.dropTable('payments').execute();
  await db.schema.dropTable('invoice_lines').execute();
  await db.schema.dropTable('invoices').execute();
  await db.schema.dropTable('counters').execute();
}
