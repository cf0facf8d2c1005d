import { domainsAdminEndpoints } from '@hostpilot/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../lib/clock';
import { endpointRoute } from '../../lib/endpoint-route';
import { BODY_ERRORS, errorResponses } from '../../lib/errors';
import { STAFF_ERRORS } from '../../lib/staff-errors';
import { staffOf } from '../../plugins/authorize';
import { createLocalRegistrar, type Registrar } from './registrar';
import type { DomainEditor } from './domain-actions';
import { addDnsRecord, changeDnsRecord, deleteDnsRecord } from './dns-records';
import {
  deleteDomain,
  registerDomainForCustomer,
  type StaffDomainContext,
  staffDnsRecords,
  transferDomainOut,
} from './staff-domains';

const NOT_FOUND = { 404: 'NOT_FOUND: no domain (or record) has this id' } as const;

/**
 * The back office's domain actions (staff-domains.ts, docs/decisions/033-hosting-and-domain-administration.md,
 * "Domains"): add a domain for a customer (free of charge), edit its DNS records with the customer's own service
 * functions, transfer it out with a one-time authorisation code, and delete it after its name is typed again.
 * Changes need `domains.write` (administrators only); each writes its audit entry and the customer's notification
 * in the transaction of the change, and a refusal changes nothing.
 */
export const adminDomainRoutes: FastifyPluginAsyncZod<{ clock: Clock; registrar?: Registrar }> = async (
  app,
  { clock, registrar: given },
) => {
  const { db, kind } = app.database;
  const registrar = given ?? createLocalRegistrar(db);
  const deps = { db, clock };
  const staffEditor = (request: FastifyRequest): DomainEditor => ({
    kind: 'staff',
    userId: staffOf(request).userId,
    ip: request.ip,
  });
  const changes = (request: FastifyRequest): StaffDomainContext => ({
    db,
    kind,
    clock,
    staffId: staffOf(request).userId,
    ip: request.ip,
  });

  endpointRoute(
    app,
    domainsAdminEndpoints.postAdminDomains,
    {
      schema: {
        tags: ['admin'],
        summary: 'Register a domain for a customer, free of charge; the customer is notified',
        description:
          '`ownerEmail` names an active customer account; `name` is read as the domain search reads it (an ' +
          'ending we sell is required); `years` is one of the periods the catalogue sells (1, 2, 3, 5, 10). The ' +
          'domain is active from now, with the registry’s defaults. Needs `domains.write`; audited.',
        response: errorResponses({
          ...BODY_ERRORS,
          ...STAFF_ERRORS,
          400:
            'VALIDATION_FAILED (with `fields`): `ownerEmail` validation.domainOwner or an e-mail rule; `name` ' +
            'validation.domain* (the domain search’s rules); `years` validation.period',
          409: 'DOMAIN_UNAVAILABLE (with `fields.name` validation.domainRegistered or validation.domainReserved)',
        }),
      },
    },
    async (request, reply) =>
      reply.code(201).send(await registerDomainForCustomer({ ...changes(request), registrar }, request.body)),
  );

  endpointRoute(
    app,
    domainsAdminEndpoints.getAdminDomainsDnsRecords,
    {
      schema: {
        tags: ['admin'],
        summary: 'A domain’s DNS records and the DNSSEC DS records the registry holds',
        response: errorResponses({ ...STAFF_ERRORS, ...NOT_FOUND }),
      },
    },
    async (request) => staffDnsRecords(db, staffEditor(request), request.params.id),
  );

  const recordErrors = errorResponses({
    ...BODY_ERRORS,
    ...STAFF_ERRORS,
    ...NOT_FOUND,
    400: 'VALIDATION_FAILED (with `fields`): the record’s type, name, value, ttl or priority',
    409: 'DNS_CONFLICT (fields.name): a CNAME beside other records at the same name (at the apex: 400 validation.cnameApex)',
  });
  const dnsDescription =
    'The customer’s DNS editor rules (docs/product/validation.md). Needs `domains.write`; audited with the record ' +
    'before and after, and the customer’s activity records it.';

  endpointRoute(
    app,
    domainsAdminEndpoints.postAdminDomainsDnsRecords,
    {
      schema: {
        tags: ['admin'],
        summary: 'Add a DNS record to any customer’s domain',
        description: dnsDescription,
        response: recordErrors,
      },
    },
    async (request, reply) =>
      reply.code(201).send(await addDnsRecord(deps, staffEditor(request), request.params.id, request.body)),
  );

  endpointRoute(
    app,
    domainsAdminEndpoints.putAdminDomainsDnsRecordsItem,
    {
      schema: {
        tags: ['admin'],
        summary: 'Change a DNS record of any customer’s domain',
        description: dnsDescription,
        response: recordErrors,
      },
    },
    async (request) =>
      changeDnsRecord(deps, staffEditor(request), request.params.id, request.params.recordId, request.body),
  );

  endpointRoute(
    app,
    domainsAdminEndpoints.deleteAdminDomainsDnsRecordsItem,
    {
      schema: {
        tags: ['admin'],
        summary: 'Delete a DNS record of any customer’s domain',
        description: dnsDescription,
        response: errorResponses({ ...STAFF_ERRORS, ...NOT_FOUND }),
      },
    },
    async (request, reply) => {
      await deleteDnsRecord(deps, staffEditor(request), request.params.id, request.params.recordId);
      return reply.code(204).send(null);
    },
  );

  endpointRoute(
    app,
    domainsAdminEndpoints.postAdminDomainsTransfer,
    {
      schema: {
        tags: ['admin'],
        summary: 'Start a transfer out: the domain becomes transferring, with an authorisation code shown once',
        description:
          'Only an active domain with its transfer lock off. The answer holds the code this one time; only its ' +
          'SHA-256 is stored and the audit entry masks it. Needs `domains.write`; audited, with a status-history ' +
          'row; the customer is notified.',
        response: errorResponses({
          ...STAFF_ERRORS,
          ...NOT_FOUND,
          409:
            'INVALID_STATE (with `fields.transferLock` validation.domainTransferLocked, or `fields.status` ' +
            'validation.domainNotTransferable)',
        }),
      },
    },
    async (request) => transferDomainOut(changes(request), request.params.id),
  );

  endpointRoute(
    app,
    domainsAdminEndpoints.deleteAdminDomainsItem,
    {
      schema: {
        tags: ['admin'],
        summary: 'Delete a domain and its DNS records after its name is typed again; the customer is notified',
        description:
          '`confirm` must equal the domain’s name (as stored or as read, in any case). The DNS records go; the ' +
          'domain row goes too unless invoices, ledger entries or orders name it, in which case it is marked ' +
          'deleted and hidden, so accounting keeps its reference. Needs `domains.write`; audited.',
        response: errorResponses({
          ...BODY_ERRORS,
          ...STAFF_ERRORS,
          ...NOT_FOUND,
          400: 'VALIDATION_FAILED (with `fields.confirm` validation.confirmDomainName): the typed name differs',
        }),
      },
    },
    async (request, reply) => {
      await deleteDomain(changes(request), request.params.id, request.body.confirm);
      return reply.code(204).send(null);
    },
  );
};
