import { SECURITY_SETTING } from '../lib/security-settings';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Writable } from 'node:stream';
import { inject } from 'vitest';
import { type App, type BuildOptions, buildApp, type ReadyConfig } from '../app';
import { loadConfig } from '../config';
import { TEMPLATE_SCHEMA, withDatabase } from './global-setup';

/** The PostgreSQL server the API tests use when set (npm test sets it when 127.0.0.1:5432 answers). */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
export const DATABASE_UNDER_TEST = TEST_DATABASE_URL ? 'postgres' : 'sqlite';

export interface TestContext {
  app: App;
  config: ReadyConfig;
  /** Every log line written so far, as raw JSON text. */
  logs: () => string;
  close: () => Promise<void>;
}

/**
 * A fresh database for one test file: a temporary SQLite file, or a PostgreSQL database of its own. It is a copy of
 * the run's migrated template (test/global-setup.ts), unless the test asks for an empty one, which the app then
 * migrates itself (on PostgreSQL: a schema of its own in the test database).
 */
async function freshDatabase(env: Record<string, string>, dataDir: string, empty: boolean) {
  // Outside vitest (the benchmarks in bench/) there is no run template: the app migrates an empty database itself.
  const template = empty || !process.env.VITEST ? undefined : inject('templateDatabase');
  if (!TEST_DATABASE_URL) {
    if (template) {
      const file = path.join(dataDir, 'app.db');
      fs.copyFileSync(template, file);
      fs.chmodSync(file, 0o600);
    }
    return { env, drop: async () => undefined };
  }
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  if (template) {
    // Names from the global setup and random hex: lower case letters, digits and underscores only.
    const database = `${inject('testDatabasePrefix')}_${randomBytes(6).toString('hex')}`;
    await admin(`create database ${database} template ${template}`);
    return {
      env: {
        ...env,
        DATABASE_URL: withDatabase(TEST_DATABASE_URL, database),
        DATABASE_SCHEMA: TEMPLATE_SCHEMA,
        DATA_DIR: dataDir,
      },
      drop: () => admin(`drop database if exists ${database} with (force)`),
    };
  }
  const schema = `test_${randomBytes(6).toString('hex')}`;
  await admin(`create schema ${schema}`);
  return {
    env: { ...env, DATABASE_URL: TEST_DATABASE_URL, DATABASE_SCHEMA: schema, DATA_DIR: dataDir },
    drop: () => admin(`drop schema if exists ${schema} cascade`),
  };
}

export async function createTestApp(
  overrides: Record<string, string> = {},
  options: Omit<BuildOptions, 'logStream'> = {},
  testOptions: {
    productDefaults?: boolean;
    /** An empty database the app migrates on start, rather than a copy of the migrated template. */
    emptyDatabase?: boolean;
  } = {},
): Promise<TestContext> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostpilot-test-'));
  const baseEnv: Record<string, string> = {
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    SEED_DEMO: 'false',
    // The fuzz and bad-input tests send thousands of requests from one address; request-limit.test.ts sets
    // its own small limit.
    RATE_LIMIT_API_MAX: '1000000',
    // Bursts of parallel sign-ins in the tests are not turned away by the hashing cap; hardening.test.ts tests it.
    PASSWORD_HASH_CONCURRENCY: '64',
    JWT_SECRET: randomBytes(32).toString('hex'),
    ...overrides,
  };
  const database = await freshDatabase(baseEnv, dataDir, testOptions.emptyDatabase ?? false);
  const config = loadConfig(database.env) as ReadyConfig;

  let logText = '';
  const logStream = new Writable({
    write(chunk, _encoding, callback) {
      logText += chunk.toString();
      callback();
    },
  });

  const app = await buildApp(config, { serveWebApp: false, serializersOnFirstAnswer: true, ...options, logStream });
  // Staff two-factor is required by default; the tests' staff accounts have none, so the rule is off unless a
  // test asks for the product's defaults (two-factor.test.ts).
  if (!testOptions.productDefaults) {
    await app.database.db
      .insertInto('settings')
      .values({
        key: SECURITY_SETTING,
        value: '{"requireStaffTwoFactor":false}',
        updatedAt: Date.now(),
        updatedBy: null,
      })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
  }
  return {
    app,
    config,
    logs: () => logText,
    async close() {
      await app.close();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
