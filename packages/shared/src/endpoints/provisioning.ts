import { z } from '../schemas/zod';
import { defineEndpoint } from './define';
import { idParamsSchema } from '../api/customer';
import {
  adminProvisioningPageSchema,
  adminProvisioningQuerySchema,
  adminServerDriverInputSchema,
  adminServerDriverSchema,
} from '../api/provisioning';

/** The provisioning module's endpoints (docs/decisions/068-typed-endpoint-contract.md). */
export const provisioningEndpoints = {
  putAdminServersDriver: defineEndpoint({
    method: 'PUT',
    path: '/admin/servers/:id/driver',
    params: idParamsSchema,
    body: adminServerDriverInputSchema,
    response: adminServerDriverSchema,
    auth: 'staff',
    permission: 'servers.write',
  }),
  postAdminServersTestConnection: defineEndpoint({
    method: 'POST',
    path: '/admin/servers/:id/test-connection',
    params: idParamsSchema,
    response: adminServerDriverSchema,
    auth: 'staff',
    permission: 'servers.write',
  }),
  getAdminProvisioning: defineEndpoint({
    method: 'GET',
    path: '/admin/provisioning',
    query: adminProvisioningQuerySchema,
    response: adminProvisioningPageSchema,
    auth: 'staff',
    permission: 'provisioning.read',
  }),
  postAdminProvisioningRetry: defineEndpoint({
    method: 'POST',
    path: '/admin/provisioning/:id/retry',
    params: idParamsSchema,
    response: z.null().describe('Done'),
    status: 204,
    auth: 'staff',
    permission: 'provisioning.write',
  }),
  postAdminProvisioningCancel: defineEndpoint({
    method: 'POST',
    path: '/admin/provisioning/:id/cancel',
    params: idParamsSchema,
    response: z.null().describe('Done'),
    status: 204,
    auth: 'staff',
    permission: 'provisioning.write',
  }),
  postAdminProvisioningComplete: defineEndpoint({
    method: 'POST',
    path: '/admin/provisioning/:id/complete',
    params: idParamsSchema,
    response: z.null().describe('Done'),
    status: 204,
    auth: 'staff',
    permission: 'provisioning.write',
  }),
};
