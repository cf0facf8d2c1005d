import { z } from '../schemas/zod';
import { defineEndpoint } from './define';
import { adminAuditExportQuerySchema, adminAuditPageSchema, adminAuditQuerySchema } from '../api/admin-actions';

/** The audit module's endpoints (docs/decisions/068-typed-endpoint-contract.md). */
export const auditEndpoints = {
  getAdminAuditExport: defineEndpoint({
    method: 'GET',
    path: '/admin/audit/export',
    query: adminAuditExportQuerySchema,
    response: z.string().describe('The CSV text'),
    auth: 'staff',
    permission: 'audit.read',
  }),
  getAdminAudit: defineEndpoint({
    method: 'GET',
    path: '/admin/audit',
    query: adminAuditQuerySchema,
    response: adminAuditPageSchema.describe('One page of entries, newest first, and the total that match'),
    auth: 'staff',
    permission: 'audit.read',
  }),
};
