import fs from 'node:fs';
import path from 'node:path';
import { SCHEDULER_JOBS } from '@hostpilot/shared';
import SQLite from 'better-sqlite3';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { apiOutputs, createPgSchema, killAll, newSecret, sleep, startApi, tempDir } from './support';

/**
 * The lifecycle scheduler killed with kill -9 in the middle of its start-up pass over the demo population, ROUNDS
 * times, then left to finish (docs/decisions/030-lifecycle-automation.md). Afterwards nothing is half done or done
 * twice: every renewal invoice has its one line, its one notification, and exactly one ledger charge when paid
 * (none otherwise); every change a job made has its one status-history row, audit row and notification; no job
 * is left holding its lease; and (SQLite) the file passes PRAGMA integrity_check.
 */

const ROUNDS = Number(process.env.SCHEDULER_CRASH_ROUNDS ?? 6);

type Row = Record<string, unknown>;
interface Target {
  env: Record<string, string>;
  query: (sql: string) => Promise<Row[]>;
  integrity: () => Promise<string>;
  cleanup: () => Promise<void>;
}

function sqliteTarget(): Target {
  const dataDir = tempDir('scheduler-crash');
  const open = () => new SQLite(path.join(dataDir, 'app.db'));
  return {
    env: { DATA_DIR: dataDir },
    query: async (sql) => {
      const db = open();
      try {
        return db.prepare(sql).all() as Row[];
      } finally {
        db.close();
      }
    },
    integrity: async () => {
      const db = open();
      try {
        return String(db.pragma('integrity_check', { simple: true }));
      } finally {
        db.close();
      }
    },
    cleanup: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function postgresTarget(): Promise<Target> {
  const schema = await createPgSchema();
  return {
    env: { ...schema.env, DATA_DIR: tempDir('scheduler-crash-pg') },
    query: (sql) => schema.query<Row>(sql),
    integrity: async () => 'ok',
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

const countBy = (rows: Row[], key: (row: Row) => string) => {
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(key(row), (counts.get(key(row)) ?? 0) + 1);
  return counts;
};
const paramsOf = (row: Row) => JSON.parse(String(row.params)) as Record<string, unknown>;

async function crashAndCheck(target: Target) {
  const env = {
    ...target.env,
    JWT_SECRET: newSecret(),
    SEED_DEMO: 'true',
    SEED_SCALE: '600',
    SCHEDULER_ENABLED: 'true',
    SCHEDULER_INTERVAL_MS: '1000',
    SCHEDULER_LEASE_MS: '1000',
    // The jobs write their tasks to the provisioning queue in their own transactions; what a worker later does with
    // them is dns-crash.test.ts's subject. Without the workers no start launches the demo's PowerDNS, web node and
    // Pebble (on their fixed ports), which took seconds of each of the 14 starts
    // (docs/decisions/066-resilience-files-side-by-side.md).
    PROVISIONING_ENABLED: 'false',
  };
  let killedMidPass = 0;
  for (let round = 0; round < ROUNDS; round += 1) {
    const api = await startApi(env);
    // The start-up pass begins as the server starts listening; kill it a few milliseconds to a few hundred in.
    await sleep(5 + ((round * 97) % 300));
    api.kill('SIGKILL');
    await api.exited();
    const killedAt = Date.now();
    const running = await target.query("select name from scheduler_jobs where outcome = 'running'");
    if (running.length > 0) killedMidPass += 1;
    // Past the dead instance's lease, so that the next start takes its jobs up again (the time the query took
    // counts towards it).
    await sleep(Math.max(0, killedAt + 1100 - Date.now()));
  }
  expect(killedMidPass, 'rounds killed while a job was running').toBeGreaterThan(0);

  // A last instance, left to run every job to the end, then stopped gracefully.
  const api = await startApi(env);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const rows = await target.query('select name, outcome, lease_owner from scheduler_jobs');
    if (
      rows.length === SCHEDULER_JOBS.length &&
      rows.every((row) => row.outcome === 'succeeded' && row.lease_owner === null)
    )
      break;
    if (Date.now() > deadline) throw new Error(`the jobs did not finish: ${JSON.stringify(rows)}`);
    await sleep(200);
  }
  api.kill('SIGTERM');
  await api.exited();

  expect(await target.integrity()).toBe('ok');
  const renewals = await target.query(
    'select r.invoice_id, i.status, i.number from renewal_invoices r join invoices i on i.id = r.invoice_id',
  );
  expect(renewals.length, 'renewal invoices issued').toBeGreaterThan(0);
  expect(
    (await target.query('select count(*) as n from renewal_invoices')).map((row) => Number(row.n)),
    'no renewal invoice row without its invoice',
  ).toEqual([renewals.length]);

  const lines = countBy(
    await target.query(
      'select invoice_id from invoice_lines where invoice_id in (select invoice_id from renewal_invoices)',
    ),
    (row) => String(row.invoice_id),
  );
  const charges = countBy(
    await target.query(
      'select invoice_id from ledger_entries where invoice_id in (select invoice_id from renewal_invoices)',
    ),
    (row) => String(row.invoice_id),
  );
  const notes = await target.query(
    "select key, params from notifications where key in ('renewalInvoiceIssued', 'renewalPaid', 'ticketAutoClosed', " +
      "'serviceSuspendedOverdue', 'domainGracePeriod', 'domainExpired')",
  );
  const issued = countBy(
    notes.filter((row) => row.key === 'renewalInvoiceIssued'),
    (row) => String(paramsOf(row).number),
  );
  const paidNotes = countBy(
    notes.filter((row) => row.key === 'renewalPaid'),
    (row) => String(paramsOf(row).number),
  );
  for (const invoice of renewals) {
    const id = String(invoice.invoice_id);
    const number = String(invoice.number);
    expect(lines.get(id), `${number}: one line`).toBe(1);
    expect(issued.get(number), `${number}: one notification`).toBe(1);
    const paid = invoice.status === 'paid';
    expect(charges.get(id) ?? 0, `${number} (${String(invoice.status)}): ledger charges`).toBe(paid ? 1 : 0);
    expect(paidNotes.get(number) ?? 0, `${number}: paid notifications`).toBe(paid ? 1 : 0);
  }

  // Every status change a job made: once per entity and target status, with one audit row and one notification.
  const history = await target.query(
    "select entity_id, to_status, job from status_history where job is not null and entity_type <> 'invoice'",
  );
  for (const [key, count] of countBy(history, (row) => `${String(row.entity_id)} ${String(row.to_status)}`)) {
    expect(count, `status change ${key}`).toBe(1);
  }
  const audit = await target.query("select action from audit_log where action like 'job.%'");
  const byJob = (job: string) => history.filter((row) => row.job === job).length;
  const audited = (prefix: string) => audit.filter((row) => String(row.action).startsWith(prefix)).length;
  const noted = (key: string) => notes.filter((row) => row.key === key).length;
  expect(audited('job.ticket-autoclose.')).toBe(byJob('ticket-autoclose'));
  expect(noted('ticketAutoClosed')).toBe(byJob('ticket-autoclose'));
  expect(audited('job.overdue-suspension.')).toBe(byJob('overdue-suspension'));
  expect(noted('serviceSuspendedOverdue')).toBe(byJob('overdue-suspension'));
  expect(audited('job.domain-expiry.')).toBe(byJob('domain-expiry'));
  expect(noted('domainGracePeriod') + noted('domainExpired')).toBe(byJob('domain-expiry'));
  expect(audited('job.renewal-invoices.')).toBe(renewals.length);
}

/**
 * Seven starts, each seeding or checking the demo population, as the other kill -9 files give theirs: on a machine
 * shared with other work, and beside another kill -9 file (docs/decisions/066-resilience-files-side-by-side.md), the
 * PostgreSQL half has taken over 180 s. The budget only bounds how long a broken run hangs; no duration is asserted.
 */
const CRASH_TEST_MS = 600_000;

describe('the scheduler killed mid-run leaves nothing half done', () => {
  it('on SQLite', { timeout: CRASH_TEST_MS }, async () => {
    const target = sqliteTarget();
    cleanups.push(target.cleanup);
    await crashAndCheck(target);
  });

  it('on PostgreSQL', { timeout: CRASH_TEST_MS }, async () => {
    const target = await postgresTarget();
    cleanups.push(target.cleanup);
    await crashAndCheck(target);
  });
});
