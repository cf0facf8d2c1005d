import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Read paths at scale (docs/decisions/025-scale-read-paths.md).
 *
 * `list_generations`: a counter per back-office list that moves with every change the list can see. The users
 * list keeps the ordered ids of a search (and the rows of the pages read) with the generation it read them at,
 * and reuses them while the generation has not moved, so paging through a broad search does not count and sort
 * every match again. The `users` counter moves on every insert and delete of an account, a service or a
 * domain, and on updates that change what the list shows, filters or sorts by: an account's e-mail, name, role,
 * status, language, creation, last sign-in or deletion; a service's owner, kind or status; a domain's owner.
 * Not on other updates: the no-op update that serialises an account's money operations (lib/idempotency.ts),
 * usage figures, expiry dates, so those do not wait on the counter's row.
 *
 * `ledger_entries_user_balance`: the balance is the ledger's sum (decision 012); this index holds every column
 * that sum reads, so it is summed from the index alone. The newest activity and notifications of an account
 * are read in (created, id) order: their indexes gain the id, so the dashboard takes the first five rows off
 * the index instead of sorting the account's rows, and unread notifications are counted from a partial index.
 */
const WATCHED: Record<string, string[]> = {
  users: [
    'email',
    'first_name',
    'last_name',
    'role',
    'status',
    'preferred_language',
    'created_at',
    'last_sign_in_at',
    'deleted_at',
  ],
  // The list shows each account's hosting, other-service and domain counts.
  services: ['user_id', 'kind', 'status'],
  domains: ['user_id'],
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('list_generations')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('value', 'bigint', (col) => col.notNull())
    .execute();
  await sql`insert into list_generations (name, value) values ('users', 0)`.execute(db);
  await db.schema
    .createIndex('ledger_entries_user_balance')
    .on('ledger_entries')
    .columns(['user_id', 'currency', 'amount_cents'])
    .execute();

  for (const table of ['activity', 'notifications']) {
    await db.schema.dropIndex(`${table}_user_created`).execute();
    await db.schema
      .createIndex(`${table}_user_created_id`)
      .on(table)
      .columns(['user_id', 'created_at', 'id'])
      .execute();
  }
  await sql`create index notifications_user_unread on notifications (user_id) where read_at is null`.execute(db);

  const bump = sql.raw(`update list_generations set value = value + 1 where name = 'users'`);
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) {
    await sql`create function bump_users_list_generation() returns trigger language plpgsql as $$
      begin ${bump}; return null; end $$`.execute(db);
  }
  for (const [table, columns] of Object.entries(WATCHED)) {
    const name = (event: string) => sql.raw(`${table}_list_generation_${event}`);
    if (postgres) {
      const changed = sql.raw(columns.map((c) => `old.${c} is distinct from new.${c}`).join(' or '));
      // One bump per statement for inserts and deletes (the demo seed inserts hundreds of rows at once).
      await sql`create trigger ${name('write')} after insert or delete on ${sql.raw(table)}
        for each statement execute function bump_users_list_generation()`.execute(db);
      await sql`create trigger ${name('update')} after update on ${sql.raw(table)}
        for each row when (${changed}) execute function bump_users_list_generation()`.execute(db);
    } else {
      const changed = sql.raw(columns.map((c) => `old.${c} is not new.${c}`).join(' or '));
      await sql`create trigger ${name('insert')} after insert on ${sql.raw(table)} begin ${bump}; end`.execute(db);
      await sql`create trigger ${name('delete')} after delete on ${sql.raw(table)} begin ${bump}; end`.execute(db);
      await sql`create trigger ${name('update')} after update on ${sql.raw(table)} when ${changed}
        begin ${bump}; end`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const table of Object.keys(WATCHED)) {
    for (const event of postgres ? ['write', 'update'] : ['insert', 'delete', 'update']) {
      const trigger = sql.raw(`${table}_list_generation_${event}`);
      if (postgres) await sql`drop trigger ${trigger} on ${sql.raw(table)}`.execute(db);
      else await sql`drop trigger ${trigger}`.execute(db);
    }
  }
  if (postgres) await sql`drop function bump_users_list_generation()`.execute(db);
  await db.schema.dropIndex('ledger_entries_user_balance').execute();
  await db.schema.dropIndex('notifications_user_unread').execute();
  for (const table of ['activity', 'notifications']) {
    await db.schema.dropIndex(`${table}_user_created_id`).execute();
    await db.schema.createIndex(`${table}_user_created`).on(table).columns(['user_id', 'created_at']).execute();
  }
  await db.schema.dropTable('list_generations').execute();
}
