import { SECURITY_SETTING } from '../lib/security-settings';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Writable } from 'node:stream';
import { type App, type BuildOptions, buildApp, type ReadyConfig } from '../app';
import { loadConfig } from '../config';

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

/** A fresh, empty database for one test file: a temporary SQLite file, or its own PostgreSQL schema. */
async function freshDatabase(env: Record<string, string>, dataDir: string) {
  if (!TEST_DATABASE_URL) return { env, drop: async () => undefined };
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  await client.query(`create schema ${schema}`);
  await client.end();
  return {
    env: { ...env, DATABASE_URL: TEST_DATABASE_URL, DATABASE_SCHEMA: schema, DATA_DIR: dataDir },
    drop: async () => {
      const dropper = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await dropper.connect();
      await dropper.query(`drop schema if exists ${schema} cascade`);
      await dropper.end();
    },
  };
}

export async function createTestApp(
  overrides: Record<string, string> = {},
  options: Omit<BuildOptions, 'logStream'> = {},
  testOptions: { productDefaults?: boolean } = {},
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
  const database = await freshDatabase(baseEnv, dataDir);
  const config = loadConfig(database.env) as ReadyConfig;

  let logText = '';
  const logStream = new Writable({
    write(chunk, _encoding, callback) {
      logText += chunk.toString();
      callback();
    },
  });

  const app = await buildApp(config, { serveWebApp: false, ...options, logStream });
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
