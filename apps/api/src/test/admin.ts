import type { RouteAccess } from '../plugins/authorize';
import type { App } from '../app';
import { newAccount, register, type Session } from './auth';

/** Helpers of the back-office API tests: staff accounts and the table of every admin endpoint. */

/** Test-app settings of the back-office tests: they register many accounts from one address. */
export const ADMIN_TEST_ENV = { RATE_LIMIT_REGISTER_MAX: '100000' };

/** Registers an account and gives it a role in the database (its token still says role 0: the API must not care). */
export async function staffSession(app: App, role: number): Promise<Session> {
  const { session } = await register(app, newAccount({ firstName: `Role${role}` }));
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

/** Every back-office endpoint and the access it declares; admin-authorization.test.ts checks none is missing. */
export const ADMIN_ENDPOINTS: { method: 'GET'; url: string; path: string; access: RouteAccess }[] = [
  { method: 'GET', url: '/api/admin/me/permissions', path: '/api/admin/me/permissions', access: 'staff' },
];
