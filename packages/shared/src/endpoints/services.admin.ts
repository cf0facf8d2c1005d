import { z } from '../schemas/zod';
import { defineEndpoint } from './define';
import {
  adminServiceSchema,
  adminServicesExportQuerySchema,
  adminServicesPageSchema,
  adminServicesQuerySchema,
} from '../api/admin';
import {
  adminCreateServiceSchema,
  adminEditServiceSchema,
  adminPlacementSchema,
  adminSuspendServiceSchema,
  adminTerminateServiceSchema,
} from '../api/admin-hosting';
import { idParamsSchema } from '../api/customer';

/**
 * The services module's staff endpoints (docs/decisions/068-typed-endpoint-contract.md): the back office's list, its
 * export and the hosting actions of docs/decisions/033-hosting-and-domain-administration.md.
 */
export const servicesAdminEndpoints = {
  getAdminServices: defineEndpoint({
    method: 'GET',
    path: '/admin/services',
    query: adminServicesQuerySchema,
    response: adminServicesPageSchema,
    auth: 'staff',
    permission: 'hosting.read',
  }),
  getAdminServicesExport: defineEndpoint({
    method: 'GET',
    path: '/admin/services/export',
    query: adminServicesExportQuerySchema,
    response: z.string().describe('The CSV text'),
    auth: 'staff',
    permission: 'hosting.read',
  }),
  getAdminServicesPlacement: defineEndpoint({
    method: 'GET',
    path: '/admin/services/placement',
    response: adminPlacementSchema,
    auth: 'staff',
    permission: 'hosting.write',
  }),
  postAdminServices: defineEndpoint({
    method: 'POST',
    path: '/admin/services',
    body: adminCreateServiceSchema,
    response: adminServiceSchema,
    status: 201,
    auth: 'staff',
    permission: 'hosting.write',
  }),
  patchAdminServicesItem: defineEndpoint({
    method: 'PATCH',
    path: '/admin/services/:id',
    params: idParamsSchema,
    body: adminEditServiceSchema,
    response: adminServiceSchema,
    auth: 'staff',
    permission: 'hosting.write',
  }),
  postAdminServicesSuspend: defineEndpoint({
    method: 'POST',
    path: '/admin/services/:id/suspend',
    params: idParamsSchema,
    body: adminSuspendServiceSchema,
    response: adminServiceSchema,
    auth: 'staff',
    permission: 'hosting.write',
  }),
  postAdminServicesActivate: defineEndpoint({
    method: 'POST',
    path: '/admin/services/:id/activate',
    params: idParamsSchema,
    response: adminServiceSchema,
    auth: 'staff',
    permission: 'hosting.write',
  }),
  deleteAdminServicesItem: defineEndpoint({
    method: 'DELETE',
    path: '/admin/services/:id',
    params: idParamsSchema,
    body: adminTerminateServiceSchema,
    response: adminServiceSchema,
    auth: 'staff',
    permission: 'hosting.write',
  }),
};
