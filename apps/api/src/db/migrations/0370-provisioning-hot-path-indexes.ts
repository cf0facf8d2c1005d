import type { Kysely } from 'kysely';

/**
 * Indexes for the queries the provisioning workers and every DNS edit run
 * (docs/decisions/042-provisioning-engine.md, addendum "The customer's edit while a queue drains"):
 * - the unfinished tasks of one resource (the outbox's fold of an edit into a pending update, the workers' "no
 *   earlier unfinished task of this resource", a resource's setup state) were found by walking every task the
 *   resource ever had, done ones included, on `provisioning_tasks_resource`; with the status before the id they
 *   are a seek per status, however long the history;
 * - the hosting that serves a domain (`services.domain`, read for every DNS task's A/AAAA) had no index on
 *   SQLite (PostgreSQL's trigram index serves searches, not this equality) and was a scan of every service.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('provisioning_tasks_resource_open')
    .on('provisioning_tasks')
    .columns(['resource_type', 'resource_id', 'status', 'id'])
    .execute();
  await db.schema.createIndex('services_domain').on('services').column('domain').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('services_domain').execute();
  await db.schema.dropIndex('provisioning_tasks_resource_open').execute();
}
