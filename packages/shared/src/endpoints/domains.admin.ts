import { z } from '../schemas/zod';
import { defineEndpoint } from './define';
import {
  adminDomainSchema,
  adminDomainsExportQuerySchema,
  adminDomainsPageSchema,
  adminDomainsQuerySchema,
} from '../api/admin';
import {
  adminDomainCreateSchema,
  adminDomainDeleteSchema,
  adminDomainTransferResultSchema,
} from '../api/admin-domains';
import { dnsRecordSchema, idParamsSchema } from '../api/customer';
import { adminDnsRecordListSchema, dnsRecordInputSchema } from '../api/self-service';

/** A DNS record of any customer's domain. */
const dnsRecordParamsSchema = idParamsSchema.extend({ recordId: z.string().min(1).max(100) });

/**
 * The domains module's staff endpoints (docs/decisions/068-typed-endpoint-contract.md): the back office's list, its
 * export and the domain actions of docs/decisions/033-hosting-and-domain-administration.md.
 */
export const domainsAdminEndpoints = {
  getAdminDomains: defineEndpoint({
    method: 'GET',
    path: '/admin/domains',
    query: adminDomainsQuerySchema,
    response: adminDomainsPageSchema,
    auth: 'staff',
    permission: 'domains.read',
  }),
  getAdminDomainsExport: defineEndpoint({
    method: 'GET',
    path: '/admin/domains/export',
    query: adminDomainsExportQuerySchema,
    response: z.string().describe('The CSV text'),
    auth: 'staff',
    permission: 'domains.read',
  }),
  postAdminDomains: defineEndpoint({
    method: 'POST',
    path: '/admin/domains',
    body: adminDomainCreateSchema,
    response: adminDomainSchema,
    status: 201,
    auth: 'staff',
    permission: 'domains.write',
  }),
  getAdminDomainsDnsRecords: defineEndpoint({
    method: 'GET',
    path: '/admin/domains/:id/dns-records',
    params: idParamsSchema,
    response: adminDnsRecordListSchema,
    auth: 'staff',
    permission: 'domains.read',
  }),
  postAdminDomainsDnsRecords: defineEndpoint({
    method: 'POST',
    path: '/admin/domains/:id/dns-records',
    params: idParamsSchema,
    body: dnsRecordInputSchema,
    response: dnsRecordSchema,
    status: 201,
    auth: 'staff',
    permission: 'domains.write',
  }),
  putAdminDomainsDnsRecordsItem: defineEndpoint({
    method: 'PUT',
    path: '/admin/domains/:id/dns-records/:recordId',
    params: dnsRecordParamsSchema,
    body: dnsRecordInputSchema,
    response: dnsRecordSchema,
    auth: 'staff',
    permission: 'domains.write',
  }),
  deleteAdminDomainsDnsRecordsItem: defineEndpoint({
    method: 'DELETE',
    path: '/admin/domains/:id/dns-records/:recordId',
    params: dnsRecordParamsSchema,
    response: z.null().describe('Deleted'),
    status: 204,
    auth: 'staff',
    permission: 'domains.write',
  }),
  postAdminDomainsTransfer: defineEndpoint({
    method: 'POST',
    path: '/admin/domains/:id/transfer',
    params: idParamsSchema,
    response: adminDomainTransferResultSchema,
    auth: 'staff',
    permission: 'domains.write',
  }),
  deleteAdminDomainsItem: defineEndpoint({
    method: 'DELETE',
    path: '/admin/domains/:id',
    params: idParamsSchema,
    body: adminDomainDeleteSchema,
    response: z.null().describe('Deleted'),
    status: 204,
    auth: 'staff',
    permission: 'domains.write',
  }),
};
