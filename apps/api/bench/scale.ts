// The scaled part of npm run bench:api (BENCH_SCALE set): the back-office users list and the customer
// dashboard summary over a large population, beside GET /api/users/me and the bare route, in the same run.
//
// Starts the built API on a throw-away database (a temporary SQLite file, or with BENCH_DATABASE=postgres a
// schema of its own in BENCH_DATABASE_URL, dropped afterwards) with SEED_SCALE=BENCH_SCALE customers: the
// demo seed writes them at start-up, which takes minutes for 100,000. With BENCH_KEEP the database is kept for
// the next run instead (SQLite: BENCH_KEEP names the data directory; PostgreSQL: the schema), and a run that
// finds it seeded only migrates it and adds the customers missing. Then measures with 10 clients:
//   GET /bare, GET /api/users/me, GET /api/admin/users?q=<e-mail fragment>&sort=lastSignInAt&order=desc&page=3&pageSize=20,
//   GET /api/dashboard/summary (the demo customer).
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { DEMO_ADMIN, DEMO_CUSTOMER } from '@hostpilot/shared';

export const SCALE = Number(process.env.BENCH_SCALE ?? 0);
export const SCALE_DATABASE = process.env.BENCH_DATABASE === 'postgres' ? 'postgres' : 'sqlite';
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** A database to keep between runs: the SQLite data directory, or the PostgreSQL schema name. */
export const KEEP = process.env.BENCH_KEEP?.trim() || undefined;

/**
 * Environment of the API for the scaled run, and how to drop its database afterwards (nothing to drop when
 * BENCH_KEEP names one to keep). `dataDir` is the SQLite run's data directory.
 */
export async function scaledDatabase(
  dataDir: string,
): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  const base = { SEED_SCALE: String(SCALE) };
  if (SCALE_DATABASE === 'sqlite') return { env: { ...base, DATA_DIR: dataDir }, drop: async () => undefined };
  if (KEEP !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(KEEP)) {
    throw new Error(`BENCH_KEEP=${KEEP}: a PostgreSQL schema name is lower-case letters, digits and _`);
  }
  const schema = KEEP ?? `bench_${randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: DATABASE_URL });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create schema ${KEEP ? 'if not exists ' : ''}${schema}`);
  return {
    env: { ...base, DATA_DIR: dataDir, DATABASE_URL, DATABASE_SCHEMA: schema },
    drop: KEEP ? async () => undefined : () => run(`drop schema if exists ${schema} cascade`),
  };
}

async function signIn(api: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${api}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in of ${email} failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

export interface ScaledTargets {
  customerToken: string;
  adminToken: string;
  /** The admin users list query: an e-mail fragment, sorted by last sign-in, page 3 of 20. */
  usersUrl: string;
  fragment: string;
  matches: number;
  customers: number;
}

/**
 * Signs in the demo customer and administrator and picks an e-mail fragment that matches enough population
 * customers for a page 3 of 20 (the first part of a population e-mail, the handle's given name).
 */
export async function scaledTargets(api: string): Promise<ScaledTargets> {
  const customerToken = await signIn(api, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
  const adminToken = await signIn(api, DEMO_ADMIN.email, DEMO_ADMIN.password);
  const headers = { authorization: `Bearer ${adminToken}` };
  const list = async (query: string) => {
    const response = await fetch(`${api}/api/admin/users?${query}`, { headers });
    if (!response.ok) throw new Error(`admin users list failed: ${response.status} ${await response.text()}`);
    return (await response.json()) as { items: { email: string }[]; total: number };
  };
  const sample = await list('role=customer&sort=email&page=7&pageSize=20');
  for (const { email } of sample.items) {
    const fragment = email.split(/[.@]/)[0]!.slice(0, 5);
    if (fragment.length < 3) continue;
    const query = `q=${encodeURIComponent(fragment)}&sort=lastSignInAt&order=desc&page=3&pageSize=20`;
    const page = await list(query);
    if (page.total >= 60) {
      return {
        customerToken,
        adminToken,
        usersUrl: `${api}/api/admin/users?${query}`,
        fragment,
        matches: page.total,
        customers: sample.total,
      };
    }
  }
  throw new Error('no e-mail fragment matches 60 customers: is the population seeded?');
}

export const describeMachine = () => `${os.cpus().length} CPU(s), load ${os.loadavg()[0]!.toFixed(1)}`;
