import type { Kysely } from 'kysely';

/**
 * A service's pending plan (docs/decisions/037-plan-changes.md): a cheaper plan of the same kind the customer chose,
 * which the next renewal switches the service to. Null when no downgrade waits.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('services').addColumn('pending_plan_id', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('services').dropColumn('pending_plan_id').execute();
}
