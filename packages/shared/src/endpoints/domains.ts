import { z } from '../schemas/zod';
import { defineEndpoint } from './define';
import {
  dnsRecordSchema,
  domainDetailSchema,
  domainListQuerySchema,
  domainPageSchema,
  idParamsSchema,
} from '../api/customer';
import {
  autoRenewRequestSchema,
  dnsRecordInputSchema,
  dnsRecordListSchema,
  domainStateSchema,
  nameserversRequestSchema,
  transferLockRequestSchema,
} from '../api/self-service';
import { dnsImportRequestSchema, dnsImportResultSchema } from '../zone-file';

/** A DNS record of one of the customer's domains. */
const dnsRecordParamsSchema = idParamsSchema.extend({ recordId: z.string().min(1).max(100) });

/** The domains module's endpoints (docs/decisions/068-typed-endpoint-contract.md). */
export const domainsEndpoints = {
  getDomains: defineEndpoint({
    method: 'GET',
    path: '/domains',
    query: domainListQuerySchema,
    response: domainPageSchema,
    auth: 'customer',
  }),
  getDomainsItem: defineEndpoint({
    method: 'GET',
    path: '/domains/:id',
    params: idParamsSchema,
    response: domainDetailSchema,
    auth: 'customer',
  }),
  putDomainsAutoRenew: defineEndpoint({
    method: 'PUT',
    path: '/domains/:id/auto-renew',
    params: idParamsSchema,
    body: autoRenewRequestSchema,
    response: domainStateSchema,
    auth: 'customer',
  }),
  putDomainsTransferLock: defineEndpoint({
    method: 'PUT',
    path: '/domains/:id/transfer-lock',
    params: idParamsSchema,
    body: transferLockRequestSchema,
    response: domainStateSchema,
    auth: 'customer',
  }),
  putDomainsNameservers: defineEndpoint({
    method: 'PUT',
    path: '/domains/:id/nameservers',
    params: idParamsSchema,
    body: nameserversRequestSchema,
    response: domainStateSchema,
    auth: 'customer',
  }),
  getDomainsDnsRecords: defineEndpoint({
    method: 'GET',
    path: '/domains/:id/dns-records',
    params: idParamsSchema,
    response: dnsRecordListSchema,
    auth: 'customer',
  }),
  postDomainsDnsRecords: defineEndpoint({
    method: 'POST',
    path: '/domains/:id/dns-records',
    params: idParamsSchema,
    body: dnsRecordInputSchema,
    response: dnsRecordSchema,
    status: 201,
    auth: 'customer',
  }),
  postDomainsDnsImport: defineEndpoint({
    method: 'POST',
    path: '/domains/:id/dns/import',
    params: idParamsSchema,
    body: dnsImportRequestSchema,
    response: dnsImportResultSchema,
    status: 201,
    auth: 'customer',
  }),
  putDomainsDnsRecordsItem: defineEndpoint({
    method: 'PUT',
    path: '/domains/:id/dns-records/:recordId',
    params: dnsRecordParamsSchema,
    body: dnsRecordInputSchema,
    response: dnsRecordSchema,
    auth: 'customer',
  }),
  deleteDomainsDnsRecordsItem: defineEndpoint({
    method: 'DELETE',
    path: '/domains/:id/dns-records/:recordId',
    params: dnsRecordParamsSchema,
    response: z.null().describe('Deleted'),
    status: 204,
    auth: 'customer',
  }),
};
