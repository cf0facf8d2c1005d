import type { Kysely } from 'kysely';

/**
 * When the customer put away the dashboard's first-run checklist
 * (docs/decisions/054-charts-and-the-look-of-a-brand.md); null while it is shown.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('getting_started_dismissed_at', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('getting_started_dismissed_at').execute();
}
