import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CamelCasePlugin, Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { Config } from '../config';
import { secureDirectory, secureFile } from '../lib/data-dir';
import { migrations } from './migrations/index';
import type { Database } from './schema';

export type DatabaseKind = Config['database']['kind'];

export interface AppDatabase {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** Round-trips a trivial query; throws when the database does not answer. */
  ping(): Promise<void>;
  /**
   * Marks a statement (its exact SQL text) as run often enough to keep its plan: on PostgreSQL each connection
   * prepares it once under a name instead of planning it on every run. SQLite already keeps every compiled
   * statement (withStatementCache).
   */
  prepare(sqlText: string): void;
  migrate(): Promise<string[]>;
  close(): Promise<void>;
}

// PostgreSQL bigint (int8) columns hold epoch milliseconds: read them as numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

function openSqlite(file: string): SQLite.Database {
  // Only the server's user may read the database: its directory 0700, the file 0600. SQLite gives the -wal and
  // -shm files the database file's mode.
  if (file !== ':memory:') {
    secureDirectory(path.dirname(file));
    for (const suffix of ['-wal', '-shm']) secureFile(`${file}${suffix}`);
    secureFile(file, true);
  }
  const handle = new SQLite(file);
  handle.pragma('journal_mode = WAL');
  handle.pragma('busy_timeout = 5000');
  handle.pragma('foreign_keys = ON');
  // In WAL mode NORMAL keeps every committed transaction across a process crash;
  // only a power loss can roll back the last ones.
  handle.pragma('synchronous = NORMAL');
  // 64 MiB of page cache instead of SQLite's 2 MiB default: a back-office search over 100,000 accounts reads
  // thousands of scattered rows (decision 015).
  handle.pragma('cache_size = -65536');
  return withStatementCache(handle);
}

/** How many compiled statements a SQLite connection keeps (the API runs a few dozen distinct queries). */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query it runs, and better-sqlite3 compiles the SQL again on each prepare(): a tenth of
 * the cost of a one-row read (decision 015). Compiled statements are kept by SQL text, least recently used
 * dropped first; one still being iterated (a streamed query) is not handed out twice.
 */
export function withStatementCache(handle: SQLite.Database, size = STATEMENT_CACHE_SIZE): SQLite.Database {
  const cache = new Map<string, SQLite.Statement>();
  const prepare = handle.prepare.bind(handle);
  handle.prepare = ((source: string) => {
    const cached = cache.get(source);
    if (cached && !cached.busy) {
      cache.delete(source);
      cache.set(source, cached);
      return cached;
    }
    const statement = prepare(source);
    if (!cached) {
      cache.set(source, statement);
      if (cache.size > size) cache.delete(cache.keys().next().value!);
    }
    return statement;
  }) as SQLite.Database['prepare'];
  return handle;
}

export function createDatabase(config: Config['database']): AppDatabase {
  const plugins = [new CamelCasePlugin()];
  // Statements to run as named prepared statements on PostgreSQL: SQL text → statement name.
  const prepared = new Map<string, string>();
  let db: Kysely<Database>;
  if (config.kind === 'sqlite') {
    db = new Kysely<Database>({ dialect: new SqliteDialect({ database: openSqlite(config.file) }), plugins });
  } else {
    const pool = new pg.Pool({
      connectionString: config.url,
      max: config.poolMax,
      connectionTimeoutMillis: 5000,
      idleTimeoutMillis: 30_000,
      statement_timeout: 10_000,
      // The client side of the same bound, for a server that stops answering without closing the connection.
      query_timeout: 12_000,
      ...(config.schema ? { options: `-c search_path=${config.schema}` } : {}),
    });
    // A client that loses its server must not crash the process. The pool handles idle clients ('error' on
    // the pool); a client checked out between two queries (inside a transaction, say) emits 'error' itself,
    // which without a listener is an uncaught exception. Its next query then fails (503) and the pool drops
    // it on release, so the API recovers by itself once the database is back.
    pool.on('error', () => undefined);
    pool.on('connect', (client) => {
      client.on('error', () => undefined);
      // Kysely runs each query as client.query(text, values); a statement marked by prepare() goes by name, so
      // the server parses and plans it once per connection (docs/decisions/025-scale-read-paths.md).
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      client.query = ((...args: unknown[]) => {
        const [text, values] = args;
        const name = typeof text === 'string' && args.length === 2 ? prepared.get(text) : undefined;
        return name ? query({ name, text, values }) : query(...args);
      }) as typeof client.query;
    });
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins });
  }

  return {
    db,
    kind: config.kind,
    async ping() {
      await sql`select 1`.execute(db);
    },
    prepare(sqlText: string) {
      if (config.kind === 'postgres' && !prepared.has(sqlText)) prepared.set(sqlText, `hp_${prepared.size + 1}`);
    },
    async migrate() {
      const migrator = new Migrator({
        db,
        provider: { getMigrations: async () => migrations },
        migrationTableName: 'schema_migrations',
        migrationLockTableName: 'schema_migrations_lock',
        // Without it Kysely takes a migration table in any schema of the database for ours, skips creating
        // its own and fails (another deployment, or a parallel test run, in the same database).
        ...(config.kind === 'postgres' && config.schema ? { migrationTableSchema: config.schema } : {}),
      });
      const { error, results } = await migrator.migrateToLatest();
      if (error) throw error instanceof Error ? error : new Error(String(error));
      return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
    },
    async close() {
      await db.destroy();
    },
  };
}
