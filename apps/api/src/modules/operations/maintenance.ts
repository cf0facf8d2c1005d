import { isStaffRole, type Maintenance, maintenanceInputSchema, maintenanceSchema } from '@hostpilot/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { AppError, BODY_ERRORS, errorResponses } from '../../lib/errors';
import { journal } from '../../lib/journal';
import { staffOf } from '../../plugins/authorize';
import { STAFF_ERRORS } from '../../lib/staff-errors';

/**
 * Maintenance mode (docs/decisions/035-support-queue-and-operations.md): one `settings` row. While it is on,
 * customers' changes answer 503 MAINTENANCE; reading, signing in and out, and staff work go on.
 */
export const MAINTENANCE_SETTING = 'maintenance';

/** How long an instance trusts the setting it read: each instance reads the row at most once a second. */
export const MAINTENANCE_TTL_MS = 1000;

interface Stored {
  enabled: boolean;
  message: string | null;
  since: number | null;
}

const OFF: Stored = { enabled: false, message: null, since: null };

function parseStored(value: string | undefined): Stored {
  if (!value) return OFF;
  try {
    const parsed = JSON.parse(value) as Partial<Stored>;
    return {
      enabled: parsed.enabled === true,
      message: typeof parsed.message === 'string' ? parsed.message : null,
      since: typeof parsed.since === 'number' ? parsed.since : null,
    };
  } catch {
    return OFF;
  }
}

async function readStored(db: Kysely<Database>): Promise<Stored> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', MAINTENANCE_SETTING).executeTakeFirst();
  return parseStored(row?.value);
}

const toAnswer = (stored: Stored): Maintenance => ({
  enabled: stored.enabled,
  message: stored.message,
  since: stored.since === null ? null : new Date(stored.since).toISOString(),
});

/** The setting as this instance knows it: read from the database at most once per TTL, refreshed on a change. */
export function createMaintenanceState(db: Kysely<Database>, clock: Clock) {
  let cached: { value: Stored; readAt: number } | undefined;
  let pending: Promise<Stored> | undefined;
  return {
    async current(): Promise<Stored> {
      const now = clock.now();
      if (cached && now - cached.readAt < MAINTENANCE_TTL_MS) return cached.value;
      // One read in flight at a time, however many requests ask.
      pending ??= readStored(db)
        .then((value) => {
          cached = { value, readAt: clock.now() };
          return value;
        })
        .finally(() => {
          pending = undefined;
        });
      return pending;
    },
    /** This instance's own change is seen at once; other instances see it within the TTL. */
    remember(value: Stored): void {
      cached = { value, readAt: clock.now() };
    },
  };
}

export type MaintenanceState = ReturnType<typeof createMaintenanceState>;

/** Changes that stay open during maintenance: signing in and out, and the back office. */
const ALWAYS_OPEN = new Set(['/api/auth/login', '/api/auth/login/two-factor', '/api/auth/refresh', '/api/auth/logout']);
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

function pathOf(request: FastifyRequest): string {
  const path = request.url.split('?')[0]!;
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

/** Whether the request is a change that maintenance pauses (before knowing who sends it). */
export function isPausedChange(request: FastifyRequest): boolean {
  if (READS.has(request.method)) return false;
  const path = pathOf(request);
  return !ALWAYS_OPEN.has(path) && path !== '/api/admin' && !path.startsWith('/api/admin/');
}

/**
 * Adds the maintenance check to the /api scope: a paused change from anyone but staff answers 503 MAINTENANCE.
 * The caller is looked up only while maintenance is on, so the check costs nothing more than a cached read.
 */
export function guardMaintenance(scope: FastifyInstance, state: MaintenanceState): void {
  scope.addHook('onRequest', async (request, reply) => {
    if (!isPausedChange(request)) return;
    const maintenance = await state.current();
    if (!maintenance.enabled) return;
    if (request.headers.authorization) {
      try {
        await scope.authenticate.call(scope, request, reply);
      } catch {
        // An invalid token is the route's to refuse; here it only means "not staff".
      }
      if (request.account && isStaffRole(request.account.role)) return;
    }
    throw new AppError('MAINTENANCE', { headers: { 'retry-after': '300' } });
  });
}

/** GET /maintenance: whether maintenance is on, for the banner of every page. */
export const maintenanceRoutes: FastifyPluginAsyncZod<{ state: MaintenanceState }> = async (app, { state }) => {
  app.get(
    '/maintenance',
    {
      schema: {
        tags: ['meta'],
        summary: 'Whether maintenance mode is on',
        description: 'Anyone may ask; the web app shows a banner while it is on. Cached for a second per instance.',
        response: { 200: maintenanceSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return toAnswer(await state.current());
    },
  );
};

const security = [{ bearerAuth: [] }];

/** GET and PUT /admin/maintenance: the overview's System Maintenance switch. */
export const adminMaintenanceRoutes: FastifyPluginAsyncZod<{ state: MaintenanceState; clock: Clock }> = async (
  app,
  { state, clock },
) => {
  const db = app.database.db;

  app.get(
    '/maintenance',
    {
      config: { access: 'overview.read' },
      schema: {
        tags: ['admin'],
        summary: 'Maintenance mode, as stored now',
        security,
        response: { 200: maintenanceSchema, ...errorResponses(STAFF_ERRORS) },
      },
    },
    async () => toAnswer(await readStored(db)),
  );

  app.put(
    '/maintenance',
    {
      config: { access: 'system.maintenance' },
      schema: {
        tags: ['admin'],
        summary: 'Turn maintenance mode on or off',
        description:
          "With `enabled`, customers' changes answer 503 MAINTENANCE until it is turned off; `message` (up to 500 " +
          'characters) shows in the banner. Recorded in the audit log. Needs `system.maintenance`.',
        security,
        body: maintenanceInputSchema,
        response: {
          200: maintenanceSchema,
          ...errorResponses({
            ...BODY_ERRORS,
            ...STAFF_ERRORS,
            400: 'VALIDATION_FAILED (with `fields`): `message` validation.tooLong, or a malformed body',
          }),
        },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      const now = clock.now();
      const next = await db.transaction().execute(async (trx) => {
        const before = await readStored(trx);
        const value: Stored = {
          enabled: request.body.enabled,
          message: request.body.enabled ? request.body.message : null,
          // Turning it on again keeps the time it began.
          since: request.body.enabled ? (before.enabled ? before.since : now) : null,
        };
        await trx
          .insertInto('settings')
          .values({ key: MAINTENANCE_SETTING, value: JSON.stringify(value), updatedAt: now, updatedBy: staff.userId })
          .onConflict((oc) =>
            oc.column('key').doUpdateSet({ value: JSON.stringify(value), updatedAt: now, updatedBy: staff.userId }),
          )
          .execute();
        await journal(trx, staff.userId, staff.userId, now, request.ip).audit({
          action: 'maintenance.update',
          entityType: 'settings',
          entityId: MAINTENANCE_SETTING,
          before,
          after: value,
        });
        return value;
      });
      state.remember(next);
      request.log.info({ event: 'maintenance_changed', enabled: next.enabled, adminId: staff.userId }, 'maintenance');
      return toAnswer(next);
    },
  );
};
