import { defineEndpoint } from './define';
import { dashboardSummarySchema, dashboardTrendsSchema, gettingStartedSchema } from '../api/customer';

/** The dashboard module's endpoints (docs/decisions/068-typed-endpoint-contract.md). */
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
};
