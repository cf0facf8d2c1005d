import { adminPermissionsSchema } from '@hostpilot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../lib/clock';
import { errorResponses } from '../../lib/errors';
import { guardStaffScope, staffOf } from '../../plugins/authorize';
import { STAFF_ERRORS } from './errors';
import { adminAuditRoutes } from './audit.admin';
import { adminBillingRoutes } from './billing.admin';
import { adminBulkRoutes } from './bulk.admin';
import { adminDomainRoutes } from './domains.admin';
import { adminHostingRoutes } from './hosting.admin';
import { adminListRoutes } from './lists.admin';
import { adminOverviewRoutes } from './overview.admin';
import { adminServerRoutes } from './servers.admin';
import { type AdminMailOptions, adminSettingsRoutes } from './settings.admin';
import { adminUserActionsRoutes } from './users.actions.admin';
import { adminUsersRoutes } from './users.admin';
import { adminSchedulerRoutes } from '../scheduler/scheduler.admin';
import type { Scheduler } from '../scheduler/scheduler';
import { adminOrdersRoutes } from '../ordering/orders.admin';
import type { OrdersService } from '../ordering/orders.service';
import type { Mailer } from '../../lib/mail/mailer';
import { adminErrorLogRoutes } from '../operations/error-log';
import { adminMaintenanceRoutes, type MaintenanceState } from '../operations/maintenance';
import { adminSupportRoutes } from './support.admin';
import { adminServerUsageRoutes } from '../operations/server-usage';
import { adminProvisioningRoutes } from '../provisioning/provisioning.admin';
import { adminCertificatesRoutes } from '../certificates/certificates.admin';
import type { SecretBox } from '../../lib/secret-box';

/** The back office's API, under /api/admin. Every route declares the permission it needs (decision 014). */
export const adminRoutes: FastifyPluginAsyncZod<{
  dataDir: string;
  mail: AdminMailOptions;
  clock: Clock;
  scheduler: Scheduler;
  schedulerConfig: { enabled: boolean; intervalMs: number };
  orders: OrdersService;
  maintenance: MaintenanceState;
  mailer: Mailer;
  secretBox: SecretBox;
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
  await app.register(adminOverviewRoutes, { dataDir: options.dataDir, clock: options.clock });
  await app.register(adminSettingsRoutes, { clock: options.clock, mail: options.mail });
  await app.register(adminUserActionsRoutes, { clock: options.clock });
  await app.register(adminBillingRoutes, { clock: options.clock, orders: options.orders });
  await app.register(adminOrdersRoutes, { clock: options.clock, orders: options.orders });
  await app.register(adminBulkRoutes, { clock: options.clock, orders: options.orders });
  await app.register(adminAuditRoutes);
  await app.register(adminServerRoutes, { clock: options.clock });
  await app.register(adminHostingRoutes, { clock: options.clock });
  await app.register(adminDomainRoutes, { clock: options.clock });
  await app.register(adminSchedulerRoutes, {
    clock: options.clock,
    scheduler: options.scheduler,
    schedulerConfig: options.schedulerConfig,
  });
  await app.register(adminMaintenanceRoutes, { state: options.maintenance, clock: options.clock });
  await app.register(adminErrorLogRoutes);
  await app.register(adminSupportRoutes, { clock: options.clock, mailer: options.mailer });
  await app.register(adminServerUsageRoutes, { clock: options.clock });
  await app.register(adminProvisioningRoutes, {
    clock: options.clock,
    secretBox: options.secretBox,
    mailer: options.mailer,
  });
  await app.register(adminCertificatesRoutes, { clock: options.clock });
};
