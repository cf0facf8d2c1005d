import { domainsEndpoints } from '@hostpilot/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../lib/clock';
import { BODY_ERRORS, errorResponses } from '../../lib/errors';
import { authOf } from '../../plugins/authenticate';
import type { DomainEditor } from './domain-actions';
import { setDomainAutoRenew } from './domain-auto-renew';
import { importDnsZone } from './dns-import';
import { addDnsRecord, changeDnsRecord, deleteDnsRecord, listDnsRecords } from './dns-records';
import { setDomainNameservers } from './domain-nameservers';
import { setDomainTransferLock } from './domain-transfer-lock';
import { endpointRoute } from '../../lib/endpoint-route';

const customerOf = (request: FastifyRequest): DomainEditor => ({ kind: 'customer', userId: authOf(request).userId });

const ERRORS = {
  401: 'UNAUTHORIZED, TOKEN_INVALID, TOKEN_EXPIRED',
  404: 'NOT_FOUND: no such domain (or record) on this account',
} as const;

export const domainActionsRoutes: FastifyPluginAsyncZod<{ clock: Clock }> = async (app, options) => {
  const deps = { db: app.database.db, clock: options.clock };
  const common = { tags: ['domains'] };
  const stateAnswer = {
    ...errorResponses({ ...BODY_ERRORS, ...ERRORS, 409: 'INVALID_STATE' }),
  };

  endpointRoute(
    app,
    domainsEndpoints.putDomainsAutoRenew,
    {
      schema: {
        ...common,
        summary: 'Turn automatic renewal on or off',
        response: stateAnswer,
      },
    },
    async (request) => setDomainAutoRenew(deps, authOf(request).userId, request.params.id, request.body.enabled),
  );

  endpointRoute(
    app,
    domainsEndpoints.putDomainsTransferLock,
    {
      schema: {
        ...common,
        summary: 'Lock or unlock transfers to another registrar',
        response: stateAnswer,
      },
    },
    async (request) => setDomainTransferLock(deps, authOf(request).userId, request.params.id, request.body.locked),
  );

  endpointRoute(
    app,
    domainsEndpoints.putDomainsNameservers,
    {
      schema: {
        ...common,
        summary: 'Set the domain’s 2 to 4 name servers',
        response: stateAnswer,
      },
    },
    async (request) => setDomainNameservers(deps, authOf(request).userId, request.params.id, request.body.nameservers),
  );

  endpointRoute(
    app,
    domainsEndpoints.getDomainsDnsRecords,
    {
      schema: {
        ...common,
        summary: 'The domain’s DNS records',
        response: errorResponses(ERRORS),
      },
    },
    async (request) => ({ items: await listDnsRecords(deps, customerOf(request), request.params.id) }),
  );

  const recordErrors = errorResponses({
    ...BODY_ERRORS,
    ...ERRORS,
    409: 'DNS_CONFLICT (fields.name): a CNAME beside other records at the same name (at the apex: 400 validation.cnameApex)',
  });

  endpointRoute(
    app,
    domainsEndpoints.postDomainsDnsRecords,
    {
      schema: {
        ...common,
        summary: 'Add a DNS record',
        response: recordErrors,
      },
    },
    async (request, reply) =>
      reply.code(201).send(await addDnsRecord(deps, customerOf(request), request.params.id, request.body)),
  );

  endpointRoute(
    app,
    domainsEndpoints.postDomainsDnsImport,
    {
      // A zone file may be larger than other bodies (ZONE_FILE_MAX_BYTES, with room for the JSON around it).
      bodyLimit: 256 * 1024,
      schema: {
        ...common,
        summary: 'Import the records of a pasted BIND zone file, all or none',
        response: {
          ...errorResponses({
            ...BODY_ERRORS,
            ...ERRORS,
            400: 'VALIDATION_FAILED with a field per refused line, `lines.<n>.<field>` (nothing written)',
          }),
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await importDnsZone(deps, customerOf(request), request.params.id, request.body.zone)),
  );

  endpointRoute(
    app,
    domainsEndpoints.putDomainsDnsRecordsItem,
    {
      schema: {
        ...common,
        summary: 'Change a DNS record',
        response: recordErrors,
      },
    },
    async (request) =>
      changeDnsRecord(deps, customerOf(request), request.params.id, request.params.recordId, request.body),
  );

  endpointRoute(
    app,
    domainsEndpoints.deleteDomainsDnsRecordsItem,
    {
      schema: {
        ...common,
        summary: 'Delete a DNS record',
        response: errorResponses(ERRORS),
      },
    },
    async (request, reply) => {
      await deleteDnsRecord(deps, customerOf(request), request.params.id, request.params.recordId);
      return reply.code(204).send(null);
    },
  );
};
