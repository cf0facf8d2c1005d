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
  return handle;
}

export function createDatabase(config: Config['database']): AppDatabase {
  const plugins = [new CamelCasePlugin()];
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
    });
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins });
  }

  return {
    db,
    kind: config.kind,
    async ping() {
      await sql`select 1`.execute(db);
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
