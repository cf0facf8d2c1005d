import { z } from '../schemas/zod';
import { defineEndpoint } from './define';
import {
  adminServerInputSchema,
  adminServerMaintenanceSchema,
  adminServerSchema,
  adminServersExportQuerySchema,
  adminServersPageSchema,
  adminServersQuerySchema,
} from '../api/admin';
import { idParamsSchema } from '../api/customer';
import { adminServerUsageQuerySchema, adminServerUsageSchema } from '../api/operations';

/**
 * The servers module's staff endpoints (docs/decisions/068-typed-endpoint-contract.md): the back office's list, its
 * export, a server's usage history and the changes of docs/decisions/031-server-administration.md.
 */
export const serversAdminEndpoints = {
  getAdminServers: defineEndpoint({
    method: 'GET',
    path: '/admin/servers',
    query: adminServersQuerySchema,
    response: adminServersPageSchema,
    auth: 'staff',
    permission: 'servers.read',
  }),
  getAdminServersExport: defineEndpoint({
    method: 'GET',
    path: '/admin/servers/export',
    query: adminServersExportQuerySchema,
    response: z.string().describe('The CSV text'),
    auth: 'staff',
    permission: 'servers.read',
  }),
  getAdminServersUsage: defineEndpoint({
    method: 'GET',
    path: '/admin/servers/:id/usage',
    params: idParamsSchema,
    query: adminServerUsageQuerySchema,
    response: adminServerUsageSchema,
    auth: 'staff',
    permission: 'servers.read',
  }),
  postAdminServers: defineEndpoint({
    method: 'POST',
    path: '/admin/servers',
    body: adminServerInputSchema,
    response: adminServerSchema,
    status: 201,
    auth: 'staff',
    permission: 'servers.write',
  }),
  patchAdminServersItem: defineEndpoint({
    method: 'PATCH',
    path: '/admin/servers/:id',
    params: idParamsSchema,
    body: adminServerInputSchema.partial(),
    response: adminServerSchema,
    auth: 'staff',
    permission: 'servers.write',
  }),
  deleteAdminServersItem: defineEndpoint({
    method: 'DELETE',
    path: '/admin/servers/:id',
    params: idParamsSchema,
    response: z.null().describe('Deleted'),
    status: 204,
    auth: 'staff',
    permission: 'servers.write',
  }),
  putAdminServersMaintenance: defineEndpoint({
    method: 'PUT',
    path: '/admin/servers/:id/maintenance',
    params: idParamsSchema,
    body: adminServerMaintenanceSchema,
    response: adminServerSchema,
    auth: 'staff',
    permission: 'servers.write',
  }),
};
