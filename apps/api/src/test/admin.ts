import { randomUUID } from 'node:crypto';
import { CompiledQuery, sql } from 'kysely';
import type { RouteAccess } from '../plugins/authorize';
import type { App } from '../app';
import { markEmailVerified, newAccount, register, type Session } from './auth';

/** Helpers of the back-office API tests: staff accounts and the table of every admin endpoint. */

/** Test-app settings of the back-office tests: they register many accounts from one address. */
export const ADMIN_TEST_ENV = { RATE_LIMIT_REGISTER_MAX: '100000' };

/** Registers an account and gives it a role in the database (its token still says role 0: the API must not care). */
export async function staffSession(app: App, role: number): Promise<Session> {
  const { session } = await register(app, newAccount({ firstName: `Role${role}` }));
  await markEmailVerified(app, session.user.id);
  await setRole(app, session.user.id, role);
  return session;
}

export async function setRole(app: App, userId: string, role: number): Promise<void> {
  await app.database.db.updateTable('users').set({ role }).where('id', '=', userId).execute();
}

export function getAs(app: App, url: string, session?: Session) {
  return app.inject({
    method: 'GET',
    url,
    headers: session ? { authorization: `Bearer ${session.access_token}` } : {},
  });
}

/** A request with a JSON body (when given) as the session's user. */
export function sendAs(
  app: App,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  session: Session,
  payload?: unknown,
) {
  return app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${session.access_token}` },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/** Every back-office endpoint and the access it declares; admin-authorization.test.ts checks none is missing. */
export const ADMIN_ENDPOINTS: { method: 'GET'; url: string; path: string; access: RouteAccess }[] = [
  { method: 'GET', url: '/api/admin/me/permissions', path: '/api/admin/me/permissions', access: 'staff' },
  { method: 'GET', url: '/api/admin/overview', path: '/api/admin/overview', access: 'overview.read' },
  {
    method: 'GET',
    url: '/api/admin/overview/trends',
    path: '/api/admin/overview/trends',
    access: 'overview.read',
  },
  { method: 'GET', url: '/api/admin/users', path: '/api/admin/users', access: 'users.read' },
  { method: 'GET', url: '/api/admin/services?kind=hosting', path: '/api/admin/services', access: 'hosting.read' },
  {
    method: 'GET',
    url: '/api/admin/services/placement',
    path: '/api/admin/services/placement',
    access: 'hosting.write',
  },
  { method: 'GET', url: '/api/admin/domains', path: '/api/admin/domains', access: 'domains.read' },
  { method: 'GET', url: '/api/admin/transactions', path: '/api/admin/transactions', access: 'billing.read' },
  { method: 'GET', url: '/api/admin/servers', path: '/api/admin/servers', access: 'servers.read' },
  {
    method: 'GET',
    url: '/api/admin/settings/security',
    path: '/api/admin/settings/security',
    access: 'settings.read',
  },
  { method: 'GET', url: '/api/admin/audit', path: '/api/admin/audit', access: 'audit.read' },
  { method: 'GET', url: '/api/admin/users/export', path: '/api/admin/users/export', access: 'users.read' },
  { method: 'GET', url: '/api/admin/audit/export', path: '/api/admin/audit/export', access: 'audit.read' },
  {
    method: 'GET',
    url: '/api/admin/services/export?kind=hosting',
    path: '/api/admin/services/export',
    access: 'hosting.read',
  },
  { method: 'GET', url: '/api/admin/domains/export', path: '/api/admin/domains/export', access: 'domains.read' },
  {
    method: 'GET',
    url: '/api/admin/transactions/export',
    path: '/api/admin/transactions/export',
    access: 'billing.read',
  },
  { method: 'GET', url: '/api/admin/servers/export', path: '/api/admin/servers/export', access: 'servers.read' },
  { method: 'GET', url: '/api/admin/scheduler', path: '/api/admin/scheduler', access: 'settings.read' },
  {
    method: 'GET',
    url: '/api/admin/settings/automation',
    path: '/api/admin/settings/automation',
    access: 'settings.read',
  },
  { method: 'GET', url: '/api/admin/orders', path: '/api/admin/orders', access: 'orders.read' },
  { method: 'GET', url: '/api/admin/orders/export', path: '/api/admin/orders/export', access: 'orders.read' },
  { method: 'GET', url: '/api/admin/orders/settings', path: '/api/admin/orders/settings', access: 'settings.read' },
  // The System Settings and the outbox (modules/settings/system-settings.test.ts).
  { method: 'GET', url: '/api/admin/settings', path: '/api/admin/settings', access: 'settings.read' },
  { method: 'GET', url: '/api/admin/outbox', path: '/api/admin/outbox', access: 'settings.read' },
  // The operations of docs/decisions/035-support-queue-and-operations.md (modules/operations/operations.admin.test.ts).
  { method: 'GET', url: '/api/admin/tickets', path: '/api/admin/tickets', access: 'tickets.read' },
  { method: 'GET', url: '/api/admin/tickets/assignees', path: '/api/admin/tickets/assignees', access: 'tickets.read' },
  { method: 'GET', url: '/api/admin/maintenance', path: '/api/admin/maintenance', access: 'overview.read' },
  { method: 'GET', url: '/api/admin/error-logs', path: '/api/admin/error-logs', access: 'settings.read' },
  // The provisioning engine (modules/provisioning/engine.test.ts).
  { method: 'GET', url: '/api/admin/provisioning', path: '/api/admin/provisioning', access: 'provisioning.read' },
  // Certificates (modules/certificates/certificate-issuing.test.ts).
  { method: 'GET', url: '/api/admin/certificates', path: '/api/admin/certificates', access: 'provisioning.read' },
];

/**
 * Back-office actions documented under /api/admin besides the lists above; each is tested with its module
 * (ending a user's sessions: modules/accounts/account.test.ts; the security settings:
 * modules/accounts/two-factor.test.ts; the servers: modules/servers/servers.admin.test.ts). `success` is the status of a done action.
 */
export const ADMIN_ACTIONS: {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  access: RouteAccess;
  success: string;
}[] = [
  { method: 'POST', path: '/api/admin/users/{id}/sessions/end', access: 'users.write', success: '204' },
  { method: 'PUT', path: '/api/admin/settings/security', access: 'settings.write', success: '200' },
  // modules/back-office-actions.test.ts
  { method: 'PATCH', path: '/api/admin/users/{id}', access: 'users.write', success: '200' },
  { method: 'DELETE', path: '/api/admin/users/{id}', access: 'users.write', success: '204' },
  { method: 'POST', path: '/api/admin/users/{id}/suspend', access: 'users.write', success: '200' },
  { method: 'POST', path: '/api/admin/users/bulk', access: 'users.write', success: '200' },
  { method: 'POST', path: '/api/admin/orders/bulk', access: 'orders.write', success: '200' },
  { method: 'POST', path: '/api/admin/payments/bulk', access: 'billing.approve', success: '200' },
  { method: 'POST', path: '/api/admin/users/{id}/activate', access: 'users.write', success: '200' },
  { method: 'POST', path: '/api/admin/users/{id}/credit', access: 'billing.write', success: '201' },
  { method: 'GET', path: '/api/admin/payments/{id}', access: 'billing.read', success: '200' },
  { method: 'POST', path: '/api/admin/payments/{id}/approve', access: 'billing.approve', success: '200' },
  { method: 'POST', path: '/api/admin/payments/{id}/decline', access: 'billing.approve', success: '200' },
  { method: 'POST', path: '/api/admin/servers', access: 'servers.write', success: '201' },
  { method: 'PATCH', path: '/api/admin/servers/{id}', access: 'servers.write', success: '200' },
  { method: 'DELETE', path: '/api/admin/servers/{id}', access: 'servers.write', success: '204' },
  { method: 'PUT', path: '/api/admin/servers/{id}/maintenance', access: 'servers.write', success: '200' },
  // modules/services/services.admin.test.ts (decision 033)
  { method: 'POST', path: '/api/admin/services', access: 'hosting.write', success: '201' },
  { method: 'PATCH', path: '/api/admin/services/{id}', access: 'hosting.write', success: '200' },
  { method: 'POST', path: '/api/admin/services/{id}/suspend', access: 'hosting.write', success: '200' },
  { method: 'POST', path: '/api/admin/services/{id}/activate', access: 'hosting.write', success: '200' },
  { method: 'DELETE', path: '/api/admin/services/{id}', access: 'hosting.write', success: '200' },
  { method: 'POST', path: '/api/admin/payments/{id}/refund', access: 'billing.write', success: '201' },
  // modules/domains/domains.admin.test.ts (decision 033, "Domains")
  { method: 'POST', path: '/api/admin/domains', access: 'domains.write', success: '201' },
  { method: 'GET', path: '/api/admin/domains/{id}/dns-records', access: 'domains.read', success: '200' },
  { method: 'POST', path: '/api/admin/domains/{id}/dns-records', access: 'domains.write', success: '201' },
  { method: 'PUT', path: '/api/admin/domains/{id}/dns-records/{recordId}', access: 'domains.write', success: '200' },
  { method: 'DELETE', path: '/api/admin/domains/{id}/dns-records/{recordId}', access: 'domains.write', success: '204' },
  { method: 'POST', path: '/api/admin/domains/{id}/transfer', access: 'domains.write', success: '200' },
  { method: 'DELETE', path: '/api/admin/domains/{id}', access: 'domains.write', success: '204' },
  // The lifecycle automation's (modules/scheduler/scheduler.admin.test.ts).
  { method: 'POST', path: '/api/admin/scheduler/{job}/run', access: 'system.maintenance', success: '200' },
  { method: 'PUT', path: '/api/admin/settings/automation', access: 'settings.write', success: '200' },
  { method: 'GET', path: '/api/admin/services/{id}/history', access: 'hosting.read', success: '200' },
  { method: 'GET', path: '/api/admin/domains/{id}/history', access: 'domains.read', success: '200' },
  // Order review (modules/ordering/orders.test.ts).
  { method: 'GET', path: '/api/admin/orders/{id}', access: 'orders.read', success: '200' },
  { method: 'POST', path: '/api/admin/orders/{id}/accept', access: 'orders.write', success: '200' },
  { method: 'POST', path: '/api/admin/orders/{id}/cancel', access: 'orders.write', success: '200' },
  { method: 'POST', path: '/api/admin/orders/{id}/fraud', access: 'orders.write', success: '200' },
  { method: 'PUT', path: '/api/admin/orders/settings', access: 'settings.write', success: '200' },
  // modules/settings/system-settings.test.ts
  { method: 'PUT', path: '/api/admin/settings', access: 'settings.write', success: '200' },
  { method: 'POST', path: '/api/admin/settings/email/test', access: 'settings.write', success: '200' },
  { method: 'GET', path: '/api/admin/outbox/{id}', access: 'settings.read', success: '200' },
  // modules/operations/operations.admin.test.ts
  { method: 'GET', path: '/api/admin/tickets/{id}', access: 'tickets.read', success: '200' },
  { method: 'PATCH', path: '/api/admin/tickets/{id}', access: 'tickets.write', success: '200' },
  { method: 'POST', path: '/api/admin/tickets/{id}/messages', access: 'tickets.write', success: '200' },
  { method: 'PUT', path: '/api/admin/maintenance', access: 'system.maintenance', success: '200' },
  { method: 'GET', path: '/api/admin/servers/{id}/usage', access: 'servers.read', success: '200' },
  // modules/provisioning/engine.test.ts
  { method: 'PUT', path: '/api/admin/servers/{id}/driver', access: 'servers.write', success: '200' },
  { method: 'POST', path: '/api/admin/servers/{id}/test-connection', access: 'servers.write', success: '200' },
  { method: 'POST', path: '/api/admin/provisioning/{id}/retry', access: 'provisioning.write', success: '204' },
  { method: 'POST', path: '/api/admin/certificates/{id}/retry', access: 'provisioning.write', success: '204' },
  { method: 'POST', path: '/api/admin/provisioning/{id}/cancel', access: 'provisioning.write', success: '204' },
  { method: 'POST', path: '/api/admin/provisioning/{id}/complete', access: 'provisioning.write', success: '204' },
];

export interface UserFixture {
  email: string;
  firstName?: string;
  lastName?: string;
  role?: number;
  status?: 'active' | 'suspended';
  createdAt?: number;
  lastSignInAt?: number | null;
}

/** Inserts accounts straight into the database (no password hashing): list fixtures. Returns their ids. */
export async function insertUsers(app: App, users: UserFixture[]): Promise<string[]> {
  const ids = users.map(() => randomUUID());
  if (users.length === 0) return ids;
  const now = Date.now();
  await app.database.db
    .insertInto('users')
    .values(
      users.map((user, i) => ({
        id: ids[i]!,
        email: user.email.toLowerCase(),
        firstName: user.firstName ?? 'Test',
        lastName: user.lastName ?? 'User',
        role: user.role ?? 0,
        status: user.status ?? 'active',
        passwordHash: 'not-a-hash',
        createdAt: user.createdAt ?? now,
        updatedAt: now,
        lastSignInAt: user.lastSignInAt ?? null,
      })),
    )
    .execute();
  return ids;
}

/** The query plan of a compiled query, as text: EXPLAIN QUERY PLAN (SQLite) or EXPLAIN (PostgreSQL, seqscan off). */
export async function queryPlan(app: App, query: { compile(): CompiledQuery }): Promise<string> {
  const compiled = query.compile();
  const { db, kind } = app.database;
  if (kind === 'sqlite') {
    const result = await db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]),
    );
    return result.rows.map((row) => row.detail).join('\n');
  }
  // A handful of test rows make a sequential scan cheapest; turned off, the plan shows whether an index can serve.
  return db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    const result = await trx.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`explain ${compiled.sql}`, [...compiled.parameters]),
    );
    return result.rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}
