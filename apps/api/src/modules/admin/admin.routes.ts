import { adminPermissionsSchema } from '@hostpilot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../lib/clock';
import { errorResponses } from '../../lib/errors';
import { guardStaffScope, staffOf } from '../../plugins/authorize';
import { STAFF_ERRORS } from './errors';
import { adminAuditRoutes } from './audit.admin';
import { adminBillingRoutes } from './billing.admin';
import { adminListRoutes } from './lists.admin';
import { adminOverviewRoutes } from './overview.admin';
import { adminServerRoutes } from './servers.admin';
import { adminSettingsRoutes } from './settings.admin';
import { adminUserActionsRoutes } from './users.actions.admin';
import { adminUsersRoutes } from './users.admin';
import { adminSchedulerRoutes } from '../scheduler/scheduler.admin';
import type { Scheduler } from '../scheduler/scheduler';

/** The back office's API, under /api/admin. Every route declares the permission it needs (decision 014). */
export const adminRoutes: FastifyPluginAsyncZod<{
  dataDir: string;
  clock: Clock;
  scheduler: Scheduler;
  schedulerConfig: { enabled: boolean; intervalMs: number };
}> = async (app, options) => {
  guardStaffScope(app);

  app.get(
    '/me/permissions',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        summary: "The caller's role and back-office permissions",
        description: 'Read from the database on this request. Any staff role; a customer answers 403.',
        security: [{ bearerAuth: [] }],
        response: {
          200: adminPermissionsSchema.describe('The role number and its permissions'),
          ...errorResponses(STAFF_ERRORS),
        },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      return { role: staff.role, permissions: [...staff.permissions] };
    },
  );

  await app.register(adminUsersRoutes);
  await app.register(adminListRoutes);
  await app.register(adminOverviewRoutes, { dataDir: options.dataDir });
  await app.register(adminSettingsRoutes, { clock: options.clock });
  await app.register(adminUserActionsRoutes, { clock: options.clock });
  await app.register(adminBillingRoutes, { clock: options.clock });
  await app.register(adminAuditRoutes);
  await app.register(adminServerRoutes, { clock: options.clock });
  await app.register(adminSchedulerRoutes, {
    clock: options.clock,
    scheduler: options.scheduler,
    schedulerConfig: options.schedulerConfig,
  });
};
