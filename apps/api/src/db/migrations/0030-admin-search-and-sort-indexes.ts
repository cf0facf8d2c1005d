import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Indexes of the back-office lists (docs/decisions/015-admin-read-api-performance.md).
 *
 * Substring search ("contains", any case) of users' e-mail and name, domain names and services' domains uses a
 * trigram index, so it does not read every row:
 * - PostgreSQL: GIN indexes with pg_trgm's `gin_trgm_ops` (the extension is created in `public` when missing,
 *   and its operator class is named with the schema it lives in, whatever the search_path);
 * - SQLite: FTS5 tables with the trigram tokenizer, one per searched table, holding the row's id (unindexed)
 *   and its searched text, kept in step by triggers. They key on the id, not the rowid: a rowid that is not an
 *   INTEGER PRIMARY KEY may change on VACUUM.
 * Plus the orders the lists sort by.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('users_last_sign_in').on('users').column('last_sign_in_at').execute();
  await db.schema.createIndex('users_created').on('users').column('created_at').execute();
  await db.schema.createIndex('users_name').on('users').columns(['first_name', 'last_name']).execute();
  await db.schema.createIndex('services_kind_expires').on('services').columns(['kind', 'expires_at']).execute();
  await db.schema.createIndex('services_expires').on('services').column('expires_at').execute();
  await db.schema.createIndex('domains_expires').on('domains').column('expires_at').execute();
  await db.schema.createIndex('payments_created').on('payments').column('created_at').execute();
  await db.schema.createIndex('payments_completed').on('payments').columns(['status', 'completed_at']).execute();

  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
    const { rows } = await sql<{ schema: string }>`
      select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
      where e.extname = 'pg_trgm'`.execute(db);
    const ops = sql.raw(`${quoteIdent(rows[0]!.schema)}.gin_trgm_ops`);
    await sql`create index users_email_trgm on users using gin (email ${ops})`.execute(db);
    await sql`create index users_name_trgm on users using gin ((first_name || ' ' || last_name) ${ops})`.execute(db);
    await sql`create index domains_name_trgm on domains using gin (name ${ops})`.execute(db);
    await sql`create index services_domain_trgm on services using gin (domain ${ops})`.execute(db);
    return;
  }

  for (const { table, text, columns } of SQLITE_SEARCH) {
    await sql`create virtual table ${sql.raw(`${table}_search`)} using fts5(id unindexed, body, tokenize = 'trigram')`.execute(
      db,
    );
    const body = (row: 'new' | '') => sql.raw(text(row === '' ? '' : `${row}.`));
    await sql`insert into ${sql.raw(`${table}_search`)} (id, body) select id, ${body('')} from ${sql.raw(table)}`.execute(
      db,
    );
    await sql`
      create trigger ${sql.raw(`${table}_search_insert`)} after insert on ${sql.raw(table)}
      begin insert into ${sql.raw(`${table}_search`)} (id, body) values (new.id, ${body('new')}); end`.execute(db);
    await sql`
      create trigger ${sql.raw(`${table}_search_delete`)} after delete on ${sql.raw(table)}
      begin delete from ${sql.raw(`${table}_search`)} where id = old.id; end`.execute(db);
    await sql`
      create trigger ${sql.raw(`${table}_search_update`)} after update of ${sql.raw(columns)}
      on ${sql.raw(table)}
      begin update ${sql.raw(`${table}_search`)} set body = ${body('new')} where id = old.id; end`.execute(db);
  }
}

/**
 * The searched text of each table on SQLite, one FTS5 column: a trigram phrase never spans two columns' text,
 * and the separator (U+001F) is a character no search contains (control characters are refused).
 */
const SQLITE_SEARCH: { table: string; columns: string; text: (prefix: string) => string }[] = [
  {
    table: 'users',
    columns: 'email, first_name, last_name',
    text: (p) => `${p}email || char(31) || ${p}first_name || ' ' || ${p}last_name`,
  },
  { table: 'domains', columns: 'name', text: (p) => `${p}name` },
  { table: 'services', columns: 'domain', text: (p) => `coalesce(${p}domain, '')` },
];

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const index of ['users_email_trgm', 'users_name_trgm', 'domains_name_trgm', 'services_domain_trgm']) {
      await db.schema.dropIndex(index).execute();
    }
  } else {
    for (const { table } of SQLITE_SEARCH) {
      for (const trigger of ['insert', 'delete', 'update']) {
        await sql`drop trigger ${sql.raw(`${table}_search_${trigger}`)}`.execute(db);
      }
      await sql`drop table ${sql.raw(`${table}_search`)}`.execute(db);
    }
  }
  for (const index of [
    'users_last_sign_in',
    'users_created',
    'users_name',
    'services_kind_expires',
    'services_expires',
    'domains_expires',
    'payments_created',
    'payments_completed',
  ]) {
    await db.schema.dropIndex(index).execute();
  }
}
