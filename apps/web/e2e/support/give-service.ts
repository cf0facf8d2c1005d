import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { findServicePlan, toCents } from '@hostpilot/shared';
import SQLite from 'better-sqlite3';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Gives a freshly registered customer a hosting service on the Starter plan, expiring in `expiresInDays`, by
 * writing it into the end-to-end server's SQLite database (DATA_DIR/app.db) as the back office would once it
 * sells services. Tests that renew then work on an account of their own and leave the demo customer's balance,
 * invoices and expiry dates to the specs that read them.
 */
export function giveHostingService(userId: string, domain: string, expiresInDays: number): { expiresAt: number } {
  const plan = findServicePlan('hosting', 'starter');
  if (!plan) throw new Error('no Starter hosting plan in the catalogue');
  const now = Date.now();
  const expiresAt = now + expiresInDays * DAY;
  const db = new SQLite(path.join(process.env.E2E_DATA_DIR!, 'app.db'));
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare(
      `insert into services (id, user_id, kind, plan_id, name, domain, status, price_cents, billing_period,
         expires_at, auto_renew, created_at, updated_at)
       values (?, ?, 'hosting', ?, ?, ?, 'active', ?, 'month', ?, 0, ?, ?)`,
    ).run(randomUUID(), userId, plan.id, 'Shop', domain, toCents(plan.price), expiresAt, now, now);
  } finally {
    db.close();
  }
  return { expiresAt };
}

/**
 * Gives a freshly registered customer a server service (a VDS, dedicated or game server) placed on a machine of the
 * demo seed of the same type, and answers the service's id, name and the machine's IP address.
 */
export function giveServerService(
  userId: string,
  kind: 'vds' | 'dedicated' | 'game',
  planId: string,
  name: string,
): { id: string; ip: string } {
  const plan = findServicePlan(kind, planId);
  if (!plan) throw new Error(`no ${kind} plan ${planId} in the catalogue`);
  const now = Date.now();
  const id = randomUUID();
  const db = new SQLite(path.join(process.env.E2E_DATA_DIR!, 'app.db'));
  try {
    db.pragma('busy_timeout = 5000');
    const machine = db.prepare(`select id, ip from servers where type = ? order by id limit 1`).get(kind) as
      { id: string; ip: string } | undefined;
    if (!machine) throw new Error(`the demo seed has no ${kind} machine`);
    db.prepare(
      `insert into services (id, user_id, kind, plan_id, name, server_id, domain, status, price_cents, billing_period,
         cpu_percent, memory_percent, storage_used_mb, expires_at, auto_renew, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, null, 'active', ?, 'month', 23, 41, 10240, ?, 1, ?, ?)`,
    ).run(id, userId, kind, plan.id, name, machine.id, toCents(plan.price), now + 20 * DAY, now, now);
    return { id, ip: machine.ip };
  } finally {
    db.close();
  }
}

/** Gives a customer an SSL certificate extra, which stays on the Services page. */
export function giveSslExtra(userId: string, domain: string): void {
  const plan = findServicePlan('extra', 'ssl');
  if (!plan) throw new Error('no SSL plan in the catalogue');
  const now = Date.now();
  const db = new SQLite(path.join(process.env.E2E_DATA_DIR!, 'app.db'));
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare(
      `insert into services (id, user_id, kind, plan_id, name, domain, status, price_cents, billing_period,
         expires_at, auto_renew, created_at, updated_at)
       values (?, ?, 'extra', 'ssl', ?, ?, 'active', ?, 'year', ?, 0, ?, ?)`,
    ).run(randomUUID(), userId, `SSL ${domain}`, domain, toCents(plan.price), now + 200 * DAY, now, now);
  } finally {
    db.close();
  }
}
