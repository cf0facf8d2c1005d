import { z } from '../schemas/zod';
import { defineEndpoint } from './define';
import { adminUsersExportQuerySchema, adminUsersPageSchema, adminUsersQuerySchema } from '../api/admin';
import {
  adminCreditResultSchema,
  adminCreditSchema,
  adminUserBulkSchema,
  adminUserDeleteSchema,
  adminUserEditSchema,
  bulkResultSchema,
  optionalReasonSchema,
  reasonRequestSchema,
} from '../api/admin-actions';

/** An account's id in the back office's paths. */
const params = z.object({ id: z.string().min(1).max(64) });
/** What an account action answers: the account and its status after it. */
const done = z.object({ id: z.string(), status: z.enum(['active', 'suspended']) });

/**
 * The back office's account endpoints (docs/decisions/068-typed-endpoint-contract.md): the list and its CSV
 * export, edit, suspend, activate, delete, a balance adjustment, and the bulk action.
 */
export const usersAdminEndpoints = {
  getAdminUsersExport: defineEndpoint({
    method: 'GET',
    path: '/admin/users/export',
    query: adminUsersExportQuerySchema,
    response: z.string().describe('The CSV text'),
    auth: 'staff',
    permission: 'users.read',
  }),
  getAdminUsers: defineEndpoint({
    method: 'GET',
    path: '/admin/users',
    query: adminUsersQuerySchema,
    response: adminUsersPageSchema.describe('One page of accounts and the total that match'),
    auth: 'staff',
    permission: 'users.read',
  }),
  postAdminUsersBulk: defineEndpoint({
    method: 'POST',
    path: '/admin/users/bulk',
    body: adminUserBulkSchema,
    response: bulkResultSchema,
    auth: 'staff',
    permission: 'users.write',
  }),
  patchAdminUsersItem: defineEndpoint({
    method: 'PATCH',
    path: '/admin/users/:id',
    params,
    body: adminUserEditSchema,
    response: done,
    auth: 'staff',
    permission: 'users.write',
  }),
  postAdminUsersSuspend: defineEndpoint({
    method: 'POST',
    path: '/admin/users/:id/suspend',
    params,
    body: reasonRequestSchema,
    response: done,
    auth: 'staff',
    permission: 'users.write',
  }),
  postAdminUsersActivate: defineEndpoint({
    method: 'POST',
    path: '/admin/users/:id/activate',
    params,
    body: optionalReasonSchema,
    response: done,
    auth: 'staff',
    permission: 'users.write',
  }),
  deleteAdminUsersItem: defineEndpoint({
    method: 'DELETE',
    path: '/admin/users/:id',
    params,
    body: adminUserDeleteSchema,
    response: z.null().describe('Deleted'),
    status: 204,
    auth: 'staff',
    permission: 'users.write',
  }),
  /** Needs the `Idempotency-Key` header (docs/decisions/022-money-transactions.md). */
  postAdminUsersCredit: defineEndpoint({
    method: 'POST',
    path: '/admin/users/:id/credit',
    params,
    body: adminCreditSchema,
    response: adminCreditResultSchema,
    status: 201,
    auth: 'staff',
    permission: 'billing.write',
  }),
};
