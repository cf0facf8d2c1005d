import { z } from '../schemas/zod';
import { defineEndpoint } from './define';
import {
  SCHEDULER_JOBS,
  automationSettingsSchema,
  schedulerJobSchema,
  schedulerStatusSchema,
  statusHistorySchema,
} from '../api/automation';
import { idParamsSchema } from '../api/customer';

/** The scheduler module's endpoints (docs/decisions/068-typed-endpoint-contract.md). */
export const schedulerEndpoints = {
  getAdminScheduler: defineEndpoint({
    method: 'GET',
    path: '/admin/scheduler',
    response: schedulerStatusSchema,
    auth: 'staff',
    permission: 'settings.read',
  }),
  postAdminSchedulerRun: defineEndpoint({
    method: 'POST',
    path: '/admin/scheduler/:job/run',
    params: z.object({ job: z.enum(SCHEDULER_JOBS) }),
    response: schedulerJobSchema,
    auth: 'staff',
    permission: 'system.maintenance',
  }),
  getAdminSettingsAutomation: defineEndpoint({
    method: 'GET',
    path: '/admin/settings/automation',
    response: automationSettingsSchema,
    auth: 'staff',
    permission: 'settings.read',
  }),
  putAdminSettingsAutomation: defineEndpoint({
    method: 'PUT',
    path: '/admin/settings/automation',
    body: automationSettingsSchema,
    response: automationSettingsSchema,
    auth: 'staff',
    permission: 'settings.write',
  }),
  getAdminServicesHistory: defineEndpoint({
    method: 'GET',
    path: '/admin/services/:id/history',
    params: idParamsSchema,
    response: statusHistorySchema,
    auth: 'staff',
    permission: 'hosting.read',
  }),
  getAdminDomainsHistory: defineEndpoint({
    method: 'GET',
    path: '/admin/domains/:id/history',
    params: idParamsSchema,
    response: statusHistorySchema,
    auth: 'staff',
    permission: 'domains.read',
  }),
};
