import { operationsEndpoints } from '@hostpilot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../lib/clock';
import { endpointRoute } from '../../lib/endpoint-route';
import { BODY_ERRORS, errorResponses } from '../../lib/errors';
import { journal } from '../../lib/journal';
import { staffOf } from '../../plugins/authorize';
import { STAFF_ERRORS } from '../../lib/staff-errors';
import { MAINTENANCE_SETTING, type Stored, readStored, toAnswer, type MaintenanceState } from './maintenance';

/** GET and PUT /admin/maintenance: the overview's System Maintenance switch. */
export const adminMaintenanceRoutes: FastifyPluginAsyncZod<{ state: MaintenanceState; clock: Clock }> = async (
  app,
  { state, clock },
) => {
  const db = app.database.db;

  endpointRoute(
    app,
    operationsEndpoints.getAdminMaintenance,
    {
      schema: {
        tags: ['admin'],
        summary: 'Maintenance mode, as stored now',
        response: errorResponses(STAFF_ERRORS),
      },
    },
    async () => toAnswer(await readStored(db)),
  );

  endpointRoute(
    app,
    operationsEndpoints.putAdminMaintenance,
    {
      schema: {
        tags: ['admin'],
        summary: 'Turn maintenance mode on or off',
        description:
          "With `enabled`, customers' changes answer 503 MAINTENANCE until it is turned off; `message` (up to 500 " +
          'characters) shows in the banner. Recorded in the audit log. Needs `system.maintenance`.',
        response: errorResponses({
          ...BODY_ERRORS,
          ...STAFF_ERRORS,
          400: 'VALIDATION_FAILED (with `fields`): `message` validation.tooLong, or a malformed body',
        }),
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
