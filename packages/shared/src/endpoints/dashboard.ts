import { defineEndpoint } from './define';
import { adminOverviewSchema, adminPermissionsSchema, adminTrendsQuerySchema, adminTrendsSchema } from '../api/admin';
import { dashboardSummarySchema, dashboardTrendsSchema, gettingStartedSchema } from '../api/customer';

/**
 * The dashboard module's endpoints: the customer's dashboard, the back office's overview and the caller's staff
 * permissions (docs/decisions/068-typed-endpoint-contract.md).
 */
export const dashboardEndpoints = {
  getDashboardSummary: defineEndpoint({
    method: 'GET',
    path: '/dashboard/summary',
    response: dashboardSummarySchema,
    auth: 'customer',
  }),
  getDashboardTrends: defineEndpoint({
    method: 'GET',
    path: '/dashboard/trends',
    response: dashboardTrendsSchema,
    auth: 'customer',
  }),
  getDashboardGettingStarted: defineEndpoint({
    method: 'GET',
    path: '/dashboard/getting-started',
    response: gettingStartedSchema,
    auth: 'customer',
  }),
  postDashboardGettingStartedDismiss: defineEndpoint({
    method: 'POST',
    path: '/dashboard/getting-started/dismiss',
    response: gettingStartedSchema,
    auth: 'customer',
  }),
  getAdminMePermissions: defineEndpoint({
    method: 'GET',
    path: '/admin/me/permissions',
    response: adminPermissionsSchema.describe('The role number and its permissions'),
    auth: 'staff',
  }),
  getAdminOverview: defineEndpoint({
    method: 'GET',
    path: '/admin/overview',
    response: adminOverviewSchema,
    auth: 'staff',
    permission: 'overview.read',
  }),
  getAdminOverviewTrends: defineEndpoint({
    method: 'GET',
    path: '/admin/overview/trends',
    query: adminTrendsQuerySchema,
    response: adminTrendsSchema,
    auth: 'staff',
    permission: 'overview.read',
  }),
};
