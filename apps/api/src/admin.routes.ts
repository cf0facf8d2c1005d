import { dashboardEndpoints } from '@hostpilot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from './lib/clock';
import { endpointRoute } from './lib/endpoint-route';
import { errorResponses } from './lib/errors';
import { guardStaffScope, staffOf } from './plugins/authorize';
import { STAFF_ERRORS } from './lib/staff-errors';
import { adminAuditRoutes } from './modules/audit/audit.admin.routes';
import { adminBillingRoutes } from './modules/billing/billing.admin.routes';
import { adminBulkRoutes } from './modules/billing/bulk.admin.routes';
import { adminDomainRoutes } from './modules/domains/domains.admin.routes';
import { adminHostingRoutes } from './modules/services/services.admin.routes';
import { adminServiceListRoutes } from './modules/services/services-list.admin.routes';
import { adminDomainListRoutes } from './modules/domains/domains-list.admin.routes';
import { adminTransactionListRoutes } from './modules/billing/transactions.admin.routes';
import { adminServerListRoutes } from './modules/servers/servers-list.admin.routes';
import { adminOverviewRoutes } from './modules/dashboard/overview.admin.routes';
import { adminServerRoutes } from './modules/servers/servers.admin.routes';
import { type AdminMailOptions, adminSettingsRoutes } from './modules/settings/settings.admin.routes';
import { adminUserActionsRoutes } from './modules/accounts/user-actions.admin.routes';
import { adminUsersRoutes } from './modules/accounts/users.admin.routes';
import { adminSchedulerRoutes } from './modules/scheduler/scheduler.admin.routes';
import type { Scheduler } from './modules/scheduler';
import { adminOrdersRoutes } from './modules/ordering/orders.admin.routes';
import type { OrderDeps, OrdersService } from './modules/ordering';
import type { Mailer } from './lib/mail/mailer';
import { adminErrorLogRoutes } from './modules/operations/error-log.admin.routes';
import { type MaintenanceState } from './modules/operations/maintenance';
import { adminMaintenanceRoutes } from './modules/operations/maintenance.admin.routes';
import { adminSupportRoutes } from './modules/support/support.admin.routes';
import { adminServerUsageRoutes } from './modules/servers/server-usage.admin.routes';
import { adminProvisioningRoutes } from './modules/provisioning/provisioning.admin.routes';
import { adminCertificatesRoutes } from './modules/certificates/certificates.admin.routes';
import type { SecretBox } from './lib/secret-box';

/** The back office's API, under /api/admin. Every route declares the permission it needs (decision 014). */
export const adminRoutes: FastifyPluginAsyncZod<{
  dataDir: string;
  mail: AdminMailOptions;
  clock: Clock;
  scheduler: Scheduler;
  schedulerConfig: { enabled: boolean; intervalMs: number };
  orders: OrdersService;
  orderDeps: OrderDeps;
  maintenance: MaintenanceState;
  mailer: Mailer;
  secretBox: SecretBox;
}> = async (app, options) => {
  guardStaffScope(app);

  endpointRoute(
    app,
    dashboardEndpoints.getAdminMePermissions,
    {
      schema: {
        tags: ['admin'],
        summary: "The caller's role and back-office permissions",
        description: 'Read from the database on this request. Any staff role; a customer answers 403.',
        response: errorResponses(STAFF_ERRORS),
      },
    },
    async (request) => {
      const staff = staffOf(request);
      return { role: staff.role, permissions: [...staff.permissions] };
    },
  );

  await app.register(adminUsersRoutes);
  await app.register(adminServiceListRoutes);
  await app.register(adminDomainListRoutes);
  await app.register(adminTransactionListRoutes);
  await app.register(adminServerListRoutes);
  await app.register(adminOverviewRoutes, { dataDir: options.dataDir, clock: options.clock });
  await app.register(adminSettingsRoutes, { clock: options.clock, mail: options.mail });
  await app.register(adminUserActionsRoutes, { clock: options.clock });
  await app.register(adminBillingRoutes, { clock: options.clock, orders: options.orders });
  await app.register(adminOrdersRoutes, { deps: options.orderDeps });
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
