import { defineEndpoint } from './define';
import {
  adminErrorLogPageSchema,
  adminErrorLogQuerySchema,
  maintenanceInputSchema,
  maintenanceSchema,
} from '../api/operations';

/** The operations module's endpoints: maintenance mode and the error log (docs/decisions/068-typed-endpoint-contract.md). */
export const operationsEndpoints = {
  getMaintenance: defineEndpoint({
    method: 'GET',
    path: '/maintenance',
    response: maintenanceSchema,
    auth: 'public',
  }),
  getAdminMaintenance: defineEndpoint({
    method: 'GET',
    path: '/admin/maintenance',
    response: maintenanceSchema,
    auth: 'staff',
    permission: 'overview.read',
  }),
  putAdminMaintenance: defineEndpoint({
    method: 'PUT',
    path: '/admin/maintenance',
    body: maintenanceInputSchema,
    response: maintenanceSchema,
    auth: 'staff',
    permission: 'system.maintenance',
  }),
  getAdminErrorLogs: defineEndpoint({
    method: 'GET',
    path: '/admin/error-logs',
    query: adminErrorLogQuerySchema,
    response: adminErrorLogPageSchema,
    auth: 'staff',
    permission: 'settings.read',
  }),
};
