import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  type ApiProcess,
  apiOutputs,
  createPgSchema,
  killAll,
  newSecret,
  type PgSchema,
  postJson,
  prng,
  sleep,
  startApi,
  tempDir,
  until,
} from './support';

/**
 * kill -9 at random moments while clients register and rotate refresh tokens, ROUNDS times, on SQLite and on
 * PostgreSQL. After every kill the stored data must hold every acknowledged registration and rotation, nothing
 * half-written (a user without a sign-in, a used token without its successor, an orphan), no token family with
 * two live tokens, and (SQLite) a file that passes PRAGMA integrity_check.
 */

const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 24);
const WORKERS = 4;
const SEED = Number(process.env.CRASH_SEED ?? 0xc0ffee);

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

interface UserRow {
  id: string;
  email: string;
}
interface TokenRow {
  id: string;
  tokenHash: string;
  familyId: string;
  parentId: string | null;
  userId: string;
  usedAt: number | null;
  revokedAt: number | null;
}
interface Stored {
  users: UserRow[];
  tokens: TokenRow[];
  integrity: string;
}

/** What the client was told: registrations and, per sign-in, every refresh token it received in order. */
interface Family {
  email: string;
  tokens: string[];
  /** A refresh was sent and no answer came (the server died): whether it was applied is unknown. */
  uncertain: boolean;
  busy: boolean;
}
interface Ledger {
  users: Map<string, string>;
  families: Family[];
  unexpected: string[];
  rotations: number;
}

async function drive(api: ApiProcess, ledger: Ledger, round: number, worker: number, stop: () => boolean) {
  const random = prng(SEED + round * 100 + worker);
  let n = 0;
  while (!stop()) {
    const family = ledger.families.find((f) => !f.uncertain && !f.busy && random() < 0.5);
    if (family && random() < 0.7) {
      family.busy = true;
      const token = family.tokens.at(-1)!;
      try {
        const answer = await postJson(`${api.url}/api/auth/refresh`, { refreshToken: token });
        if (answer.status === 200) {
          family.tokens.push((answer.body as { refresh_token: string }).refresh_token);
          ledger.rotations += 1;
        } else {
          ledger.unexpected.push(
            `refresh of an acknowledged token answered ${answer.status} ${JSON.stringify(answer.body)}`,
          );
          family.uncertain = true;
        }
      } catch {
        family.uncertain = true;
        return;
      } finally {
        family.busy = false;
      }
    } else {
      const email = `crash-${round}-${worker}-${n++}@example.com`;
      try {
        const answer = await postJson(`${api.url}/api/auth/register`, {
          firstName: 'Crash',
          lastName: `Round ${round}`,
          email,
          password: 'correct horse battery',
        });
        if (answer.status === 201) {
          const body = answer.body as { user: { id: string }; refresh_token: string };
          ledger.users.set(email, body.user.id);
          ledger.families.push({ email, tokens: [body.refresh_token], uncertain: false, busy: false });
        } else {
          ledger.unexpected.push(`registration answered ${answer.status} ${JSON.stringify(answer.body)}`);
        }
      } catch {
        return;
      }
    }
  }
}

/** Every property the stored data must have, whatever moment the process died at. */
function violations(stored: Stored, ledger: Ledger): string[] {
  const problems: string[] = [];
  if (stored.integrity !== 'ok') problems.push(`integrity_check: ${stored.integrity}`);
  const usersByEmail = new Map(stored.users.map((u) => [u.email, u.id]));
  for (const [email, id] of ledger.users) {
    if (usersByEmail.get(email) !== id) problems.push(`acknowledged registration ${email} is missing`);
  }
  const byHash = new Map(stored.tokens.map((t) => [t.tokenHash, t]));
  const byId = new Map(stored.tokens.map((t) => [t.id, t]));
  const children = new Map<string, number>();
  for (const t of stored.tokens) if (t.parentId) children.set(t.parentId, (children.get(t.parentId) ?? 0) + 1);

  for (const family of ledger.families) {
    const rows = family.tokens.map((token) => byHash.get(sha256(token)));
    rows.forEach((row, i) => {
      if (!row) problems.push(`acknowledged token ${i} of ${family.email} is missing`);
      else if (row.familyId !== rows[0]?.familyId) problems.push(`token ${i} of ${family.email} left its family`);
      else if (i < rows.length - 1 && row.usedAt === null)
        problems.push(`rotated token ${i} of ${family.email} is unused`);
    });
    const latest = rows.at(-1);
    if (!family.uncertain && latest && (latest.usedAt !== null || latest.revokedAt !== null)) {
      problems.push(`the latest acknowledged token of ${family.email} is no longer live`);
    }
  }

  const live = new Map<string, number>();
  for (const t of stored.tokens) {
    if (t.usedAt === null && t.revokedAt === null) live.set(t.familyId, (live.get(t.familyId) ?? 0) + 1);
    if (t.parentId) {
      const parent = byId.get(t.parentId);
      if (!parent) problems.push(`token ${t.id} has no parent row`);
      else if (parent.familyId !== t.familyId || parent.usedAt === null)
        problems.push(`token ${t.id}: parent not used up`);
    }
    if (t.usedAt !== null && children.get(t.id) !== 1)
      problems.push(`used token ${t.id} has ${children.get(t.id) ?? 0} children`);
  }
  for (const [familyId, count] of live) if (count > 1) problems.push(`family ${familyId} has ${count} live tokens`);
  const userIds = new Set(stored.users.map((u) => u.id));
  const usersWithTokens = new Set(stored.tokens.map((t) => t.userId));
  for (const id of userIds) if (!usersWithTokens.has(id)) problems.push(`user ${id} was stored without a sign-in`);
  for (const id of usersWithTokens) if (!userIds.has(id)) problems.push(`tokens of a missing user ${id}`);
  return problems;
}

