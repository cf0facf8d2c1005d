import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Read paths at scale (docs/decisions/025-scale-read-paths.md).
 *
 * `list_generations`: a counter per listed table that moves with every change a back-office list can see.
 * The users list keeps the ordered ids of a search with the generation it read them at, and reuses them while
 * the generation has not moved, so paging through a broad search does not count and sort every match again.
 * The `users` counter moves on every insert and delete, and on updates that change what the list shows, filters
 * or sorts by (e-mail, name, role, status, language, created, last sign-in, deleted); not on the no-op update that
 * serialises an account's money operations (lib/idempotency.ts), so those do not wait on the counter's row.
 *
 * `ledger_entries_user_balance`: the balance is the ledger's sum (decision 012); this index holds every column
 * that sum reads, so it is summed from the index alone. The newest activity and notifications of an account
 * are read in (created, id) order: their indexes gain the id, so the dashboard takes the first five rows off
 * the index instead of sorting the account's rows, and unread notifications are counted from a partial index.
 */
const WATCHED = [
  'email',
  'first_name',
  'last_name',
  'role',
  'status',
  'preferred_language',
  'created_at',
  'last_sign_in_at',
  'deleted_at',
];

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

  const changed = sql.raw(WATCHED.map((c) => `old.${c} is not new.${c}`).join(' or '));
  const bump = sql.raw(`update list_generations set value = value + 1 where name = 'users'`);
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const distinct = sql.raw(WATCHED.map((c) => `old.${c} is distinct from new.${c}`).join(' or '));
    await sql`create function users_list_generation() returns trigger language plpgsql as $$
      begin ${bump}; return null; end $$`.execute(db);
    // One bump per statement for inserts and deletes (the demo seed inserts hundreds of accounts at once).
    await sql`create trigger users_list_generation_write after insert or delete on users
      for each statement execute function users_list_generation()`.execute(db);
    await sql`create trigger users_list_generation_update after update on users
      for each row when (${distinct}) execute function users_list_generation()`.execute(db);
    return;
  }
  await sql`create trigger users_list_generation_insert after insert on users begin ${bump}; end`.execute(db);
  await sql`create trigger users_list_generation_delete after delete on users begin ${bump}; end`.execute(db);
  await sql`create trigger users_list_generation_update after update on users when ${changed}
    begin ${bump}; end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop trigger users_list_generation_write on users`.execute(db);
    await sql`drop trigger users_list_generation_update on users`.execute(db);
    await sql`drop function users_list_generation()`.execute(db);
  } else {
    for (const trigger of ['insert', 'delete', 'update']) {
      await sql`drop trigger ${sql.raw(`users_list_generation_${trigger}`)}`.execute(db);
    }
  }
  await db.schema.dropIndex('ledger_entries_user_balance').execute();
  await db.schema.dropIndex('notifications_user_unread').execute();
  for (const table of ['activity', 'notifications']) {
    await db.schema.dropIndex(`${table}_user_created_id`).execute();
    await db.schema.createIndex(`${table}_user_created`).on(table).columns(['user_id', 'created_at']).execute();
  }
  await db.schema.dropTable('list_generations').execute();
}
