import { type Permission, permissionsOf } from '@hostpilot/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { precompiled } from '../db/precompiled';
import { AppError } from '../lib/errors';
import { parseSecuritySettings, SECURITY_SETTING } from '../lib/security-settings';
import { sessionLive, signIn, signInRequired } from './authenticate';

/** What a back-office route needs: one permission, or only that the caller is staff (any permission). */
export type RouteAccess = Permission | 'staff';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Back-office routes (under /api/admin) must declare it; see plugins/authorize.ts. */
    access?: RouteAccess;
  }
  interface FastifyRequest {
    /** The staff member calling a back-office route, read from the database for this request. */
    staff: Staff | null;
  }
}

/** The caller of a back-office route as the database says now, not as the token said when it was issued. */
export interface Staff {
  userId: string;
  role: number;
  permissions: readonly Permission[];
  /** Whether the account has two-factor sign-in on. */
  twoFactor: boolean;
  /**
   * The users list's generation (migration 0050), read with the caller before the route runs: the list's kept
   * pages answer only while it has not moved (docs/decisions/025-scale-read-paths.md).
   */
  usersListGeneration: number;
}

/** The caller of a route registered with registerStaffRoutes. */
export function staffOf(request: FastifyRequest): Staff {
  if (!request.staff) throw signInRequired();
  return request.staff;
}

function forbidden(): AppError {
  return new AppError('FORBIDDEN');
}

/**
 * Back-office authorization (decision 014). Routes registered inside this plugin:
 * - must each declare `config.access` (a permission, or 'staff'); registering one without fails at start-up;
 * - on every request verify the access token (401 without a valid one), then read the caller's role and status
 *   from the database: a deleted or suspended account answers 401, a role without the permission 403. A demoted
 *   administrator is refused on the next call, whatever role the token still carries;
 * - when the back office requires two-factor sign-in of staff, refuse an account without it (403
 *   TWO_FACTOR_REQUIRED) until it is set up.
 * Use it as a scope: `api.register(staffRoutes(async (admin) => { admin.get(...) }), { prefix: '/admin' })`.
 */
async function authorizePlugin(app: FastifyInstance) {
  app.decorateRequest('staff', null);
}

export default fp(authorizePlugin, { name: 'authorize', dependencies: ['authenticate', 'database'] });

/** Adds the access check to an encapsulated scope; every route of the scope must declare its access. */
export function guardStaffScope(scope: FastifyInstance): void {
  const users = scope.database.db;
  scope.addHook('onRoute', (route) => {
    const access = (route.config as { access?: unknown } | undefined)?.access;
    if (access === undefined) {
      throw new Error(`${route.method} ${route.url} declares no access (config.access): every admin route must`);
    }
  });
  // Everything a back-office request needs of the database before its route runs, in one statement compiled
  // once: the caller's account (what app.authenticate reads), its two-factor state, the security rules and the
  // users list's generation. Each statement costs a read transaction of its own, and on a kept page of the
  // users list these reads were most of the work (docs/decisions/039-account-generation-and-kept-answers.md).
  const readStaff = precompiled(
    users,
    (id: string, sessionId: string) =>
      users
        .selectFrom('users')
        .leftJoin('twoFactor', 'twoFactor.userId', 'users.id')
        .select([
          'users.id',
          'users.firstName',
          'users.lastName',
          'users.email',
          'users.role',
          'users.status',
          'users.deletedAt',
          'twoFactor.enabledAt',
        ])
        .select((eb) => [
          eb.selectFrom('settings').select('settings.value').where('settings.key', '=', SECURITY_SETTING).as('rules'),
          eb
            .selectFrom('accountGenerations')
            .select('value')
            .whereRef('accountGenerations.userId', '=', 'users.id')
            .as('generation'),
          eb.selectFrom('listGenerations').select('value').where('name', '=', 'users').as('usersListGeneration'),
          sessionLive(eb, sessionId),
        ])
        .where('users.id', '=', id),
    (text) => scope.database.prepare(text),
  );
  scope.addHook('onRequest', async (request) => {
    const claims = scope.accessClaims(request);
    if (!claims.sessionId) throw signInRequired();
    const row = await readStaff(claims.userId, claims.sessionId);
    // A deleted or suspended account's sign-in is over, whatever its token says.
    signIn(request, claims, row);
    if (!row) throw signInRequired();
    const permissions = permissionsOf(row.role);
    const access = request.routeOptions.config.access;
    if (permissions.length === 0) throw forbidden();
    if (access !== 'staff' && (access === undefined || !permissions.includes(access))) throw forbidden();
    const twoFactor = row.enabledAt !== null && row.enabledAt !== undefined;
    // docs/decisions/023-two-factor-sign-in.md: staff set two-factor sign-in up before the back office opens.
    if (!twoFactor && parseSecuritySettings(row.rules).requireStaffTwoFactor) {
      throw new AppError('TWO_FACTOR_REQUIRED');
    }
    request.staff = {
      userId: row.id,
      role: row.role,
      permissions,
      twoFactor,
      usersListGeneration: Number(row.usersListGeneration),
    };
  });
}
