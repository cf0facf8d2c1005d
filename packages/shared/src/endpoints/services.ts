import { z } from '../schemas/zod';
import { defineEndpoint } from './define';
import {
  customerServerListQuerySchema,
  customerServerPageSchema,
  customerServerSchema,
  hostingListQuerySchema,
  hostingPageSchema,
  hostingServiceSchema,
  idParamsSchema,
  serviceListQuerySchema,
  servicePageSchema,
  serviceSchema,
} from '../api/customer';
import {
  databaseCreateSchema,
  databaseCredentialsSchema,
  databaseParamsSchema,
  hostingDatabasesSchema,
} from '../api/hosting-databases';
import { changePlanRequestSchema, changePlanResponseSchema } from '../api/plan-change';
import { autoRenewRequestSchema, cancelServiceRequestSchema, serviceStateSchema } from '../api/self-service';

/** The services module's endpoints (docs/decisions/068-typed-endpoint-contract.md). */
export const servicesEndpoints = {
  getHosting: defineEndpoint({
    method: 'GET',
    path: '/hosting',
    query: hostingListQuerySchema,
    response: hostingPageSchema,
    auth: 'customer',
  }),
  getHostingItem: defineEndpoint({
    method: 'GET',
    path: '/hosting/:id',
    params: idParamsSchema,
    response: hostingServiceSchema,
    auth: 'customer',
  }),
  getServers: defineEndpoint({
    method: 'GET',
    path: '/servers',
    query: customerServerListQuerySchema,
    response: customerServerPageSchema,
    auth: 'customer',
  }),
  getServersItem: defineEndpoint({
    method: 'GET',
    path: '/servers/:id',
    params: idParamsSchema,
    response: customerServerSchema,
    auth: 'customer',
  }),
  getServices: defineEndpoint({
    method: 'GET',
    path: '/services',
    query: serviceListQuerySchema,
    response: servicePageSchema,
    auth: 'customer',
  }),
  getServicesItem: defineEndpoint({
    method: 'GET',
    path: '/services/:id',
    params: idParamsSchema,
    response: serviceSchema,
    auth: 'customer',
  }),
  getHostingDatabases: defineEndpoint({
    method: 'GET',
    path: '/hosting/:id/databases',
    params: idParamsSchema,
    response: hostingDatabasesSchema,
    auth: 'customer',
  }),
  postHostingDatabases: defineEndpoint({
    method: 'POST',
    path: '/hosting/:id/databases',
    params: idParamsSchema,
    body: databaseCreateSchema,
    response: databaseCredentialsSchema,
    status: 201,
    auth: 'customer',
  }),
  postHostingDatabasesPassword: defineEndpoint({
    method: 'POST',
    path: '/hosting/:id/databases/:name/password',
    params: databaseParamsSchema,
    response: databaseCredentialsSchema,
    auth: 'customer',
  }),
  deleteHostingDatabasesItem: defineEndpoint({
    method: 'DELETE',
    path: '/hosting/:id/databases/:name',
    params: databaseParamsSchema,
    response: z.object({ name: z.string(), deleted: z.literal(true) }),
    auth: 'customer',
  }),
  putServicesAutoRenew: defineEndpoint({
    method: 'PUT',
    path: '/services/:id/auto-renew',
    params: idParamsSchema,
    body: autoRenewRequestSchema,
    response: serviceStateSchema,
    auth: 'customer',
  }),
  postServicesCancellation: defineEndpoint({
    method: 'POST',
    path: '/services/:id/cancellation',
    params: idParamsSchema,
    body: cancelServiceRequestSchema,
    response: serviceStateSchema,
    auth: 'customer',
  }),
  deleteServicesCancellation: defineEndpoint({
    method: 'DELETE',
    path: '/services/:id/cancellation',
    params: idParamsSchema,
    response: serviceStateSchema,
    auth: 'customer',
  }),
  postServicesPlan: defineEndpoint({
    method: 'POST',
    path: '/services/:id/plan',
    params: idParamsSchema,
    body: changePlanRequestSchema,
    response: changePlanResponseSchema,
    auth: 'customer',
  }),
  deleteServicesPendingPlan: defineEndpoint({
    method: 'DELETE',
    path: '/services/:id/pending-plan',
    params: idParamsSchema,
    response: changePlanResponseSchema,
    auth: 'customer',
  }),
};