const TOKEN_COLUMNS =
  'id, token_hash as "tokenHash", family_id as "familyId", parent_id as "parentId", user_id as "userId", ' +
  'used_at as "usedAt", revoked_at as "revokedAt"';

interface Target {
  env: Record<string, string>;
  read: () => Promise<Stored>;
  cleanup: () => Promise<void>;
}

function sqliteTarget(): Target {
  const dataDir = tempDir('crash');
  return {
    env: { DATA_DIR: dataDir },
    read: async () => {
      // The server is dead: open the file as it left it (the WAL is replayed on open).
      const db = new SQLite(path.join(dataDir, 'app.db'));
      try {
        return {
          integrity: String(db.pragma('integrity_check', { simple: true })),
          users: db.prepare('select id, email from users').all() as UserRow[],
          tokens: db.prepare(`select ${TOKEN_COLUMNS} from refresh_tokens`).all() as TokenRow[],
        };
      } finally {
        db.close();
      }
    },
    cleanup: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function postgresTarget(): Promise<Target & { schema: PgSchema }> {
  const schema = await createPgSchema();
  return {
    schema,
    env: { ...schema.env, DATA_DIR: tempDir('crash-pg') },
    read: async () => ({
      integrity: 'ok',
      users: await schema.query<UserRow>('select id, email from users'),
      tokens: await schema.query<TokenRow>(`select ${TOKEN_COLUMNS} from refresh_tokens`),
    }),
    cleanup: async () => schema.drop(),
  };
}

const cleanups: (() => Promise<void>)[] = [];
afterEach((context) => {
  if (context.task.result?.state === 'fail') console.error(apiOutputs());
  killAll();
});
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

async function crashLoop(target: Target) {
  const env = {
    ...target.env,
    JWT_SECRET: newSecret(),
    RATE_LIMIT_REGISTER_MAX: '1000000',
  };
  const ledger: Ledger = { users: new Map(), families: [], unexpected: [], rotations: 0 };
  const random = prng(SEED);
  for (let round = 0; round < ROUNDS; round += 1) {
    const api = await startApi(env);
    let stopped = false;
    const workers = Array.from({ length: WORKERS }, (_, w) => drive(api, ledger, round, w, () => stopped));
    // Kill at a random moment once this run has done some work: after 1 to 4 acknowledged writes, plus up to
    // 150 ms. Four clients keep requests in flight all the while.
    const before = ledger.users.size + ledger.rotations;
    const goal = before + 1 + Math.floor(random() * 4);
    await until(() => ledger.users.size + ledger.rotations >= goal || ledger.unexpected.length > 0, 60_000, 'progress');
    await sleep(Math.floor(random() * 150));
    api.kill('SIGKILL');
    const exit = await api.exited();
    stopped = true;
    await Promise.all(workers);
    expect(exit.signal).toBe('SIGKILL');
    expect(violations(await target.read(), ledger), `after kill ${round + 1}`).toEqual([]);
  }
  expect(ledger.unexpected).toEqual([]);

  // After the last restart every acknowledged sign-in still works: its newest token refreshes.
  const api = await startApi(env);
  for (const family of ledger.families.filter((f) => !f.uncertain)) {
    const answer = await postJson(`${api.url}/api/auth/refresh`, { refreshToken: family.tokens.at(-1) });
    expect(answer.status, family.email).toBe(200);
  }
  api.kill('SIGTERM');
  await api.exited();
  // The loop did real work: many acknowledged registrations and rotations, and kills that cut some short.
  expect(ledger.users.size + ledger.rotations).toBeGreaterThan(ROUNDS);
  expect(ledger.rotations).toBeGreaterThan(0);
  expect(ledger.families.some((f) => f.uncertain)).toBe(true);
  return ledger;
}

describe(`crash safety: ${ROUNDS} × kill -9 under writes`, () => {
  it(
    'SQLite keeps every acknowledged write, nothing half-written, and a sound file',
    { timeout: 600_000 },
    async () => {
      const target = sqliteTarget();
      cleanups.push(target.cleanup);
      const ledger = await crashLoop(target);
      console.warn(
        `SQLite: ${ledger.users.size} registrations, ${ledger.rotations} rotations acknowledged across ${ROUNDS} kills`,
      );
    },
  );

  it('PostgreSQL keeps every acknowledged write and nothing half-written', { timeout: 600_000 }, async () => {
    const target = await postgresTarget();
    cleanups.push(target.cleanup, async () => fs.rmSync(target.env.DATA_DIR!, { recursive: true, force: true }));
    const ledger = await crashLoop(target);
    console.warn(
      `PostgreSQL: ${ledger.users.size} registrations, ${ledger.rotations} rotations acknowledged across ${ROUNDS} kills`,
    );
  });
});
