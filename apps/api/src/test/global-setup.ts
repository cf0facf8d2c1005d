import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../db/index';

/**
 * Once per API test run (vitest.config.ts `globalSetup`): one database with every migration applied, which each
 * test file then copies instead of migrating its own (docs/decisions/061-a-faster-and-steadier-npm-test.md).
 * Migrating costs 0.6 s on SQLite and 2–3 s on PostgreSQL per test file on a busy machine; a copy costs a file copy
 * or a `CREATE DATABASE … TEMPLATE` of about 0.1–0.2 s. The migrations still run from an empty database here, on
 * every run, and db/migrations.test.ts runs them in a database of its own.
 */
export const TEMPLATE_SCHEMA = 'app';

declare module 'vitest' {
  export interface ProvidedContext {
    /** SQLite: the migrated database file to copy; PostgreSQL: the migrated template database's name. */
    templateDatabase: string;
    /** PostgreSQL: the prefix of every database this run makes, so that the teardown finds them all. */
    testDatabasePrefix: string;
  }
}

/** The same server address with another database name. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostpilot-template-'));
    const file = path.join(dir, 'work.db');
    const database = createDatabase({ kind: 'sqlite', file });
    await database.migrate();
    await database.close();
    // One self-contained file, without the write-ahead log beside it.
    const template = path.join(dir, 'app.db');
    const SQLite = (await import('better-sqlite3')).default;
    const handle = new SQLite(file);
    handle.prepare('vacuum into ?').run(template);
    handle.close();
    fs.chmodSync(template, 0o600);
    project.provide('templateDatabase', template);
    project.provide('testDatabasePrefix', '');
    return () => fs.rmSync(dir, { recursive: true, force: true });
  }

  // Lower case, letters, digits and underscores: safe to write into SQL as a name.
  const prefix = `hp_test_${randomBytes(4).toString('hex')}`;
  const template = `${prefix}_template`;
  try {
    await withClient(url, (client) => client.query(`create database ${template}`));
  } catch (error) {
    // A role without CREATEDB: every test file migrates a schema of its own in the test database, as before.
    if ((error as { code?: string }).code !== '42501') throw error;
    console.warn(`TEST_DATABASE_URL's role may not create databases (${(error as Error).message}): no template`);
    project.provide('templateDatabase', '');
    project.provide('testDatabasePrefix', '');
    return;
  }
  await withClient(withDatabase(url, template), (client) => client.query(`create schema ${TEMPLATE_SCHEMA}`));
  const database = createDatabase({
    kind: 'postgres',
    url: withDatabase(url, template),
    schema: TEMPLATE_SCHEMA,
    poolMax: 2,
  });
  await database.migrate();
  // Every connection to the template must be gone before it can be copied.
  await database.close();
  project.provide('templateDatabase', template);
  project.provide('testDatabasePrefix', prefix);
  return async () => {
    await withClient(url, async (client) => {
      // The test files drop their own; this catches what a crashed or interrupted file left.
      const { rows } = await client.query<{ datname: string }>(
        'select datname from pg_database where datname like $1',
        [`${prefix}\\_%`],
      );
      for (const { datname } of rows) await client.query(`drop database if exists ${datname} with (force)`);
    });
  };
}
