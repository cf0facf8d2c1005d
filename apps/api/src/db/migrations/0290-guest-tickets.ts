import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Guest tickets (docs/decisions/053-servers-section-guest-tickets-and-blog-addresses.md): the contact form opens a
 * support ticket for a visitor who has no account. Such a ticket has no `user_id`; it has the visitor's
 * `guest_email`, `guest_name` and `guest_language` (the language staff answers are mailed in) instead, and one of
 * the two owners is always there.
 *
 * The account-generation triggers of migration 0140 count a ticket's changes for its owner; a guest ticket has
 * none, so they now skip a null owner (PostgreSQL: the shared function; SQLite: the tickets' own triggers).
 *
 * SQLite cannot drop a NOT NULL constraint: the table is rebuilt (copied into a new one, which then takes the old
 * one's name), with foreign keys off meanwhile so that dropping the old table does not cascade into
 * `ticket_messages`, whose reference then names the new table. SQLite migrations run outside a transaction
 * (Kysely's SQLite adapter has no transactional DDL), which is what lets the pragma take effect.
 */
const upsert = (owner: string) =>
  `insert into account_generations (user_id, value) select ${owner}, 1 where ${owner} is not null ` +
  `on conflict (user_id) do update set value = account_generations.value + 1`;

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) {
    await sql`alter table tickets alter column user_id drop not null`.execute(db);
    await sql`alter table tickets add column guest_email text`.execute(db);
    await sql`alter table tickets add column guest_name text`.execute(db);
    await sql`alter table tickets add column guest_language text`.execute(db);
    await sql`alter table tickets add constraint tickets_owner check (user_id is not null or guest_email is not null)`.execute(
      db,
    );
    await sql`create or replace function bump_account_generation() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' and old.user_id is not null then
          insert into account_generations (user_id, value) values (old.user_id, 1)
          on conflict (user_id) do update set value = account_generations.value + 1;
        end if;
        if tg_op <> 'DELETE' and new.user_id is not null
          and (tg_op = 'INSERT' or new.user_id is distinct from old.user_id) then
          insert into account_generations (user_id, value) values (new.user_id, 1)
          on conflict (user_id) do update set value = account_generations.value + 1;
        end if;
        return null;
      end $$`.execute(db);
    await db.schema.createIndex('tickets_guest_email').on('tickets').column('guest_email').execute();
    return;
  }

  const indexes = await sql<{ sql: string }>`select sql from sqlite_master
    where type = 'index' and tbl_name = 'tickets' and sql is not null`.execute(db);
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.schema
      .createTable('tickets_rebuilt')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('number', 'integer', (col) => col.notNull().unique())
      .addColumn('user_id', 'text', (col) => col.references('users.id'))
      .addColumn('subject', 'text', (col) => col.notNull())
      .addColumn('department', 'text', (col) =>
        col.notNull().check(sql`department in ('technical', 'billing', 'sales', 'general')`),
      )
      .addColumn('priority', 'text', (col) => col.notNull().check(sql`priority in ('low', 'medium', 'high', 'urgent')`))
      .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('open', 'answered', 'closed')`))
      .addColumn('assigned_to', 'text', (col) => col.references('users.id'))
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .addColumn('closed_at', 'bigint')
      .addColumn('guest_email', 'text')
      .addColumn('guest_name', 'text')
      .addColumn('guest_language', 'text')
      .addCheckConstraint('tickets_owner', sql`user_id is not null or guest_email is not null`)
      .execute();
    await sql`insert into tickets_rebuilt (id, number, user_id, subject, department, priority, status, assigned_to,
      created_at, updated_at, closed_at)
      select id, number, user_id, subject, department, priority, status, assigned_to, created_at, updated_at, closed_at
      from tickets`.execute(db);
    await sql`drop table tickets`.execute(db);
    await sql`alter table tickets_rebuilt rename to tickets`.execute(db);
    for (const index of indexes.rows) await sql.raw(index.sql).execute(db);
    await db.schema.createIndex('tickets_guest_email').on('tickets').column('guest_email').execute();
    await sql`create trigger tickets_account_generation_insert after insert on tickets
      begin ${sql.raw(upsert('new.user_id'))}; end`.execute(db);
    await sql`create trigger tickets_account_generation_delete after delete on tickets
      begin ${sql.raw(upsert('old.user_id'))}; end`.execute(db);
    await sql`create trigger tickets_account_generation_update after update on tickets
      when old.user_id is not new.user_id or old.status is not new.status
      begin ${sql.raw(upsert('old.user_id'))};
        insert into account_generations (user_id, value) select new.user_id, 1
        where new.user_id is not null and new.user_id is not old.user_id
        on conflict (user_id) do update set value = account_generations.value + 1;
      end`.execute(db);
    const broken = await sql`pragma foreign_key_check`.execute(db);
    if (broken.rows.length > 0) throw new Error('The rebuilt tickets table breaks a foreign key');
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

export async function down(): Promise<void> {
  // A guest ticket has no account to give back to: the change is not undone.
  throw new Error('Migration 0290 (guest tickets) cannot be undone');
}
