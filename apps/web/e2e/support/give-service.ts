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
