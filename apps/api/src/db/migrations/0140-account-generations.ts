import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Per-account generations (docs/decisions/039-account-generation-and-kept-answers.md).
 *
 * `account_generations`: a counter per account that moves, in the same transaction, with every change the
 * dashboard summary can show: the account's services, domains, tickets, ledger entries, notifications and
 * activity. `app.authenticate` reads it with the account on every request, so an answer kept for the account
 * (the summary) is served only while nothing it was built from has changed. No row means nothing has changed
 * since the migration: the counter reads 0.
 *
 * On PostgreSQL the triggers are deferred constraint triggers: the counter is written at commit, the last thing
 * a transaction does, so a transaction never holds an account's counter while it waits for another lock (the
 * users list's generation, an account's row locked for a money operation); no lock-order deadlock can form
 * around it. On SQLite one writer at a time leaves nothing to order, and plain triggers do.
 */
const WATCHED: Record<string, string[] | 'all'> = {
  services: ['user_id', 'kind', 'status', 'expires_at', 'domain', 'name'],
  domains: ['user_id', 'name', 'status', 'expires_at', 'deleted_at'],
  tickets: ['user_id', 'status'],
  ledger_entries: 'all',
  notifications: 'all',
  activity: 'all',
};

const upsert = (owner: string) =>
  `insert into account_generations (user_id, value) values (${owner}, 1) ` +
  `on conflict (user_id) do update set value = account_generations.value + 1`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('account_generations')
    .addColumn('user_id', 'text', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('value', 'bigint', (col) => col.notNull())
    .execute();

  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) {
    await sql`create function bump_account_generation() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' then ${sql.raw(upsert('old.user_id'))}; end if;
        if tg_op <> 'DELETE' and (tg_op = 'INSERT' or new.user_id is distinct from old.user_id) then
          ${sql.raw(upsert('new.user_id'))};
        end if;
        return null;
      end $$`.execute(db);
  }
  for (const [table, columns] of Object.entries(WATCHED)) {
    const name = (event: string) => sql.raw(`${table}_account_generation_${event}`);
    const target = sql.raw(table);
    if (postgres) {
      // A constraint trigger fires for each row; on updates only when a column the summary reads changed.
      const events = columns === 'all' ? sql.raw('insert or update or delete') : sql.raw('insert or delete');
      await sql`create constraint trigger ${name('write')} after ${events} on ${target}
        deferrable initially deferred for each row execute function bump_account_generation()`.execute(db);
      if (columns !== 'all') {
        const changed = sql.raw(columns.map((c) => `old.${c} is distinct from new.${c}`).join(' or '));
        await sql`create constraint trigger ${name('update')} after update on ${target}
          deferrable initially deferred for each row when (${changed})
          execute function bump_account_generation()`.execute(db);
      }
    } else {
      await sql`create trigger ${name('insert')} after insert on ${target}
        begin ${sql.raw(upsert('new.user_id'))}; end`.execute(db);
      await sql`create trigger ${name('delete')} after delete on ${target}
        begin ${sql.raw(upsert('old.user_id'))}; end`.execute(db);
      const changed =
        columns === 'all' ? sql.raw('1') : sql.raw(columns.map((c) => `old.${c} is not new.${c}`).join(' or '));
      // The new owner too when a row changes hands (the select's where also settles SQLite's upsert syntax).
      const newOwner =
        'insert into account_generations (user_id, value) select new.user_id, 1 where new.user_id is not old.user_id ' +
        'on conflict (user_id) do update set value = account_generations.value + 1';
      await sql`create trigger ${name('update')} after update on ${target} when ${changed}
        begin ${sql.raw(upsert('old.user_id'))}; ${sql.raw(newOwner)}; end`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const [table, columns] of Object.entries(WATCHED)) {
    const events = postgres ? (columns === 'all' ? ['write'] : ['write', 'update']) : ['insert', 'delete', 'update'];
    for (const event of events) {
      const trigger = sql.raw(`${table}_account_generation_${event}`);
      if (postgres) await sql`drop trigger ${trigger} on ${sql.raw(table)}`.execute(db);
      else await sql`drop trigger ${trigger}`.execute(db);
    }
  }
  if (postgres) await sql`drop function bump_account_generation()`.execute(db);
  await db.schema.dropTable('account_generations').execute();
}
