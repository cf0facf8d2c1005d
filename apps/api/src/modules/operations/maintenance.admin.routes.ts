import { operationsEndpoints } from '@hostpilot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../lib/clock';
import { endpointRoute } from '../../lib/endpoint-route';
import { BODY_ERRORS, errorResponses } from '../../lib/errors';
import { staffOf } from '../../plugins/authorize';
import { STAFF_ERRORS } from '../../lib/staff-errors';
import { readStored, toAnswer, type MaintenanceState } from './maintenance';
import { setMaintenance } from './set-maintenance';

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
      const next = await setMaintenance(db, {
        input: request.body,
        staffId: staff.userId,
        now: clock.now(),
        ip: request.ip,
      });
      state.remember(next);
      request.log.info({ event: 'maintenance_changed', enabled: next.enabled, adminId: staff.userId }, 'maintenance');
      return toAnswer(next);
    },
  );
};
