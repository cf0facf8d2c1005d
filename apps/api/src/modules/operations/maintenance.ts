import { isStaffRole, type Maintenance } from '@hostpilot/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { readSettingValue } from './operations.repository';

/**
 * Maintenance mode (docs/decisions/035-support-queue-and-operations.md): one `settings` row. While it is on,
 * customers' changes answer 503 MAINTENANCE; reading, signing in and out, and staff work go on.
 */
export const MAINTENANCE_SETTING = 'maintenance';

/** How long an instance trusts the setting it read: each instance reads the row at most once a second. */
export const MAINTENANCE_TTL_MS = 1000;

export interface Stored {
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

export async function readStored(db: Kysely<Database>): Promise<Stored> {
  return parseStored(await readSettingValue(db, MAINTENANCE_SETTING));
}

export const toAnswer = (stored: Stored): Maintenance => ({
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
