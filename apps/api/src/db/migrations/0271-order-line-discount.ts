import { type Kysely, sql } from 'kysely';

/**
 * What an order line took off its period price (docs/decisions/052-money-journeys.md): the first year of a domain
 * registered with a hosting plan that includes a free domain. `amount_cents` stays what the line costs; the period
 * price is `amount_cents + discount_cents`, and `free_domain_with` names the hosting plan that gave the discount.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('order_lines')
    .addColumn('discount_cents', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`discount_cents >= 0`),
    )
    .execute();
  await db.schema.alterTable('order_lines').addColumn('free_domain_with', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('order_lines').dropColumn('free_domain_with').execute();
  await db.schema.alterTable('order_lines').dropColumn('discount_cents').execute();
}
